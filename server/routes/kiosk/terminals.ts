import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { errorBody } from '../../../src/domain/contract/envelope';
import {
  devTerminalCall,
  devTerminalPatch,
  provisionCall,
  provisionRequest,
  provisionResponse,
  terminalCall,
  terminalErrorBody,
  terminalIdParams,
  terminalResponse,
  verifyPinCall,
  verifyPinRequest,
  type Terminal,
  type TerminalErrorCode,
  type TerminalErrorParams,
} from '../../../src/domain/contract/terminals';
import { parseTerminalCredential } from '../../../src/domain/kiosk/deviceKey';
import { checkAgainstLock, currentLock, isLocked, UNLOCKED, type PinCheck, type PinLock } from '../../../src/domain/kiosk/pinLock';
import { terminalErrorText } from '../../../src/domain/kiosk/terminalErrorText';
import { passwordDecoy, verifyPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { type Database } from '../../db/client';
import { terminals } from '../../db/schema/kiosk';
import { type AppContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { describeError } from '../../http/errorHandler';
import { serve } from '../../http/serve';

type TerminalRow = typeof terminals.$inferSelect;
type Executor = Pick<Database, 'select' | 'update'>;

/** A refused terminal call with its reason code, the numbers of its message and the details a screen reads. */
export class TerminalError extends HttpError {
  constructor(
    statusCode: number,
    readonly code: TerminalErrorCode,
    readonly params: TerminalErrorParams = {},
    readonly data?: unknown,
  ) {
    super(statusCode, terminalErrorText(code, params));
    this.name = 'TerminalError';
  }
}

export function toTerminal(row: TerminalRow): Terminal {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ar_name: row.arName,
    default_language: row.defaultLanguage === 'ar' ? 'ar' : 'en',
    idle_seconds: row.idleSeconds,
  };
}

const lockOf = (row: TerminalRow): PinLock => ({ failures: row.failedPins, lockedUntil: row.lockedUntil?.getTime() ?? null });

/** 422 with the attempts left, or 423 with the end of the lock; a right PIN throws nothing. */
function refusalOf(check: PinCheck, now: Date): TerminalError | null {
  if (check.result === 'wrong') return new TerminalError(422, 'pin_wrong', { attempts: check.attemptsLeft }, { attempts_left: check.attemptsLeft });
  if (check.result === 'locked') {
    const seconds = Math.max(1, Math.ceil((check.lockedUntil - now.getTime()) / 1000));
    return new TerminalError(
      423,
      'terminal_locked',
      { minutes: Math.ceil(seconds / 60) },
      { locked_until: new Date(check.lockedUntil).toISOString(), retry_after_seconds: seconds },
    );
  }
  return null;
}

/**
 * Checks a PIN against the terminal's digest under a row lock, counting a wrong one. A locked terminal refuses
 * without looking at the PIN. The count is written before the refusal is thrown, outside the transaction.
 */
async function checkPin(db: Database, terminalId: number, pin: string, now: Date, onRight?: (tx: Executor) => Promise<void>) {
  const check = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(terminals).where(eq(terminals.id, terminalId)).for('update');
    if (!row) throw new Error(`terminal ${terminalId} vanished`);
    const before = currentLock(lockOf(row), now.getTime());
    const right = isLocked(before, now.getTime()) ? false : await verifyPassword(pin, row.pinHash);
    const { lock, check } = checkAgainstLock(before, right, now.getTime());
    await tx
      .update(terminals)
      .set({ failedPins: lock.failures, lockedUntil: lock.lockedUntil === null ? null : new Date(lock.lockedUntil) })
      .where(eq(terminals.id, terminalId));
    if (check.result === 'right' && onRight) await onRight(tx);
    return check;
  });
  const refusal = refusalOf(check, now);
  if (refusal) throw refusal;
}

/** A new device key for a terminal (32 random bytes, base64url); only its digest is stored. */
function newDeviceKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashToken(key) };
}

/**
 * The id of the venue's terminal whose current device key is in the `X-Terminal-Credential` header value, or null
 * (no header, a malformed one, another venue's terminal, or a key replaced by a later provisioning).
 */
