import { createElement, type ComponentType } from 'react';

export type Preloadable<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A component whose code loads on demand, like `lazy`, that can also be loaded ahead of its first render. The client
 * loads the parts the server rendered before it hydrates the server's page: a part that suspends renders after its
 * siblings, so its `useId` ids (one counter for the whole tree) would no longer be the ones the server gave it.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
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
    if (failure) {
      const error = failure;
      failure = null;
      throw error;
    }
    if (!loaded) throw preload();
    return createElement(loaded, props);
  }
  return Object.assign(PreloadablePart, { preload });
}
