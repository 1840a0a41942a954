// @vitest-environment jsdom
import { Component, Suspense, useId, type ComponentType, type ReactNode } from 'react';
import { hydrate, render } from 'preact';
import { act } from 'preact/test-utils';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadable, preloadParts, RenderedParts } from './preloadable';

afterEach(() => {
  document.body.innerHTML = '';
});

function Labelled({ name }: { name: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{name}</label>
      <input id={id} />
    </p>
  );
}

function Page({ Part }: { Part: ComponentType }) {
  return (
    <main>
      <Labelled name="first" />
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>
      <Labelled name="last" />
    </main>
  );
}

/** Each label's `for` as the client's render computes it (its vnode), beside the one in the document. */
function labelsOf(root: HTMLElement) {
  type VNode = { type: unknown; props: Record<string, unknown>; __e?: Element; __k?: (VNode | null)[] };
  const found: { computed: unknown; written: string | null }[] = [];
  const visit = (vnode: VNode | null | undefined) => {
    if (!vnode) return;
    if (vnode.type === 'label' && vnode.__e) found.push({ computed: vnode.props.htmlFor, written: vnode.__e.getAttribute('for') });
    for (const child of vnode.__k ?? []) visit(child);
  };
  visit((root as unknown as { __k?: VNode }).__k);
  return found;
}

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function serverPage(): string {
  // The server's copy of the part has long been loaded: it renders at once, in tree order.
  const ServerPart = () => <Labelled name="middle" />;
  return renderToString(<Page Part={ServerPart} />);
}

describe('preloadable', () => {
  it('renders at once, without its fallback, once preloaded, so a hydrated page keeps the ids the server gave it', async () => {
    const Part = preloadable('preloaded', () => Promise.resolve(() => <Labelled name="middle" />));
    await Part.preload();
    const root = document.createElement('div');
    root.innerHTML = serverPage();
    document.body.append(root);
    const serverInput = root.querySelectorAll('input')[1];
    hydrate(<Page Part={Part} />, root);
    await flush();
    expect(root.textContent).not.toContain('loading');
    expect(root.querySelectorAll('input')[1]).toBe(serverInput);
    const labels = labelsOf(root);
    expect(labels).toHaveLength(3);
    for (const { computed, written } of labels) expect(computed).toBe(written);
  });

  it('not preloaded, it suspends while hydrating and renders after its siblings: its ids are no longer the server\'s', async () => {
    const Part = preloadable('notPreloaded', () => Promise.resolve(() => <Labelled name="middle" />));
    const root = document.createElement('div');
    root.innerHTML = serverPage();
    document.body.append(root);
    hydrate(<Page Part={Part} />, root);
    await flush();
    expect(labelsOf(root).some(({ computed, written }) => computed !== written)).toBe(true);
  });

  it('shows its fallback, then itself, when it renders before it has loaded', async () => {
    let resolveLoad: (component: () => ReactNode) => void = () => undefined;
    const Part = preloadable('slow', () => new Promise<() => ReactNode>((resolve) => (resolveLoad = resolve)));
    const root = document.createElement('div');
    render(<Page Part={Part} />, root);
    await flush();
    expect(root.textContent).toContain('loading');
    resolveLoad(() => <Labelled name="middle" />);
    await flush();
    expect(root.textContent).toContain('middle');
    expect(root.textContent).not.toContain('loading');
  });

  it('hands a failed load to the nearest error boundary, and loads again when rendered again', async () => {
    let attempts = 0;
    const Part = preloadable('failing', () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('chunk missing')) : Promise.resolve(() => <Labelled name="middle" />);
    });
    class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
      override state = { error: null as string | null };
      static getDerivedStateFromError(error: Error) {
        return { error: error.message };
      }
      override render() {
        return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
      }
    }
    const root = document.createElement('div');
    render(
      <Boundary>
        <Page Part={Part} />
      </Boundary>,
      root,
    );
    await flush();
    expect(root.textContent).toContain('failed: chunk missing');
    render(<Page Part={Part} />, root);
    await flush();
    expect(root.textContent).toContain('middle');
    expect(attempts).toBe(2);
  });

  it('tells the server render which parts it showed, each once, and nothing outside such a render', async () => {
    const Part = preloadable('shown', () => Promise.resolve(() => <Labelled name="middle" />));
    await Part.preload();
    const shown = new Set<string>();
    renderToString(
      <RenderedParts.Provider value={shown}>
        <Page Part={Part} />
        <Part />
      </RenderedParts.Provider>,
    );
    expect([...shown]).toEqual(['shown']);
    expect(renderToString(<Page Part={Part} />)).toContain('middle');
  });
});

describe('preloadParts', () => {
  it('loads the named parts, and a part that only a loaded part registers, before answering', async () => {
    let inner: { preload: () => Promise<void> } | null = null;
    const outer = preloadable('outer', () => {
      // A part's module registers the parts it holds as it is evaluated.
      inner ??= preloadable('inner', () => Promise.resolve(() => <Labelled name="inner" />));
      return Promise.resolve(() => <Labelled name="outer" />);
    });
    expect(await preloadParts(['outer', 'inner'])).toBe(true);
    const root = document.createElement('div');
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page Part={outer} />
      </Suspense>,
      root,
    );
    expect(root.textContent).toContain('outer');
    expect(root.textContent).not.toContain('loading');
    expect(inner).not.toBeNull();
  });

  it('answers false for a name this build does not know and for a part that fails to load', async () => {
    preloadable('broken', () => Promise.reject(new Error('chunk missing')));
    preloadable('fine', () => Promise.resolve(() => <p>fine</p>));
    expect(await preloadParts(['fine', 'fromAnOlderBuild'])).toBe(false);
    expect(await preloadParts(['fine', 'broken'])).toBe(false);
    expect(await preloadParts(['fine'])).toBe(true);
    expect(await preloadParts([])).toBe(true);
  });
});
