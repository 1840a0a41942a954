import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client';
import { PortalDb } from '../db/db';
import { STAFF_LOCK_MS } from '../domain/kiosk/pinLock';
import { createPinVerifier } from './pinVerifier';
import { loadStaffTerminal, NoPinVerifierError, provisionThisTerminal, TerminalCallError, verifyPinOffline, verifyPinOnline } from './staffPanel';
import { getPinLock, getPinVerifier, getTerminalCredential, getTerminalSettings, saveProvisionedTerminal, setPinLock } from './terminalSettings';

const TERMINAL_ID = '3f2b8c1e-9a47-4d2e-8b1f-6c0d5e7a9b24';

const NOW = 1_750_000_000_000;
const DEVICE_KEY = 'K'.repeat(43);
const terminal = { id: TERMINAL_ID, name: 'Lobby kiosk', ar_name: null, default_language: 'en', idle_seconds: 60, device_key: DEVICE_KEY } as const;
const freshDb = () => new PortalDb('staff-test', { indexedDB: new IDBFactory(), IDBKeyRange });

type Answer = { status: number; body: unknown } | 'network-down';

/** `offline`: the device says it has no network (the client's networkReady never resolves). */
function apiAnswering(...answers: Answer[]) {
  return apiWith({ offline: false }, ...answers);
}

function apiWith({ offline }: { offline: boolean }, ...answers: Answer[]) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'network-down') throw new TypeError('fetch failed');
    return Response.json(answer.body, { status: answer.status });
  }) as typeof globalThis.fetch;
  const networkReady = () => (offline ? new Promise<void>(() => {}) : Promise.resolve());
  return { api: createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch, networkReady }), calls };
}

const ok = { status: 200, body: { status: true, data: terminal } };
const STAFF_TOKEN = 'q7VxN2mYc4kR8sT1uW3zA6bD9eF0gH5jK2lM4nP7rS8';
const staffSession = { staff_token: STAFF_TOKEN, staff_token_expires_at: '2030-01-01T00:15:00.000Z' };
const pinRight = { status: 200, body: { status: true, data: { ...terminal, ...staffSession } } };
const wrongAnswer = (left: number) => ({
  status: 422,
  body: { status: false, message: `Wrong PIN. Attempts left: ${left}.`, code: 'pin_wrong', params: { attempts: left }, data: { attempts_left: left } },
});
const lockedAnswer = {
  status: 423,
  body: { status: false, message: 'Too many wrong PINs.', code: 'terminal_locked', params: { minutes: 5 }, data: { locked_until: '2030-01-01T00:00:00.000Z', retry_after_seconds: 120 } },
};

async function provisionedDb(pin = '2468') {
  const database = freshDb();
  await saveProvisionedTerminal(terminal, await createPinVerifier(pin, 1000), database);
  return database;
}

