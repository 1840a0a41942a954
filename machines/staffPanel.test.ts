import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom, type StateValue } from 'xstate';
import { STAFF_LOCK_MS, UNLOCKED, type PinCheck } from '../src/domain/kiosk/pinLock';
import { atomicStateValues, fakeCall, refusal } from './accountTesting';
import {
  STAFF_IDLE_MS,
  staffPanelMachine,
  type EndStaffSessionInput,
  type OfflinePinInput,
  type OnlinePinCheck,
  type ProvisionCheck,
  type ProvisionInput,
  type StaffTerminal,
  type VerifyPinInput,
} from './staffPanel';

const TERMINAL_ID = '3f2b8c1e-9a47-4d2e-8b1f-6c0d5e7a9b24';

const START = 1_750_000_000_000;
const provisioned: StaffTerminal = { terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk', lock: UNLOCKED };
const unprovisioned: StaffTerminal = { terminalId: null, terminalName: null, lock: UNLOCKED };
const right: PinCheck = { result: 'right' };
const STAFF_TOKEN = 'staff-session-token';
const rightOnline: OnlinePinCheck = { result: 'right', staffToken: STAFF_TOKEN };
const wrong = (attemptsLeft: number) => ({ result: 'wrong', attemptsLeft }) as const;
const locked = { result: 'locked', lockedUntil: START + STAFF_LOCK_MS } as const;
const networkDown = () => refusal('', 0);

type Answers = {
  terminal?: StaffTerminal | Error;
  online?: (OnlinePinCheck | Error)[];
  offline?: (PinCheck | Error)[];
  provision?: (ProvisionCheck | Error)[];
};

/** Every state any test has been in, to check at the end that the tests walked the whole machine. */
const visited: SnapshotFrom<typeof staffPanelMachine>[] = [];

function start(answers: Answers = {}) {
  let now = START;
  const online = fakeCall<VerifyPinInput, OnlinePinCheck>(...(answers.online ?? [rightOnline]));
  const ended = { inputs: [] as EndStaffSessionInput[] };
  const endStaffSession = fromPromise<void, EndStaffSessionInput>(async ({ input }) => {
    ended.inputs.push(input);
  });
  const offline = fakeCall<OfflinePinInput, PinCheck>(...(answers.offline ?? [right]));
  const provision = fakeCall<ProvisionInput, ProvisionCheck>(...(answers.provision ?? [{ result: 'right', terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk' }]));
  const terminal = answers.terminal ?? provisioned;
  const actor = createActor(
    staffPanelMachine.provide({
      actors: {
        loadTerminal: fromPromise(() => (terminal instanceof Error ? Promise.reject(terminal) : Promise.resolve(terminal))),
        verifyOnline: online.logic,
        endStaffSession,
        verifyOffline: offline.logic,
        provision: provision.logic,
      },
    }),
    { input: { now: () => now } },
  );
  actor.subscribe((snapshot) => visited.push(snapshot));
  actor.start();
  const state = () => actor.getSnapshot();
  const type = (digits: string) => {
    for (const digit of digits) actor.send({ type: 'pin.digit', digit });
  };
  /** Moves the injected clock and the timers together. */
  const wait = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  return { actor, state, type, wait, online, offline, provision, ended };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

async function openPinPad(answers: Answers = {}) {
  const panel = start(answers);
  panel.actor.send({ type: 'staff.open' });
  await settle();
  return panel;
}

describe('staffPanelMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('[S0-1.25] starts closed; the gesture reads the terminal (pending) and shows the PIN pad of a provisioned terminal', async () => {
    const panel = start();
    expect(panel.state().matches('closed')).toBe(true);
    panel.actor.send({ type: 'staff.open' });
    expect(panel.state().matches({ active: 'checking' })).toBe(true);
    expect(panel.state().hasTag('pending')).toBe(true);
    await settle();
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
    expect(panel.state().context).toMatchObject({ terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk', digits: '' });
  });

  it('[S0-1.25] digits are typed and deleted; OK needs 4 digits; no more than 8; only digits', async () => {
    const panel = await openPinPad();
    panel.type('246');
    panel.actor.send({ type: 'pin.digit', digit: 'x' });
    expect(panel.state().context.digits).toBe('246');
    panel.actor.send({ type: 'pin.submit' });
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
    panel.type('812345');
    expect(panel.state().context.digits).toBe('24681234');
    panel.actor.send({ type: 'pin.delete' });
    panel.actor.send({ type: 'pin.delete' });
    panel.actor.send({ type: 'pin.delete' });
    panel.actor.send({ type: 'pin.delete' });
    expect(panel.state().context.digits).toBe('2468');
  });

  it('[S0-1.25] the right PIN, checked by the server first, opens the panel', async () => {
    const panel = await openPinPad();
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    expect(panel.state().matches({ active: 'verifying' })).toBe(true);
    expect(panel.state().hasTag('pending')).toBe(true);
    await settle();
    expect(panel.online.inputs).toEqual([{ terminalId: TERMINAL_ID, pin: '2468' }]);
    expect(panel.offline.inputs).toEqual([]);
    expect(panel.state().matches({ active: 'open' })).toBe(true);
    expect(panel.state().context).toMatchObject({ digits: '', checkedOffline: false, problem: null });
  });

  it.each(['staff.close', 'staff.idle'] as const)('the staff session a right PIN opened is kept in memory while the panel is open and ended at %s', async (closing) => {
    const panel = await openPinPad();
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().context.staffToken).toBe(STAFF_TOKEN);
    expect(panel.ended.inputs).toEqual([]);
    panel.actor.send({ type: closing });
    await settle();
    expect(panel.state().matches('closed')).toBe(true);
    expect(panel.state().context.staffToken).toBeNull();
    expect(panel.ended.inputs).toEqual([{ terminalId: TERMINAL_ID, staffToken: STAFF_TOKEN }]);
  });

  it('[S0-1.25] a wrong PIN shows the attempts left and clears the digits; typing again starts a new PIN', async () => {
    const panel = await openPinPad({ online: [wrong(4), rightOnline] });
    panel.type('1111');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().matches({ active: 'wrong' })).toBe(true);
    expect(panel.state().context).toMatchObject({ attemptsLeft: 4, digits: '', problem: 'wrong' });
    panel.actor.send({ type: 'pin.submit' });
    expect(panel.state().matches({ active: 'wrong' })).toBe(true);
    panel.type('2');
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
    expect(panel.state().context).toMatchObject({ digits: '2', problem: null });
    panel.type('468');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().matches({ active: 'open' })).toBe(true);
  });

  it('[S0-1.25] a locked terminal shows until when, and the PIN pad comes back when the lock ends', async () => {
    const panel = await openPinPad({ online: [locked] });
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().matches({ active: 'locked' })).toBe(true);
    expect(panel.state().context.lockedUntil).toBe(START + STAFF_LOCK_MS);
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    expect(panel.state().context.digits).toBe('');
    expect(panel.online.inputs).toHaveLength(1);
    // Touches keep the panel from closing for idleness while the lock runs out.
    for (let waited = 0; waited < STAFF_LOCK_MS - 1000; waited += 50_000) {
      await panel.wait(Math.min(50_000, STAFF_LOCK_MS - 1000 - waited));
      panel.actor.send({ type: 'staff.touch' });
    }
    expect(panel.state().matches({ active: 'locked' })).toBe(true);
    await panel.wait(1000);
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
    expect(panel.state().context).toMatchObject({ lockedUntil: null, problem: null });
  });

  it('[S0-1.25] a terminal locked by its own count opens on the lock, not the PIN pad', async () => {
    const panel = await openPinPad({ terminal: { ...provisioned, lock: { failures: 5, lockedUntil: START + 30_000 } } });
    expect(panel.state().matches({ active: 'locked' })).toBe(true);
    expect(panel.state().context.lockedUntil).toBe(START + 30_000);
    await panel.wait(29_999);
    expect(panel.state().matches({ active: 'locked' })).toBe(true);
    await panel.wait(1);
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
  });

  it('[S0-1.25] a lock that has already run out opens the PIN pad', async () => {
    const panel = await openPinPad({ terminal: { ...provisioned, lock: { failures: 5, lockedUntil: START - 1 } } });
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
  });

  it.each<[string, Error]>([
    ['no answer', networkDown()],
    ['a server fault', refusal('Bad gateway', 502)],
  ])('[S0-1.25] with %s the PIN is checked offline against the verifier kept at provisioning', async (_name, failure) => {
    const panel = await openPinPad({ online: [failure], offline: [right] });
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.offline.inputs).toEqual([{ pin: '2468' }]);
    expect(panel.state().matches({ active: 'open' })).toBe(true);
    expect(panel.state().context.checkedOffline).toBe(true);
    // Checked without the server, the panel has no staff session, so there is none to end.
    expect(panel.state().context.staffToken).toBeNull();
    panel.actor.send({ type: 'staff.close' });
    await settle();
    expect(panel.ended.inputs).toEqual([]);
  });

  it('[S0-1.25] offline, wrong PINs count on the device and lock it', async () => {
    const panel = await openPinPad({ online: [networkDown()], offline: [wrong(1), locked] });
    panel.type('1111');
    panel.actor.send({ type: 'pin.submit' });
    expect(panel.state().matches({ active: 'verifying' })).toBe(true);
    await settle();
    expect(panel.state().matches({ active: 'wrong' })).toBe(true);
    expect(panel.state().context).toMatchObject({ attemptsLeft: 1, checkedOffline: true });
    panel.type('1111');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().matches({ active: 'locked' })).toBe(true);
  });

  it('[S0-1.25] the offline check is pending while it runs, and says so when the device has no verifier', async () => {
    let fail: (error: Error) => void = () => {};
    const panel = start({ online: [networkDown()] });
    const slow = fromPromise<PinCheck, OfflinePinInput>(() => new Promise((_resolve, reject) => (fail = reject)));
    const actor = createActor(
      staffPanelMachine.provide({
        actors: {
          loadTerminal: fromPromise(() => Promise.resolve(provisioned)),
          verifyOnline: fromPromise(() => Promise.reject(networkDown())),
          verifyOffline: slow,
        },
      }),
      { input: { now: () => START } },
    );
    actor.subscribe((snapshot) => visited.push(snapshot));
    actor.start();
    panel.actor.stop();
    actor.send({ type: 'staff.open' });
    await settle();
    for (const digit of '2468') actor.send({ type: 'pin.digit', digit });
    actor.send({ type: 'pin.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ active: 'verifyingOffline' })).toBe(true);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    fail(new Error('no verifier'));
    await settle();
    expect(actor.getSnapshot().matches({ active: 'pin' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ problem: 'offlineUnavailable', digits: '' });
  });

  it.each<[string, Error, string]>([
    ['an unknown terminal', refusal('This terminal is no longer known to the server.', 404, undefined, 'terminal_unknown'), 'unknownTerminal'],
    ['a refused request', refusal('The PIN is 4 to 8 digits', 400), 'failed'],
  ])('[S0-1.25] %s is not checked offline: the PIN pad says what went wrong', async (_name, failure, problem) => {
    const panel = await openPinPad({ online: [failure] });
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.offline.inputs).toEqual([]);
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
    expect(panel.state().context).toMatchObject({ problem, digits: '' });
  });

  it('[S0-1.25] a terminal never provisioned goes from the gesture to the provisioning form, which provisions and opens the panel', async () => {
    const panel = await openPinPad({ terminal: unprovisioned });
    expect(panel.state().matches({ active: 'provisioning' })).toBe(true);
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    expect(panel.state().matches({ active: 'provisioning' })).toBe(true);
    panel.actor.send({ type: 'code.change', value: 'LOBBY-1' });
    panel.actor.send({ type: 'pin.submit' });
    expect(panel.state().matches({ active: 'provisioningSubmit' })).toBe(true);
    expect(panel.state().hasTag('pending')).toBe(true);
    await settle();
    expect(panel.provision.inputs).toEqual([{ code: 'LOBBY-1', pin: '2468' }]);
    expect(panel.state().matches({ active: 'open' })).toBe(true);
    expect(panel.state().context).toMatchObject({ terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk', provisioned: true, digits: '' });
  });

  it('[S0-1.25] the provisioning link fills in the code', async () => {
    const panel = start();
    panel.actor.send({ type: 'staff.provision', code: 'LOBBY-1' });
    expect(panel.state().matches({ active: 'provisioning' })).toBe(true);
    expect(panel.state().context.code).toBe('LOBBY-1');
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().context.provisioned).toBe(true);
  });

  it.each<[string, ProvisionCheck | Error, Record<string, unknown>]>([
    ['a wrong PIN', wrong(3), { problem: 'wrong', attemptsLeft: 3 }],
    ['a locked terminal', locked, { problem: 'locked', lockedUntil: START + STAFF_LOCK_MS }],
    ['an unknown code', refusal('No terminal has this code.', 404, undefined, 'code_unknown'), { problem: 'unknownCode' }],
    ['no network', networkDown(), { problem: 'offline' }],
    ['another refusal', refusal('Too long', 400), { problem: 'failed' }],
  ])('[S0-1.25] provisioning refused for %s stays on the form and says why, keeping the code', async (_name, answer, expected) => {
    const panel = start({ provision: [answer] });
    panel.actor.send({ type: 'staff.provision', code: 'LOBBY-1' });
    panel.type('1111');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().matches({ active: 'provisioning' })).toBe(true);
    expect(panel.state().context).toMatchObject({ ...expected, code: 'LOBBY-1', digits: '', provisioned: false });
    panel.actor.send({ type: 'code.change', value: 'LOBBY-2' });
    expect(panel.state().context.problem).toBeNull();
  });

  it('[S0-1.25] a device storage failure while reading the terminal falls back to provisioning', async () => {
    const panel = await openPinPad({ terminal: new Error('IndexedDB unavailable') });
    expect(panel.state().matches({ active: 'provisioning' })).toBe(true);
    expect(panel.state().context.problem).toBe('failed');
  });

  it('[S0-1.25] the panel closes itself after 60 s without a touch; a touch starts the minute again', async () => {
    const panel = await openPinPad();
    panel.type('2468');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    expect(panel.state().matches({ active: 'open' })).toBe(true);
    await panel.wait(STAFF_IDLE_MS - 1000);
    panel.actor.send({ type: 'staff.touch' });
    await panel.wait(STAFF_IDLE_MS - 1000);
    expect(panel.state().matches({ active: 'open' })).toBe(true);
    await panel.wait(1000);
    expect(panel.state().matches('closed')).toBe(true);
  });

  it('[S0-1.25] a PIN pad left alone closes too, forgetting the digits typed', async () => {
    const panel = await openPinPad();
    panel.type('24');
    await panel.wait(STAFF_IDLE_MS - 1);
    panel.type('6');
    await panel.wait(STAFF_IDLE_MS - 1);
    expect(panel.state().context.digits).toBe('246');
    await panel.wait(1);
    expect(panel.state().matches('closed')).toBe(true);
    expect(panel.state().context.digits).toBe('');
  });

  it('[S0-1.25] closing at any step forgets the digits and the problem; the next gesture starts afresh', async () => {
    const panel = await openPinPad({ online: [wrong(4)] });
    panel.type('1111');
    panel.actor.send({ type: 'pin.submit' });
    await settle();
    panel.actor.send({ type: 'staff.close' });
    expect(panel.state().matches('closed')).toBe(true);
    expect(panel.state().context).toMatchObject({ digits: '', problem: null, attemptsLeft: null });
    panel.actor.send({ type: 'staff.open' });
    await settle();
    expect(panel.state().matches({ active: 'pin' })).toBe(true);
    await panel.wait(STAFF_IDLE_MS * 3);
    expect(panel.state().matches('closed')).toBe(true);
  });

  afterAll(() => {
    const missing = atomicStateValues(staffPanelMachine).filter((value: StateValue) => !visited.some((snapshot) => snapshot.matches(value as never)));
    expect(missing).toEqual([]);
  });
});
