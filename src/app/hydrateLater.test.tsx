// @vitest-environment jsdom
import { useId, useState } from 'react';
import { hydrate, render } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, describe, expect, it } from 'vitest';
import { HydrateLater, hydrateInParts } from './hydrateLater';

afterEach(() => {
  document.body.innerHTML = '';
});

const rendered: string[] = [];

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  rendered.push(name);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Labelled() {
  const id = useId();
  return <label htmlFor={id}>field</label>;
}

function Page() {
  return (
    <main>
      <Counter name="top" />
      <HydrateLater>
        <Counter name="middle" />
      </HydrateLater>
      <HydrateLater>
        <Counter name="bottom" />
      </HydrateLater>
      <Labelled />
    </main>
  );
}

function serverPage(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(<Page />);
  document.body.append(root);
  return root;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const buttons = (root: HTMLElement) => [...root.querySelectorAll('button')];

describe('HydrateLater', () => {
  it('renders at once where nothing is hydrated: on the server and in a client render', () => {
    const root = document.createElement('div');
    render(<Page />, root);
    expect(buttons(root).map((button) => button.textContent)).toEqual(['top 0', 'middle 0', 'bottom 0']);
    expect(renderToString(<Page />)).toBe(root.innerHTML);
  });

  it('keeps the server nodes of each part and hydrates the parts afterwards, one at a time, in page order', async () => {
    const root = serverPage();
    const serverNodes = buttons(root);
    const serverLabel = root.querySelector('label')!.getAttribute('for');
    const serverHtml = root.innerHTML;
    rendered.length = 0;
    const done = hydrateInParts(() => hydrate(<Page />, root));
    expect(rendered).toEqual(['top']);
    expect(root.innerHTML).toBe(serverHtml);
    // Not hydrated yet: the server's button is there but hears nothing.
    serverNodes[1]!.click();
    await nextTask();
    expect(serverNodes[1]!.textContent).toBe('middle 0');

    await done;
    await nextTask();
    expect(rendered).toEqual(['top', 'middle', 'bottom']);
    expect(buttons(root)).toEqual(serverNodes);
    expect(root.innerHTML).toBe(serverHtml);
    expect(root.querySelector('label')!.getAttribute('for')).toBe(serverLabel);
    serverNodes[1]!.click();
    serverNodes[2]!.click();
    await nextTask();
    expect(buttons(root).map((button) => button.textContent)).toEqual(['top 0', 'middle 1', 'bottom 1']);
  });
});