describe('[S0-1.25] staff panel services', () => {
  it('provisioning sends the code and the PIN and keeps the terminal with an offline verifier that knows the PIN', async () => {
    const database = freshDb();
    const { api, calls } = apiAnswering(ok);
    const check = await provisionThisTerminal({ api, database, iterations: 1000 }, { code: 'LOBBY-1', pin: '٢٤٦٨' });
    expect(check).toEqual({ result: 'right', terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk' });
    expect(calls).toEqual([{ url: '/api/v1/terminals/provision', body: { code: 'LOBBY-1', pin: '2468' } }]);
    expect(await getTerminalSettings(database)).toMatchObject({ kiosk: true, terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk' });
    expect(await getTerminalCredential(database)).toEqual({ terminalId: TERMINAL_ID, key: DEVICE_KEY });
    expect(await loadStaffTerminal(database)).toEqual({ terminalId: TERMINAL_ID, terminalName: 'Lobby kiosk', lock: { failures: 0, lockedUntil: null } });
    expect(await verifyPinOffline({ database, now: () => NOW }, { pin: '2468' })).toEqual({ result: 'right' });
  });

  it('provisioning refused: a wrong PIN or a lock is an answer, anything else an error with its status and code', async () => {
    const database = freshDb();
    const services = (answer: Answer) => ({ api: apiAnswering(answer).api, database, now: () => NOW, iterations: 1000 });
    expect(await provisionThisTerminal(services(wrongAnswer(4)), { code: 'LOBBY-1', pin: '1111' })).toEqual({ result: 'wrong', attemptsLeft: 4 });
    expect(await provisionThisTerminal(services(lockedAnswer), { code: 'LOBBY-1', pin: '1111' })).toEqual({ result: 'locked', lockedUntil: NOW + 120_000 });
    const unknown = { status: 404, body: { status: false, message: 'No terminal has this code.', code: 'code_unknown' } };
    await expect(provisionThisTerminal(services(unknown), { code: 'X', pin: '2468' })).rejects.toMatchObject({ status: 404, code: 'code_unknown' });
    await expect(provisionThisTerminal(services('network-down'), { code: 'X', pin: '2468' })).rejects.toBeInstanceOf(TerminalCallError);
    await expect(provisionThisTerminal(services('network-down'), { code: 'X', pin: '2468' })).rejects.toMatchObject({ status: 0 });
    expect((await getTerminalSettings(database)).terminalId).toBeNull();
  });

  it('the server checks the PIN first; its count is mirrored on the device; a right PIN resets it', async () => {
    const database = await provisionedDb();
    const online = (answer: Answer) => verifyPinOnline({ api: apiAnswering(answer).api, database, now: () => NOW, iterations: 1000 }, { terminalId: TERMINAL_ID, pin: '1111' });
    expect(await online(wrongAnswer(2))).toEqual({ result: 'wrong', attemptsLeft: 2 });
    expect(await getPinLock(database)).toEqual({ failures: 3, lockedUntil: null });
    expect(await online(lockedAnswer)).toEqual({ result: 'locked', lockedUntil: NOW + 120_000 });
    expect(await getPinLock(database)).toEqual({ failures: 5, lockedUntil: NOW + 120_000 });
    // Offline while the server's lock holds: refused even with the right PIN.
    expect(await verifyPinOffline({ database, now: () => NOW + 1000 }, { pin: '2468' })).toEqual({ result: 'locked', lockedUntil: NOW + 120_000 });
    expect(await online({ status: 200, body: { status: true, data: { ...terminal, ...staffSession, name: 'Gate kiosk', idle_seconds: 30 } } })).toEqual({ result: 'right', staffToken: STAFF_TOKEN });
    expect(await getPinLock(database)).toEqual({ failures: 0, lockedUntil: null });
    expect(await getTerminalSettings(database)).toMatchObject({ terminalName: 'Gate kiosk', idleSeconds: 30 });
  });

  it('a right PIN online refreshes the offline verifier, so a PIN changed on the server works offline too', async () => {
    const database = await provisionedDb('2468');
    const { api, calls } = apiAnswering(pinRight);
    const before = await getPinVerifier(database);
    await verifyPinOnline({ api, database, now: () => NOW, iterations: 1000 }, { terminalId: TERMINAL_ID, pin: '9753' });
    expect(calls[0]).toEqual({ url: `/api/v1/terminals/${TERMINAL_ID}/verify-pin`, body: { pin: '9753' } });
    await expect.poll(async () => (await getPinVerifier(database))?.hash).not.toBe(before?.hash);
    expect(await verifyPinOffline({ database, now: () => NOW }, { pin: '9753' })).toEqual({ result: 'right' });
    expect(await verifyPinOffline({ database, now: () => NOW }, { pin: '2468' })).toEqual({ result: 'wrong', attemptsLeft: 4 });
  });

  it('the staff token of a right PIN is answered to the panel and never kept on the device', async () => {
    const database = await provisionedDb();
    const check = await verifyPinOnline({ api: apiAnswering(pinRight).api, database, now: () => NOW, iterations: 1000 }, { terminalId: TERMINAL_ID, pin: '2468' });
    expect(check).toEqual({ result: 'right', staffToken: STAFF_TOKEN });
    const stored = await Promise.all(database.tables.map((table) => table.toArray()));
    expect(JSON.stringify(stored)).not.toContain(STAFF_TOKEN);
    expect(JSON.stringify(await getTerminalSettings(database))).not.toContain(STAFF_TOKEN);
  });

  it('no answer from the server is an error with status 0 (the machine then checks offline); the calls never wait for the network', async () => {
    const database = await provisionedDb();
    const offline = apiWith({ offline: true }, 'network-down').api;
    await expect(verifyPinOnline({ api: offline, database }, { terminalId: TERMINAL_ID, pin: '2468' })).rejects.toMatchObject({ status: 0 });
    await expect(provisionThisTerminal({ api: offline, database }, { code: 'LOBBY-1', pin: '2468' })).rejects.toMatchObject({ status: 0 });
  });

  it('offline, wrong PINs count on the device up to the lock, and the lock ends after five minutes', async () => {
    const database = await provisionedDb();
    const offline = (pin: string, at = NOW) => verifyPinOffline({ database, now: () => at }, { pin });
    for (const left of [4, 3, 2, 1]) expect(await offline('1111')).toEqual({ result: 'wrong', attemptsLeft: left });
    expect(await offline('1111')).toEqual({ result: 'locked', lockedUntil: NOW + STAFF_LOCK_MS });
    expect(await offline('2468', NOW + STAFF_LOCK_MS - 1)).toEqual({ result: 'locked', lockedUntil: NOW + STAFF_LOCK_MS });
    expect(await offline('2468', NOW + STAFF_LOCK_MS)).toEqual({ result: 'right' });
    expect(await getPinLock(database)).toEqual({ failures: 0, lockedUntil: null });
  });

  it('offline without a verifier is an error, never a right PIN', async () => {
    const database = freshDb();
    await setPinLock({ failures: 0, lockedUntil: null }, database);
    await expect(verifyPinOffline({ database }, { pin: '2468' })).rejects.toBeInstanceOf(NoPinVerifierError);
    expect(await getPinVerifier(database)).toBeNull();
  });
});
