import { describe, expect, it } from 'vitest';
import { inTasksOfTheirOwn, yieldToMain } from './yieldToMain';

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
