import { fromPromise } from 'xstate';
import type { EndStaffSessionInput, OfflinePinInput, OnlinePinCheck, ProvisionCheck, ProvisionInput, StaffTerminal, VerifyPinInput } from '../../machines/staffPanel';
import { type ApiClient, type ApiResult } from '../api/client';
import { endTerminalStaffSession, provisionTerminal, verifyTerminalPin } from '../api/terminals';
import type { PortalDb } from '../db/db';
import { pinWrongData, terminalErrorBody, terminalLockedData } from '../domain/contract/terminals';
import { checkAgainstLock, currentLock, isLocked, MAX_PIN_ATTEMPTS, normalisePin, UNLOCKED, type PinCheck } from '../domain/kiosk/pinLock';
import { createPinVerifier, pinMatches, PIN_ITERATIONS } from './pinVerifier';
import {
  getPinLock,
  getPinVerifier,
  getTerminalSettings,
  saveProvisionedTerminal,
  setPinLock,
  setPinVerifier,
  updateTerminalDetails,
} from './terminalSettings';

/**
 * A refused terminal call: the server's message (empty without an answer), the HTTP status (0 for none) and its
 * reason code. The staff panel machine reads these fields.
 */
export class TerminalCallError extends Error {
  readonly status: number;
  readonly code?: string;

  constructor(result: Extract<ApiResult<unknown>, { ok: false }>) {
    super(result.message);
    this.name = 'TerminalCallError';
    this.status = result.status;
    const details = terminalErrorBody.safeParse(result.body);
    if (details.success) this.code = details.data.code;
  }
}

/** The device has no offline verifier of the PIN (never provisioned here, or its storage was wiped). */
export class NoPinVerifierError extends Error {
  constructor() {
    super('This terminal keeps no verifier of the staff PIN');
    this.name = 'NoPinVerifierError';
  }
}

export type StaffPanelServices = {
  api: ApiClient;
  /** The device database; the app's own by default. */
  database?: PortalDb;
  now?: () => number;
  /** PBKDF2 iterations of a new verifier (tests lower it). */
  iterations?: number;
};

/** A wrong PIN or a lock, as the server answered it; null for any other refusal. The lock's end is on this device's clock. */
function refusedCheck(result: Extract<ApiResult<unknown>, { ok: false }>, now: number): Exclude<PinCheck, { result: 'right' }> | null {
  const body = terminalErrorBody.safeParse(result.body);
  if (!body.success) return null;
  if (result.status === 422 && body.data.code === 'pin_wrong') {
    const data = pinWrongData.safeParse(body.data.data);
    return data.success ? { result: 'wrong', attemptsLeft: data.data.attempts_left } : null;
  }
  if (result.status === 423 && body.data.code === 'terminal_locked') {
    const data = terminalLockedData.safeParse(body.data.data);
    return data.success ? { result: 'locked', lockedUntil: now + data.data.retry_after_seconds * 1000 } : null;
  }
  return null;
}

/** The device's own count follows the server's, so that a lock holds when the network goes. */
function lockAfter(check: PinCheck) {
  if (check.result === 'wrong') return { failures: MAX_PIN_ATTEMPTS - check.attemptsLeft, lockedUntil: null };
  if (check.result === 'locked') return { failures: MAX_PIN_ATTEMPTS, lockedUntil: check.lockedUntil };
  return UNLOCKED;
}

/**
 * Checks the PIN with the server. A right PIN refreshes the terminal's details and, in the background, the offline
 * verifier (the PIN may have changed on the server since provisioning).
 */
export async function verifyPinOnline({ api, database, now = Date.now, iterations = PIN_ITERATIONS }: StaffPanelServices, input: VerifyPinInput): Promise<OnlinePinCheck> {
  const pin = normalisePin(input.pin);
  const result = await verifyTerminalPin(api, input.terminalId, { pin });
  if (result.ok) {
    const { staff_token: staffToken, ...terminal } = result.data.data;
    await setPinLock(UNLOCKED, database);
    await updateTerminalDetails(terminal, database);
    void createPinVerifier(pin, iterations)
      .then((verifier) => setPinVerifier(verifier, database))
      .catch((error: unknown) => console.warn('the offline PIN verifier was not refreshed', error));
    // The token stays in the staff panel machine's memory only: never in Dexie or any other storage.
    return { result: 'right', staffToken };
  }
  const check = refusedCheck(result, now());
  if (!check) throw new TerminalCallError(result);
  await setPinLock(lockAfter(check), database);
  return check;
}

/** Checks the PIN on the device, against the verifier kept at provisioning, counting wrong PINs on the device. */
export async function verifyPinOffline({ database, now = Date.now }: Omit<StaffPanelServices, 'api'>, input: OfflinePinInput): Promise<PinCheck> {
  const verifier = await getPinVerifier(database);
  if (!verifier) throw new NoPinVerifierError();
  const before = currentLock(await getPinLock(database), now());
  // A locked terminal refuses without spending the time a check takes.
  if (isLocked(before, now()) && before.lockedUntil !== null) return { result: 'locked', lockedUntil: before.lockedUntil };
  const right = await pinMatches(normalisePin(input.pin), verifier);
  const { lock, check } = checkAgainstLock(before, right, now());
  await setPinLock(lock, database);
  return check;
}

/** Provisions this device as the terminal with the code: its settings and an offline verifier of the PIN, kiosk mode on. */
export async function provisionThisTerminal({ api, database, now = Date.now, iterations = PIN_ITERATIONS }: StaffPanelServices, input: ProvisionInput): Promise<ProvisionCheck> {
  const pin = normalisePin(input.pin);
  const result = await provisionTerminal(api, { code: input.code, pin });
  if (!result.ok) {
    const check = refusedCheck(result, now());
    if (!check) throw new TerminalCallError(result);
    return check;
  }
  const terminal = result.data.data;
  await saveProvisionedTerminal(terminal, await createPinVerifier(pin, iterations), database);
  return { result: 'right', terminalId: terminal.id, terminalName: terminal.name };
}

export async function loadStaffTerminal(database?: PortalDb): Promise<StaffTerminal> {
  const [settings, lock] = await Promise.all([getTerminalSettings(database), getPinLock(database)]);
  return { terminalId: settings.terminalId, terminalName: settings.terminalName, lock };
}

/** The real actors of the staff panel machine: `staffPanelMachine.provide({ actors: staffPanelActors({ api }) })`. */
export function staffPanelActors(services: StaffPanelServices) {
  return {
    loadTerminal: fromPromise<StaffTerminal>(() => loadStaffTerminal(services.database)),
    verifyOnline: fromPromise<OnlinePinCheck, VerifyPinInput>(({ input }) => verifyPinOnline(services, input)),
    // Ending is best effort: a session the server never hears about runs out by itself (STAFF_SESSION_MINUTES).
    endStaffSession: fromPromise<void, EndStaffSessionInput>(async ({ input }) => {
      await endTerminalStaffSession(services.api, input.terminalId, input.staffToken);
    }),
    verifyOffline: fromPromise<PinCheck, OfflinePinInput>(({ input }) => verifyPinOffline(services, input)),
    provision: fromPromise<ProvisionCheck, ProvisionInput>(({ input }) => provisionThisTerminal(services, input)),
  };
}
