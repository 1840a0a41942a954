// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intlWarmedUp } from './intlWarmUp';

describe('intlWarmedUp', () => {
  afterEach(() => {
    delete window.intlWarmUp;
    vi.useRealTimers();
  });

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('goes on at once when the page started no worker (a test, an old browser)', async () => {
    vi.useFakeTimers();
    expect(await settled(intlWarmedUp())).toBe(true);
  });

  it('waits for the worker and goes on as soon as it has answered', async () => {
    vi.useFakeTimers();
    let answer = () => {};
    window.intlWarmUp = new Promise((resolve) => (answer = resolve));
    const waiting = intlWarmedUp();
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(waiting)).toBe(false);
    answer();
    expect(await settled(waiting)).toBe(true);
  });

  it('waits no longer than half a second for a worker that never answers', async () => {
    vi.useFakeTimers();
    window.intlWarmUp = new Promise(() => {});
    const waiting = intlWarmedUp();
    await vi.advanceTimersByTimeAsync(499);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });
});
