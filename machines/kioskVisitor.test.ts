import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DEFAULT_IDLE_SECONDS, IDLE_WARNING_SECONDS, idleMilliseconds } from '../src/domain/kiosk/idle';
import { kioskVisitorMachine, type KioskVisitorInput } from './kioskVisitor';

const IDLE_MS = 60_000;

function start(input: Partial<KioskVisitorInput> = {}, wipe: () => Promise<void> = () => Promise.resolve()) {
  const applyUpdate = vi.fn();
  const wipes = vi.fn(wipe);
  const actor = createActor(
    kioskVisitorMachine.provide({
      actors: { wipeVisitor: fromPromise(() => wipes()) },
      actions: { applyUpdate },
    }),
    { input: { kiosk: true, idleMs: IDLE_MS, startAtAttract: false, ...input } },
  ).start();
  return { actor, applyUpdate, wipes };
}

const state = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().value;

describe('kiosk visitor machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rests in off outside kiosk mode and never warns or wipes', async () => {
    const { actor, wipes } = start({ kiosk: false });
    expect(state(actor)).toBe('off');
    await vi.advanceTimersByTimeAsync(IDLE_MS * 10);
    expect(state(actor)).toBe('off');
    expect(wipes).not.toHaveBeenCalled();
  });

  it('starts mid-visit after a reload, and at the attract screen from the terminal start address', () => {
    expect(state(start().actor)).toBe('active');
    expect(state(start({ startAtAttract: true }).actor)).toBe('attract');
  });

  it('asks "Are you still there?" after the idle time and counts down at least 20 seconds', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(state(actor)).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(actor)).toBe('warning');
    expect(IDLE_WARNING_SECONDS).toBeGreaterThanOrEqual(20);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(IDLE_WARNING_SECONDS);
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.remainingSeconds).toBe(IDLE_WARNING_SECONDS - 5);
  });

  it('a touch restarts the idle time, and a touch during the warning extends the visit', async () => {
    const { actor, wipes } = start();
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1000);
    actor.send({ type: 'activity' });
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1000);
    expect(state(actor)).toBe('active');
    await vi.advanceTimersByTimeAsync(1000);
    expect(state(actor)).toBe('warning');
    actor.send({ type: 'activity' });
    expect(state(actor)).toBe('active');
    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(state(actor)).toBe('active');
    expect(wipes).not.toHaveBeenCalled();
  });

  it('with no answer wipes the visitor and shows the attract screen; a touch there starts the next visitor', async () => {
    const { actor, wipes } = start();
    await vi.advanceTimersByTimeAsync(IDLE_MS + IDLE_WARNING_SECONDS * 1000 - 1);
    expect(state(actor)).toBe('warning');
    await vi.advanceTimersByTimeAsync(1);
    expect(wipes).toHaveBeenCalledTimes(1);
    expect(state(actor)).toBe('attract');
    // Nobody is there: the attract screen stays without wiping again.
    await vi.advanceTimersByTimeAsync(IDLE_MS * 5);
    expect(state(actor)).toBe('attract');
    expect(wipes).toHaveBeenCalledTimes(1);
    actor.send({ type: 'visitor.start' });
    expect(state(actor)).toBe('active');
  });

  it('ends the visit at once after a completed order or on staff request, from active or warning', async () => {
    const fromActive = start();
    fromActive.actor.send({ type: 'visitor.end' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fromActive.wipes).toHaveBeenCalledTimes(1);
    expect(state(fromActive.actor)).toBe('attract');

    const fromWarning = start();
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    fromWarning.actor.send({ type: 'visitor.end' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fromWarning.wipes).toHaveBeenCalledTimes(1);
    expect(state(fromWarning.actor)).toBe('attract');
  });

  it('a failed wipe step still ends at the attract screen, and reports the failure', async () => {
    const logWipeFailure = vi.fn();
    const actor = createActor(
      kioskVisitorMachine.provide({
        actors: { wipeVisitor: fromPromise(() => Promise.reject(new Error('storage blocked'))) },
        actions: { logWipeFailure },
      }),
      { input: { kiosk: true, idleMs: IDLE_MS, startAtAttract: false } },
    ).start();
    actor.send({ type: 'visitor.end' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('attract');
    expect(logWipeFailure).toHaveBeenCalledTimes(1);
  });

  it('an update waits through the visit and is applied at the attract screen only', async () => {
    const { actor, applyUpdate } = start();
    actor.send({ type: 'update.waiting' });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect(state(actor)).toBe('warning');
    expect(applyUpdate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_WARNING_SECONDS * 1000);
    expect(state(actor)).toBe('attract');
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('an update that arrives while the attract screen shows is applied at once', () => {
    const { actor, applyUpdate } = start({ startAtAttract: true });
    expect(applyUpdate).not.toHaveBeenCalled();
    actor.send({ type: 'update.waiting' });
    expect(applyUpdate).toHaveBeenCalledTimes(1);
    // Told again (the version check repeats itself): one update is applied once.
    actor.send({ type: 'update.waiting' });
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('turning kiosk mode on starts a visit; turning it off stops the idle timer', async () => {
    const { actor, wipes } = start({ kiosk: false });
    actor.send({ type: 'kiosk.changed', kiosk: true });
    expect(state(actor)).toBe('active');
    actor.send({ type: 'kiosk.changed', kiosk: false });
    expect(state(actor)).toBe('off');
    await vi.advanceTimersByTimeAsync(IDLE_MS * 3);
    expect(wipes).not.toHaveBeenCalled();
  });

  it('takes the terminal idle time when it becomes known', async () => {
    const { actor } = start();
    actor.send({ type: 'idle.configure', idleMs: 15_000 });
    actor.send({ type: 'activity' });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(state(actor)).toBe('warning');
  });
});

describe('idle time of a terminal', () => {
  it.each([
    [undefined, DEFAULT_IDLE_SECONDS * 1000],
    [null, DEFAULT_IDLE_SECONDS * 1000],
    [0, DEFAULT_IDLE_SECONDS * 1000],
    [Number.NaN, DEFAULT_IDLE_SECONDS * 1000],
    [3, 10_000],
    [90, 90_000],
  ])('%s seconds → %s ms', (seconds, ms) => {
    expect(idleMilliseconds(seconds)).toBe(ms);
  });
});

describe('kiosk mode known only after start', () => {
  it('a page opened at the start address shows the attract screen once kiosk mode is read from the device', () => {
    const { actor } = start({ kiosk: false, startAtAttract: true });
    expect(state(actor)).toBe('off');
    actor.send({ type: 'kiosk.changed', kiosk: true });
    expect(state(actor)).toBe('attract');
    actor.send({ type: 'visitor.start' });
    actor.send({ type: 'kiosk.changed', kiosk: false });
    actor.send({ type: 'kiosk.changed', kiosk: true });
    expect(state(actor)).toBe('active');
  });
});
