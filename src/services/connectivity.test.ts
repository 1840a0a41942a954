import { describe, expect, it } from 'vitest';
import { Connectivity, PROBE_DELAYS_MS } from './connectivity';

/** Timers run by hand: `fire()` runs the pending one and says after how long it was due. */
function manualTimers() {
  let pending: { run: () => void; ms: number } | null = null;
  return {
    timers: {
      set: (run: () => void, ms: number) => {
        pending = { run, ms };
        return pending;
      },
      clear: (handle: unknown) => {
        if (pending === handle) pending = null;
      },
    },
    pendingDelay: () => pending?.ms ?? null,
    fire: () => {
      const due = pending;
      pending = null;
      due?.run();
      return due?.ms ?? null;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(initiallyOnline: boolean, answers: boolean[] = []) {
  const browser = new EventTarget();
  const clock = manualTimers();
  let probes = 0;
  const connectivity = new Connectivity({
    initiallyOnline,
    browser,
    probe: async () => {
      probes += 1;
      return answers.shift() ?? false;
    },
    timers: clock.timers,
  });
  const heard: string[] = [];
  connectivity.addEventListener('online', () => heard.push('online'));
  connectivity.addEventListener('offline', () => heard.push('offline'));
  return { connectivity, browser, clock, heard, probes: () => probes };
}

describe('Connectivity', () => {
  it('[S0-7.27] a call that gets no answer makes the device offline even though the browser says online', () => {
    const { connectivity, heard, clock } = setUp(true);
    expect(connectivity.online).toBe(true);
    connectivity.noAnswer();
    expect(connectivity.online).toBe(false);
    expect(heard).toEqual(['offline']);
    expect(clock.pendingDelay()).toBe(PROBE_DELAYS_MS[0]);
  });

  it('[S0-7.27] while offline it tries the venue on a backing-off timer, and the first answer brings it back online', async () => {
    const { connectivity, heard, clock, probes } = setUp(true, [false, false, false, false, true]);
    connectivity.noAnswer();
    const delays: (number | null)[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      delays.push(clock.fire());
      await settle();
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(probes()).toBe(5);
    expect(connectivity.online).toBe(true);
    expect(heard).toEqual(['offline', 'online']);
    expect(clock.pendingDelay()).toBeNull();
  });

  it('any answer to a call, or the browser saying it is back, makes it online at once and stops the tries', () => {
    const first = setUp(true);
    first.connectivity.noAnswer();
    first.connectivity.answered();
    expect(first.connectivity.online).toBe(true);
    expect(first.clock.pendingDelay()).toBeNull();

    const second = setUp(true);
    second.browser.dispatchEvent(new Event('offline'));
    expect(second.connectivity.online).toBe(false);
    second.browser.dispatchEvent(new Event('online'));
    expect(second.connectivity.online).toBe(true);
    expect(second.heard).toEqual(['offline', 'online']);
    expect(second.clock.pendingDelay()).toBeNull();
  });

  it('a device that starts without a network starts trying at once; repeated failures neither repeat the event nor stack timers', async () => {
    const { connectivity, heard, clock } = setUp(false, [false, true]);
    expect(clock.pendingDelay()).toBe(PROBE_DELAYS_MS[0]);
    connectivity.noAnswer();
    connectivity.noAnswer();
    expect(heard).toEqual([]);
    clock.fire();
    await settle();
    expect(clock.pendingDelay()).toBe(PROBE_DELAYS_MS[1]);
    clock.fire();
    await settle();
    expect(connectivity.online).toBe(true);
    expect(heard).toEqual(['online']);
  });

  it('ready() resolves at once online, and offline only once the venue answers again', async () => {
    const { connectivity } = setUp(true);
    await expect(connectivity.ready()).resolves.toBeUndefined();
    connectivity.noAnswer();
    let ready = false;
    void connectivity.ready().then(() => {
      ready = true;
    });
    await settle();
    expect(ready).toBe(false);
    connectivity.answered();
    await settle();
    expect(ready).toBe(true);
  });
});
