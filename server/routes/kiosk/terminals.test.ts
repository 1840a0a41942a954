import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pinWrongData, provisionResponse, terminalErrorBody, terminalLockedData, terminalResponse } from '../../../src/domain/contract/terminals';
import { isDeviceKey } from '../../../src/domain/kiosk/deviceKey';
import { hashToken } from '../../auth/tokens';
import { MAX_PIN_ATTEMPTS, STAFF_LOCK_MINUTES } from '../../../src/domain/kiosk/pinLock';
import { terminalErrorText } from '../../../src/domain/kiosk/terminalErrorText';
import { terminals } from '../../db/schema/kiosk';
import { DEMO_TERMINAL } from '../../seed/terminals';
import { createTestApp, type TestApp } from '../../testing/testApp';

const START = new Date('2026-03-01T08:00:00Z');
const WRONG_PIN = '1111';
const UNKNOWN_TERMINAL = '00000000-0000-4000-8000-000000000000';

describe('kiosk terminals', () => {
  let t: TestApp;
  let clock = START;
  let terminalId: string;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload: payload as object, headers });
  const provision = (code: string, pin: string) => post('terminals/provision', { code, pin });
  const verify = (pin: string, id = terminalId) => post(`terminals/${id}/verify-pin`, { pin });
  const row = async () => (await t.db.select().from(terminals).where(eq(terminals.publicId, terminalId)))[0]!;
  const refusal = (res: { json: () => unknown }) => terminalErrorBody.parse(res.json());

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    const [demo] = await t.db.select().from(terminals);
    terminalId = demo!.publicId;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock = START;
    await t.db.update(terminals).set({ failedPins: 0, lockedUntil: null, provisionedAt: null }).where(eq(terminals.publicId, terminalId));
  });

  it('[S0-1.25] the demo venue has the terminal LOBBY-1 with a hashed PIN, unprovisioned', async () => {
    const demo = await row();
    expect(demo).toMatchObject({ code: 'LOBBY-1', name: 'Lobby kiosk', arName: DEMO_TERMINAL.arName, idleSeconds: 60, defaultLanguage: 'en' });
    expect(demo.pinHash).toMatch(/^scrypt\$/);
    expect(demo.pinHash).not.toContain(DEMO_TERMINAL.pin);
    expect(demo.provisionedAt).toBeNull();
  });

  it('[S0-1.25] provisioning with the code and the right PIN answers the terminal and marks it provisioned', async () => {
    const res = await provision('LOBBY-1', '2468');
    expect(res.statusCode).toBe(200);
    expect(terminalResponse.parse(res.json()).data).toEqual({
      id: terminalId,
      name: 'Lobby kiosk',
      ar_name: DEMO_TERMINAL.arName,
      default_language: 'en',
      idle_seconds: 60,
    });
    expect((await row()).provisionedAt).toEqual(START);
  });

  it('[S0-1.25] provisioning hands the device a new device key, of which the server keeps only the digest; the next provisioning replaces it', async () => {
    const first = provisionResponse.parse((await provision('LOBBY-1', '2468')).json()).data.device_key;
    expect(isDeviceKey(first)).toBe(true);
    const stored = (await row()).deviceKeyHash;
    expect(stored).toBe(hashToken(first));
    expect(stored).not.toContain(first);
    const second = provisionResponse.parse((await provision('LOBBY-1', '2468')).json()).data.device_key;
    expect(second).not.toBe(first);
    expect((await row()).deviceKeyHash).toBe(hashToken(second));
  });

  it('[S0-1.25] a refused provisioning leaves the device key as it was', async () => {
    await t.db.update(terminals).set({ deviceKeyHash: 'kept' }).where(eq(terminals.publicId, terminalId));
    expect((await provision('LOBBY-1', WRONG_PIN)).statusCode).toBe(422);
    expect((await row()).deviceKeyHash).toBe('kept');
    expect((await verify('2468')).json()).not.toHaveProperty('data.device_key');
  });

  it('[S0-1.25] the code is read without case or surrounding spaces; Arabic-Indic digits are read as digits', async () => {
    expect((await provision('  lobby-1 ', '٢٤٦٨')).statusCode).toBe(200);
  });

  it('[S0-1.25] an unknown code is refused with a translatable reason', async () => {
    const res = await provision('NOPE-9', '2468');
    expect(res.statusCode).toBe(404);
    expect(refusal(res)).toMatchObject({ status: false, code: 'code_unknown', message: terminalErrorText('code_unknown') });
    expect(terminalErrorText('code_unknown')).toBe('No terminal has this code. Check the code and try again.');
  });

  it('[S0-1.25] a malformed PIN or a missing code is a bad request and does not count', async () => {
    expect((await provision('LOBBY-1', '12')).statusCode).toBe(400);
    expect((await provision('', '2468')).statusCode).toBe(400);
    expect((await verify('12a4')).statusCode).toBe(400);
    expect((await row()).failedPins).toBe(0);
  });

  it('[S0-1.25] provisioning with a wrong PIN counts as a wrong PIN and does not provision', async () => {
    const res = await provision('LOBBY-1', WRONG_PIN);
    expect(res.statusCode).toBe(422);
    const body = refusal(res);
    expect(body.code).toBe('pin_wrong');
    expect(pinWrongData.parse(body.data)).toEqual({ attempts_left: MAX_PIN_ATTEMPTS - 1 });
    expect(body.message).toBe('Wrong PIN. Attempts left: 4.');
    expect(await row()).toMatchObject({ failedPins: 1, provisionedAt: null });
  });

  it('[S0-1.25] the right PIN answers the terminal; wrong PINs count down the attempts left', async () => {
    const right = await verify('2468');
    expect(right.statusCode).toBe(200);
    expect(terminalResponse.parse(right.json()).data.id).toBe(terminalId);
    for (const left of [4, 3, 2, 1]) {
      const res = await verify(WRONG_PIN);
      expect(res.statusCode).toBe(422);
      expect(refusal(res).params).toEqual({ attempts: left });
      expect(pinWrongData.parse(refusal(res).data).attempts_left).toBe(left);
    }
    expect((await row()).failedPins).toBe(4);
  });

  it('[S0-1.25] a right PIN resets the count', async () => {
    await verify(WRONG_PIN);
    await verify(WRONG_PIN);
    expect((await verify('2468')).statusCode).toBe(200);
    expect((await row()).failedPins).toBe(0);
    expect(pinWrongData.parse(refusal(await verify(WRONG_PIN)).data).attempts_left).toBe(4);
  });

  it('[S0-1.25] the fifth wrong PIN locks the terminal: 423 with locked_until, even for the right PIN, until the lock ends', async () => {
    for (let attempt = 1; attempt < MAX_PIN_ATTEMPTS; attempt += 1) expect((await verify(WRONG_PIN)).statusCode).toBe(422);
    const fifth = await verify(WRONG_PIN);
    expect(fifth.statusCode).toBe(423);
    const lockedUntil = new Date(START.getTime() + STAFF_LOCK_MINUTES * 60_000);
    expect(refusal(fifth)).toMatchObject({ code: 'terminal_locked', params: { minutes: STAFF_LOCK_MINUTES } });
    expect(refusal(fifth).message).toBe('Too many wrong PINs. The staff panel is locked for 5 min.');
    expect(terminalLockedData.parse(refusal(fifth).data)).toEqual({ locked_until: lockedUntil.toISOString(), retry_after_seconds: 300 });

    clock = new Date(START.getTime() + 2 * 60_000);
    const rightWhileLocked = await verify('2468');
    expect(rightWhileLocked.statusCode).toBe(423);
    expect(terminalLockedData.parse(refusal(rightWhileLocked).data)).toEqual({ locked_until: lockedUntil.toISOString(), retry_after_seconds: 180 });
    expect(refusal(rightWhileLocked).params).toEqual({ minutes: 3 });
    expect((await provision('LOBBY-1', '2468')).statusCode).toBe(423);
    // Wrong PINs while locked neither count nor push the end of the lock.
    expect((await verify(WRONG_PIN)).statusCode).toBe(423);
    expect((await row()).lockedUntil).toEqual(lockedUntil);

    clock = lockedUntil;
    expect((await verify('2468')).statusCode).toBe(200);
    expect(await row()).toMatchObject({ failedPins: 0, lockedUntil: null });
  });

  it('30 parallel wrong PINs: only MAX_PIN_ATTEMPTS are checked, and the database is not held while they are', async () => {
    const started = performance.now();
    const guesses = Array.from({ length: 30 }, () => verify(WRONG_PIN).then((res) => ({ statusCode: res.statusCode, at: performance.now() })));
    const first = await Promise.race(guesses);
    // A read issued while the other guesses are under way must not wait for their hashes.
    const read = await t.db.select({ id: terminals.id }).from(terminals).then(() => performance.now());
    const answers = await Promise.all(guesses);
    const last = Math.max(...answers.map((answer) => answer.at));
    expect(answers.filter((answer) => answer.statusCode === 422)).toHaveLength(MAX_PIN_ATTEMPTS - 1);
    expect(answers.filter((answer) => answer.statusCode === 423)).toHaveLength(30 - (MAX_PIN_ATTEMPTS - 1));
    expect(read - first.at).toBeLessThan((last - started) / 2);
    expect(await row()).toMatchObject({ failedPins: MAX_PIN_ATTEMPTS, lockedUntil: new Date(START.getTime() + STAFF_LOCK_MINUTES * 60_000) });
  });

  it('[S0-1.25] after a lock has run out, wrong PINs start a fresh count', async () => {
    for (let attempt = 0; attempt < MAX_PIN_ATTEMPTS; attempt += 1) await verify(WRONG_PIN);
    clock = new Date(START.getTime() + STAFF_LOCK_MINUTES * 60_000 + 1000);
    expect(pinWrongData.parse(refusal(await verify(WRONG_PIN)).data).attempts_left).toBe(4);
  });

  it('[S0-1.25] GET terminals/{id} answers its current settings; another venue or an unknown id is not found', async () => {
    await t.db.update(terminals).set({ idleSeconds: 90, defaultLanguage: 'ar' }).where(eq(terminals.publicId, terminalId));
    const res = await t.app.inject({ url: `/api/v1/terminals/${terminalId}` });
    expect(res.statusCode).toBe(200);
    expect(terminalResponse.parse(res.json()).data).toMatchObject({ id: terminalId, idle_seconds: 90, default_language: 'ar' });
    await t.db.update(terminals).set({ idleSeconds: 60, defaultLanguage: 'en' }).where(eq(terminals.publicId, terminalId));

    const unknown = await t.app.inject({ url: `/api/v1/terminals/${UNKNOWN_TERMINAL}` });
    expect(unknown.statusCode).toBe(404);
    expect(refusal(unknown).code).toBe('terminal_unknown');
    expect((await verify('2468', UNKNOWN_TERMINAL)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/terminals/${terminalId}`, headers: { 'X-Visitor-Token': 'other' } })).statusCode).toBe(404);
  });

  it('terminals are named by a random UUID, not their serial number, and no answer shows the provisioning code', async () => {
    const [demo] = await t.db.select().from(terminals).where(eq(terminals.publicId, terminalId));
    expect(terminalId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const bySerial = await t.app.inject({ url: `/api/v1/terminals/${demo!.id}` });
    expect(bySerial.statusCode).toBe(400);
    expect(refusal(bySerial).message).toBe('id: This is not a terminal id: check the address');
    for (const res of [await t.app.inject({ url: `/api/v1/terminals/${terminalId}` }), await provision('LOBBY-1', '2468'), await verify('2468')]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('LOBBY-1');
      expect(res.json()).not.toHaveProperty('data.code');
    }
  });

  it('[S0-1.25] dev/terminals/{id} sets the idle time and unlocks a locked terminal (dev tools only)', async () => {
    for (let attempt = 0; attempt < MAX_PIN_ATTEMPTS; attempt += 1) await verify(WRONG_PIN);
    const res = await post(`dev/terminals/${terminalId}`, { idle_seconds: 15, unlock: true });
    expect(res.statusCode).toBe(200);
    expect(terminalResponse.parse(res.json()).data.idle_seconds).toBe(15);
    expect(await row()).toMatchObject({ failedPins: 0, lockedUntil: null, idleSeconds: 15 });
    expect((await post(`dev/terminals/${terminalId}`, {})).statusCode).toBe(200);
    expect((await post(`dev/terminals/${terminalId}`, { idle_seconds: 1 })).statusCode).toBe(400);
    await post(`dev/terminals/${terminalId}`, { idle_seconds: 60 });
  });

  it('[S0-1.25] without dev tools there is no dev/terminals call', async () => {
    const production = await createTestApp({ devTools: false });
    try {
      const res = await production.app.inject({ method: 'POST', url: `/api/v1/dev/terminals/${UNKNOWN_TERMINAL}`, payload: { unlock: true } });
      expect(res.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