export async function vouchingTerminal(db: Pick<Database, 'select'>, venueId: number, header: string | undefined): Promise<number | null> {
  const credential = parseTerminalCredential(header);
  if (!credential) return null;
  const [row] = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(and(eq(terminals.venueId, venueId), eq(terminals.id, credential.terminalId), eq(terminals.deviceKeyHash, hashToken(credential.key))))
    .limit(1);
  return row?.id ?? null;
}

async function findTerminal(db: Database, venueId: number, id: number): Promise<TerminalRow> {
  const [row] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.venueId, venueId), eq(terminals.id, id)))
    .limit(1);
  if (!row) throw new TerminalError(404, 'terminal_unknown');
  return row;
}

function installTerminalErrors(scope: FastifyInstance) {
  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof TerminalError) {
      const { statusCode, message, code, params, data } = error;
      return reply.code(statusCode).send(terminalErrorBody.parse({ status: false, message, code, params, data }));
    }
    const { statusCode, body } = describeError(error, request);
    return reply.code(statusCode).send(errorBody.parse(body));
  });
}

export type TerminalRoutesOptions = AppContext & { devTools: boolean };

/**
 * Kiosk terminals: provisioning with the terminal code and the staff PIN (which hands the device a new device key),
 * the staff panel's PIN check, and a terminal's current settings. Wrong PINs count per terminal (MAX_PIN_ATTEMPTS, then a lock of STAFF_LOCK_MINUTES).
 */
export const terminalRoutes: FastifyPluginAsync<TerminalRoutesOptions> = async (app, { db, now, devTools }) => {
  installTerminalErrors(app);

  serve(app, provisionCall, async (request, reply) => {
    const { code, pin } = parseInput(provisionRequest, request.body, 'body');
    const venue = await requireVenue(db, request);
    const [row] = await db
      .select()
      .from(terminals)
      .where(and(eq(terminals.venueId, venue.id), sql`upper(${terminals.code}) = ${code}`))
      .limit(1);
    if (!row) {
      // As slow as a wrong PIN, so the answer's timing does not tell which codes exist.
      await verifyPassword(pin, await passwordDecoy());
      throw new TerminalError(404, 'code_unknown');
    }
    const at = now();
    const deviceKey = newDeviceKey();
    await checkPin(db, row.id, pin, at, async (tx) => {
      await tx.update(terminals).set({ provisionedAt: at, deviceKeyHash: deviceKey.hash }).where(eq(terminals.id, row.id));
    });
    return sendParsed(reply, provisionResponse, { status: true, data: { ...toTerminal(row), device_key: deviceKey.key } });
  });

  serve(app, verifyPinCall, async (request, reply) => {
    const { id } = parseInput(terminalIdParams, request.params, 'id');
    const { pin } = parseInput(verifyPinRequest, request.body, 'body');
    const venue = await requireVenue(db, request);
    const row = await findTerminal(db, venue.id, id);
    await checkPin(db, row.id, pin, now());
    return sendParsed(reply, terminalResponse, { status: true, data: toTerminal(row) });
  });

  serve(app, terminalCall, async (request, reply) => {
    const { id } = parseInput(terminalIdParams, request.params, 'id');
    const venue = await requireVenue(db, request);
    return sendParsed(reply, terminalResponse, { status: true, data: toTerminal(await findTerminal(db, venue.id, id)) });
  });

  if (devTools) {
    serve(app, devTerminalCall, async (request, reply) => {
      const { id } = parseInput(terminalIdParams, request.params, 'id');
      const patch = parseInput(devTerminalPatch, request.body ?? {}, 'body');
      const venue = await requireVenue(db, request);
      const changes: Partial<typeof terminals.$inferInsert> = {
        ...(patch.idle_seconds === undefined ? {} : { idleSeconds: patch.idle_seconds }),
        ...(patch.default_language === undefined ? {} : { defaultLanguage: patch.default_language }),
        ...(patch.unlock ? { failedPins: UNLOCKED.failures, lockedUntil: null } : {}),
      };
      const found = await findTerminal(db, venue.id, id);
      const [row = found] = Object.keys(changes).length === 0 ? [] : await db.update(terminals).set(changes).where(eq(terminals.id, id)).returning();
      return sendParsed(reply, terminalResponse, { status: true, data: toTerminal(row) });
    });
  }
};
