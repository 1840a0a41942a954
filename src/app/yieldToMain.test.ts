// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { appendLinksInTasks, inTasksOfTheirOwn, yieldToMain } from './yieldToMain';

describe('yieldToMain', () => {
  it('goes on in a later task: after the microtasks queued before it', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('after the yield'));
    void Promise.resolve().then(() => order.push('microtask'));
    await yielded;
    expect(order).toEqual(['microtask', 'after the yield']);
  });

  it('runs each step in order, none of them before the call has returned', async () => {
    const ran: number[] = [];
    const done = inTasksOfTheirOwn([1, 2, 3].map((step) => () => void ran.push(step)));
    expect(ran).toEqual([]);
    await done;
    expect(ran).toEqual([1, 2, 3]);
  });
});

describe('appendLinksInTasks', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  const links = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => Object.assign(document.createElement('link'), { rel: 'modulepreload', href: `/assets/chunk-${from + index}.js` }));
  const inHead = () => [...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'));

  it('puts three links in the head a task, in order, later calls after earlier ones, and settles once all are in', async () => {
    const perTask: number[] = [];
    let seen = 0;
    const watch = new MutationObserver(() => {
      perTask.push(inHead().length - seen);
      seen = inHead().length;
    });
    watch.observe(document.head, { childList: true });
    const first = appendLinksInTasks(links(0, 7));
    const second = appendLinksInTasks(links(7, 2));
    expect(inHead()).toEqual([]);
    await first;
    await second;
    watch.disconnect();
    expect(inHead()).toEqual(Array.from({ length: 9 }, (_, index) => `/assets/chunk-${index}.js`));
    expect(perTask).toEqual([3, 3, 3]);
  });

  it('settles at once for no links, and takes new ones after it has settled', async () => {
    await appendLinksInTasks([]);
    await appendLinksInTasks(links(0, 1));
    expect(inHead()).toEqual(['/assets/chunk-0.js']);
  });
});
