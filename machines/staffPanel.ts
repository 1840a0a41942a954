import { assign, cancel, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { isLocked, PIN_LENGTH, type PinCheck, type PinLock } from '../src/domain/kiosk/pinLock';
import { callFailure } from './accountForm';

/**
 * The staff panel of a kiosk terminal, from the hidden gesture to the panel's actions.
 *
 * closed → (staff.open) checking ('pending': reads the terminal's settings) →
 *   - provisioning when the device has not been provisioned: terminal code and PIN → provisioningSubmit
 *     ('pending') → open, or back to provisioning with `problem` ('wrong' with attemptsLeft, 'locked' with
 *     lockedUntil, 'unknownCode', 'offline', 'failed');
 *   - locked when the device's own count has locked the panel;
 *   - pin otherwise: digits → (pin.submit) verifying ('pending': the server first) → open | wrong (attemptsLeft) |
 *     locked (lockedUntil; back to pin when it ends). When the server cannot be reached, verifyingOffline
 *     ('pending') checks the PIN against the verifier kept at provisioning, with the device's own count.
 *
 * `staff.provision` (the provisioning link) goes straight to provisioning with the code filled in. Every state but
 * closed closes after `staffIdle` (60 s) without a touch (`staff.touch`, or any key); `staff.close` closes at once.
 * Clocks are injected (`now`), so the lock's countdown is testable.
 *
 * A PIN the server found right opens a staff session: its token (`staffToken`, which reads the venue's visitor
 * uploads) lives only in this machine's memory and is ended at the server (`endStaffSession`) as the panel closes.
 * A PIN checked offline opens the panel without one.
 */

/** The panel closes itself after this long without a touch. */
export const STAFF_IDLE_MS = 60_000;

export type StaffTerminal = { terminalId: string | null; terminalName: string | null; lock: PinLock };
export type VerifyPinInput = { terminalId: string; pin: string };
/** The server's answer to a PIN: a right one comes with the staff session it opened. */
export type OnlinePinCheck = Exclude<PinCheck, { result: 'right' }> | { result: 'right'; staffToken: string };
export type EndStaffSessionInput = { terminalId: string; staffToken: string };
export type OfflinePinInput = { pin: string };
export type ProvisionInput = { code: string; pin: string };
export type ProvisionCheck = Exclude<PinCheck, { result: 'right' }> | { result: 'right'; terminalId: string; terminalName: string };

export type StaffProblem = 'wrong' | 'locked' | 'unknownCode' | 'unknownTerminal' | 'offline' | 'offlineUnavailable' | 'failed';

export type StaffPanelInput = { now: () => number };

export type StaffPanelContext = StaffPanelInput & {
  terminalId: string | null;
  terminalName: string | null;
  digits: string;
  code: string;
  attemptsLeft: number | null;
  lockedUntil: number | null;
  problem: StaffProblem | null;
  /** The last PIN was checked on this device, without the server. */
  checkedOffline: boolean;
  /** The terminal was provisioned in this opening (the provisioning page then goes home). */
  provisioned: boolean;
  /** The staff session the server opened for the right PIN, while the panel is open. */
  staffToken: string | null;
};

export type StaffPanelEvent =
  | { type: 'staff.open' }
  | { type: 'staff.provision'; code: string }
  | { type: 'staff.close' }
  | { type: 'staff.touch' }
  | { type: 'staff.idle' }
  | { type: 'pin.digit'; digit: string }
  | { type: 'pin.delete' }
  | { type: 'pin.submit' }
  | { type: 'code.change'; value: string };

const failed = (error: unknown) => callFailure(error);
/** No answer, or a server fault behind a proxy: the PIN is checked on the device instead. */
const isUnreachableError = (error: unknown) => {
  const { status } = failed(error);
  return status === 0 || status >= 500;
};

/** The error of a failed actor's event (`xstate.error.actor.*`). */
const errorOf = (event: unknown) => (event as { error?: unknown }).error;

const IDLE_TIMER = 'staffIdle';

export const staffPanelMachine = setup({
  types: {
    input: {} as StaffPanelInput,
    context: {} as StaffPanelContext,
    events: {} as StaffPanelEvent,
  },
  actors: {
    loadTerminal: fromPromise<StaffTerminal>(() => Promise.reject(new Error('loadTerminal is provided by the app'))),
    verifyOnline: fromPromise<OnlinePinCheck, VerifyPinInput>(() => Promise.reject(new Error('verifyOnline is provided by the app'))),
    endStaffSession: fromPromise<void, EndStaffSessionInput>(() => Promise.reject(new Error('endStaffSession is provided by the app'))),
    verifyOffline: fromPromise<PinCheck, OfflinePinInput>(() => Promise.reject(new Error('verifyOffline is provided by the app'))),
    provision: fromPromise<ProvisionCheck, ProvisionInput>(() => Promise.reject(new Error('provision is provided by the app'))),
  },
  delays: {
    staffIdle: STAFF_IDLE_MS,
    lockEnds: ({ context }) => Math.max(0, (context.lockedUntil ?? 0) - context.now()),
  },
  guards: {
    isProvisioned: (_, terminal: StaffTerminal) => terminal.terminalId !== null,
    isLockedNow: ({ context }, terminal: StaffTerminal) => terminal.terminalId !== null && isLocked(terminal.lock, context.now()),
    hasRoom: ({ context }) => context.digits.length < PIN_LENGTH.max,
    isPinComplete: ({ context }) => context.digits.length >= PIN_LENGTH.min,
    canProvision: ({ context }) => context.code.trim() !== '' && context.digits.length >= PIN_LENGTH.min,
    isRight: (_, check: PinCheck | OnlinePinCheck | ProvisionCheck) => check.result === 'right',
    isWrong: (_, check: PinCheck | OnlinePinCheck | ProvisionCheck) => check.result === 'wrong',
    isUnreachable: ({ event }) => isUnreachableError(errorOf(event)),
    isUnknownTerminal: ({ event }) => failed(errorOf(event)).status === 404,
    isUnknownCode: ({ event }) => failed(errorOf(event)).status === 404,
  },
  actions: {
    startIdleTimer: raise({ type: 'staff.idle' }, { delay: 'staffIdle', id: IDLE_TIMER }),
    stopIdleTimer: cancel(IDLE_TIMER),
    forget: assign({ digits: '', code: '', attemptsLeft: null, lockedUntil: null, problem: null, checkedOffline: false, provisioned: false, staffToken: null }),
    storeStaffToken: assign((_, check: OnlinePinCheck) => (check.result === 'right' ? { staffToken: check.staffToken } : {})),
    endStaffSession: enqueueActions(({ context, enqueue }) => {
      const { terminalId, staffToken } = context;
      if (terminalId !== null && staffToken !== null) enqueue.spawnChild('endStaffSession', { input: { terminalId, staffToken } });
    }),
    storeTerminal: assign((_, terminal: StaffTerminal) => ({
      terminalId: terminal.terminalId,
      terminalName: terminal.terminalName,
      lockedUntil: terminal.lock.lockedUntil,
    })),
    setCode: assign((_, code: string) => ({ code, problem: null })),
    appendDigit: assign(({ context }, digit: string) => (/^\d$/.test(digit) ? { digits: context.digits + digit, problem: null } : {})),
    deleteDigit: assign(({ context }) => ({ digits: context.digits.slice(0, -1) })),
    clearDigits: assign({ digits: '' }),
    startCheck: assign({ problem: null, checkedOffline: false }),
    markOffline: assign({ checkedOffline: true }),
    storeCheck: assign((_, check: PinCheck | OnlinePinCheck | ProvisionCheck) => ({
      digits: '',
      attemptsLeft: check.result === 'wrong' ? check.attemptsLeft : null,
      lockedUntil: check.result === 'locked' ? check.lockedUntil : null,
      problem: check.result === 'right' ? null : check.result,
    })),
    storeProvisioned: assign((_, check: ProvisionCheck) =>
      check.result === 'right' ? { terminalId: check.terminalId, terminalName: check.terminalName, provisioned: true, digits: '', problem: null } : {},
    ),
    setProblem: assign((_, problem: StaffProblem) => ({ problem, digits: '' })),
  },
}).createMachine({
  id: 'staffPanel',
  context: ({ input }) => ({
    now: input.now,
    terminalId: null,
    terminalName: null,
    digits: '',
    code: '',
    attemptsLeft: null,
    lockedUntil: null,
    problem: null,
    checkedOffline: false,
    provisioned: false,
    staffToken: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      entry: 'forget',
      on: {
        'staff.open': 'active.checking',
        'staff.provision': { target: 'active.provisioning', actions: { type: 'setCode', params: ({ event }) => event.code } },
      },
    },

    active: {
      entry: 'startIdleTimer',
      exit: ['stopIdleTimer', 'endStaffSession'],
      on: {
        'staff.close': 'closed',
        'staff.idle': 'closed',
        'staff.touch': { actions: ['stopIdleTimer', 'startIdleTimer'] },
      },
      initial: 'checking',
      states: {
        checking: {
          tags: 'pending',
          invoke: {
            id: 'loadTerminal',
            src: 'loadTerminal',
            onDone: [
              { guard: { type: 'isLockedNow', params: ({ event }) => event.output }, target: 'locked', actions: { type: 'storeTerminal', params: ({ event }) => event.output } },
              { guard: { type: 'isProvisioned', params: ({ event }) => event.output }, target: 'pin', actions: { type: 'storeTerminal', params: ({ event }) => event.output } },
              { target: 'provisioning' },
            ],
            onError: { target: 'provisioning', actions: { type: 'setProblem', params: 'failed' } },
          },
        },

        pin: {
          on: {
            'pin.digit': { guard: 'hasRoom', actions: [{ type: 'appendDigit', params: ({ event }) => event.digit }, 'stopIdleTimer', 'startIdleTimer'] },
            'pin.delete': { actions: ['deleteDigit', 'stopIdleTimer', 'startIdleTimer'] },
            'pin.submit': { guard: 'isPinComplete', target: 'verifying' },
          },
        },

        verifying: {
          tags: 'pending',
          entry: 'startCheck',
          invoke: {
            id: 'verifyOnline',
            src: 'verifyOnline',
            input: ({ context }) => ({ terminalId: context.terminalId ?? '', pin: context.digits }),
            onDone: [
              {
                guard: { type: 'isRight', params: ({ event }) => event.output },
                target: 'open',
                actions: ['clearDigits', { type: 'storeStaffToken', params: ({ event }) => event.output }],
              },
              { guard: { type: 'isWrong', params: ({ event }) => event.output }, target: 'wrong', actions: { type: 'storeCheck', params: ({ event }) => event.output } },
              { target: 'locked', actions: { type: 'storeCheck', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'isUnreachable', target: 'verifyingOffline' },
              { guard: 'isUnknownTerminal', target: 'pin', actions: { type: 'setProblem', params: 'unknownTerminal' } },
              { target: 'pin', actions: { type: 'setProblem', params: 'failed' } },
            ],
          },
        },

        verifyingOffline: {
          tags: 'pending',
          entry: 'markOffline',
          invoke: {
            id: 'verifyOffline',
            src: 'verifyOffline',
            input: ({ context }) => ({ pin: context.digits }),
            onDone: [
              { guard: { type: 'isRight', params: ({ event }) => event.output }, target: 'open', actions: 'clearDigits' },
              { guard: { type: 'isWrong', params: ({ event }) => event.output }, target: 'wrong', actions: { type: 'storeCheck', params: ({ event }) => event.output } },
              { target: 'locked', actions: { type: 'storeCheck', params: ({ event }) => event.output } },
            ],
            onError: { target: 'pin', actions: { type: 'setProblem', params: 'offlineUnavailable' } },
          },
        },

        wrong: {
          on: {
            'pin.digit': { target: 'pin', actions: [{ type: 'appendDigit', params: ({ event }) => event.digit }, 'stopIdleTimer', 'startIdleTimer'] },
          },
        },

        locked: {
          entry: 'clearDigits',
          after: { lockEnds: { target: 'pin', actions: assign({ problem: null, lockedUntil: null }) } },
        },

        open: {},

        provisioning: {
          on: {
            'code.change': { actions: [{ type: 'setCode', params: ({ event }) => event.value }, 'stopIdleTimer', 'startIdleTimer'] },
            'pin.digit': { guard: 'hasRoom', actions: [{ type: 'appendDigit', params: ({ event }) => event.digit }, 'stopIdleTimer', 'startIdleTimer'] },
            'pin.delete': { actions: ['deleteDigit', 'stopIdleTimer', 'startIdleTimer'] },
            'pin.submit': { guard: 'canProvision', target: 'provisioningSubmit' },
          },
        },

        provisioningSubmit: {
          tags: 'pending',
          entry: 'startCheck',
          invoke: {
            id: 'provision',
            src: 'provision',
            input: ({ context }) => ({ code: context.code, pin: context.digits }),
            onDone: [
              { guard: { type: 'isRight', params: ({ event }) => event.output }, target: 'open', actions: { type: 'storeProvisioned', params: ({ event }) => event.output } },
              { target: 'provisioning', actions: { type: 'storeCheck', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'isUnreachable', target: 'provisioning', actions: { type: 'setProblem', params: 'offline' } },
              { guard: 'isUnknownCode', target: 'provisioning', actions: { type: 'setProblem', params: 'unknownCode' } },
              { target: 'provisioning', actions: { type: 'setProblem', params: 'failed' } },
            ],
          },
        },
      },
    },
  },
});
