import { createContext, createElement, useContext, type ComponentType } from 'react';

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

/** Every preloadable part by name, registered as its module is evaluated (a route's chunk registers its own). */
const parts = new Map<string, { preload: () => Promise<void>; isLoaded: () => boolean }>();

/**
 * The names of the preloadable parts a server render showed (src/ssr/renderPage.tsx provides one set per render, as
 * renders run side by side); the page carries them to the client, which loads those parts before it hydrates.
 */
export const RenderedParts = createContext<Set<string> | null>(null);

/**
 * A component whose code loads on demand, like `lazy`, that can also be loaded ahead of its first render. The client
 * loads the parts the server rendered before it hydrates the server's page: a part that suspends renders after its
 * siblings, so its `useId` ids (one counter for the whole tree) would no longer be the ones the server gave it.
 * `name` is the path of the module `load` imports (src/app/preloadableNames.test.ts checks it), so it is unique and is
 * the part's key in the client build's manifest: the server's page names the part to the client and links its code.
 */
export function preloadable<P extends object>(name: string, load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  let failure: unknown = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // The next render shows the error (an error boundary); the one after that tries again.
        failure = error ?? new Error('The component could not load');
        loading = null;
      },
    ));
  function PreloadablePart(props: P) {
    useContext(RenderedParts)?.add(name);
    if (failure) {
      const error = failure;
      failure = null;
      throw error;
    }
    if (!loaded) throw preload();
    return createElement(loaded, props);
  }
  parts.set(name, { preload, isLoaded: () => loaded !== null });
  return Object.assign(PreloadablePart, { preload });
}

/**
 * Loads the named parts, and those only a loaded part's module registers (a part inside a part), until all are
 * loaded. False when one could not be loaded or this build does not know it: the page must then be rendered over,
 * not hydrated.
 */
export async function preloadParts(names: readonly string[]): Promise<boolean> {
  let knownBefore = -1;
  for (;;) {
    const known = names.flatMap((name) => parts.get(name) ?? []);
    await Promise.all(known.map((part) => part.preload()));
    if (!known.every((part) => part.isLoaded())) return false;
    if (known.length === names.length) return true;
    // What just loaded registered no further named part.
    if (known.length === knownBefore) return false;
    knownBefore = known.length;
  }
}
