import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { VERSION_POLL_MS } from '../src/domain/version';
import { versionMachine } from './version';

/** fetchVersion answering the given reads in order (the last repeats); an Error is a failed read. */
function versionReads(...reads: (string | Error)[]) {
  let count = 0;
  const logic = fromPromise<string>(() => {
    count += 1;
    const read = reads.length > 1 ? reads.shift()! : reads[0]!;
    return read instanceof Error ? Promise.reject(read) : Promise.resolve(read);
  });
  return { logic, count: () => count };
}

function start(reads: ReturnType<typeof versionReads>, delays?: { versionPoll: number }) {
  let sendBack: ((event: AnyEventObject) => void) | undefined;
  const reloadWithVersion = vi.fn();
  const logVersionFailure = vi.fn();
  const actor = createActor(
    versionMachine.provide({
      actors: {
        fetchVersion: reads.logic,
        serviceWorkerUpdates: fromCallback<AnyEventObject>(({ sendBack: send }) => {
          sendBack = send;
        }),
      },
      actions: { reloadWithVersion, logVersionFailure },
      ...(delays ? { delays } : {}),
    }),
  ).start();
  return { actor, reloadWithVersion, logVersionFailure, swWaiting: () => sendBack?.({ type: 'version.swWaiting' }) };
}

describe('versionMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[S0-4.18] [S0-9.16] keeps the first version read and reads again every 60000 ms', async () => {
    const reads = versionReads('1.0.0');
    const { actor } = start(reads);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.firstVersion).toBe('1.0.0');
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS - 1);
    expect(reads.count()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads.count()).toBe(2);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_MS * 3);
    expect(reads.count()).toBe(5);
  });

  it('[S0-4.19] [S0-8.11] a later different version blocks until the update', async () => {
    const reads = versionReads('1.0.0', '1.0.0', '1.1.0', '1.0.0');
    const { actor, reloadWithVersion } = start(reads, { versionPoll: 10 });
    await vi.advanceTimersByTimeAsync(20);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('updateAvailable')).toBe(true);
    expect(snapshot.context).toMatchObject({ firstVersion: '1.0.0', latestVersion: '1.1.0', serviceWorkerWaiting: false });
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads.count()).toBe(3);
    expect(actor.getSnapshot().matches('updateAvailable')).toBe(true);
    expect(reloadWithVersion).not.toHaveBeenCalled();
  });

  it('[S0-8.12] version.update runs reloadWithVersion and stays blocked', async () => {
    const { actor, reloadWithVersion } = start(versionReads('1.0.0', '2.0.0'), { versionPoll: 10 });
    await vi.advanceTimersByTimeAsync(10);
    actor.send({ type: 'version.update' });
    expect(reloadWithVersion).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('updateAvailable')).toBe(true);
  });

  it('version.update before a new version is known does nothing', async () => {
    const { actor, reloadWithVersion } = start(versionReads('1.0.0'));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'version.update' });
    expect(reloadWithVersion).not.toHaveBeenCalled();
  });

  it('[S0-4.19] a service worker with an update waiting blocks as a new version does', async () => {
    const { actor, swWaiting } = start(versionReads('1.0.0'));
    await vi.advanceTimersByTimeAsync(0);
    swWaiting();
    expect(actor.getSnapshot().matches('updateAvailable')).toBe(true);
    expect(actor.getSnapshot().context.serviceWorkerWaiting).toBe(true);
  });

  it('[S0-4.19] a waiting service worker also counts while a read is in flight, and a later one is noted', async () => {
    const never = fromPromise<string>(() => new Promise(() => {}));
    const { actor, swWaiting } = start({ logic: never, count: () => 0 });
    expect(actor.getSnapshot().matches('checking')).toBe(true);
    swWaiting();
    expect(actor.getSnapshot().matches('updateAvailable')).toBe(true);

    const second = start(versionReads('1.0.0', '2.0.0'), { versionPoll: 10 });
    await vi.advanceTimersByTimeAsync(10);
    second.swWaiting();
    expect(second.actor.getSnapshot().context.serviceWorkerWaiting).toBe(true);
  });

  it('[S0-8.13] a failed read is only logged and polling goes on; the first good read is the baseline', async () => {
    const failure = new Error('offline');
    const reads = versionReads(failure, '1.0.0', failure, '1.0.0');
    const { actor, logVersionFailure } = start(reads, { versionPoll: 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(logVersionFailure).toHaveBeenCalledWith(expect.anything(), { error: failure });
    expect(actor.getSnapshot().context.firstVersion).toBeNull();
    await vi.advanceTimersByTimeAsync(30);
    expect(reads.count()).toBe(4);
    expect(logVersionFailure).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(actor.getSnapshot().context.firstVersion).toBe('1.0.0');
  });
});
