import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { errorBody } from '../../../src/domain/contract/envelope';
import {
  devTerminalCall,
  devTerminalPatch,
  endStaffSessionCall,
  endStaffSessionResponse,
  provisionCall,
  provisionRequest,
  provisionResponse,
  terminalCall,
  terminalErrorBody,
  terminalIdParams,
  terminalResponse,
  verifyPinCall,
  verifyPinRequest,
  verifyPinResponse,
  type Terminal,
  type TerminalErrorCode,
  type TerminalErrorParams,
} from '../../../src/domain/contract/terminals';
import { parseTerminalCredential } from '../../../src/domain/kiosk/deviceKey';
import { attemptsLeft, isLocked, lockSecondsLeft, MAX_PIN_ATTEMPTS, STAFF_LOCK_MS, UNLOCKED, type PinLock } from '../../../src/domain/kiosk/pinLock';
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
import { HEADERS } from '../../../src/domain/contract/headers';
import { endStaffSession, headerValue, openStaffSession } from './staffSessions';

type TerminalRow = typeof terminals.$inferSelect;

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
    id: row.publicId,
    name: row.name,
    ar_name: row.arName,
    default_language: row.defaultLanguage === 'ar' ? 'ar' : 'en',
    idle_seconds: row.idleSeconds,
  };
}

/** 422 with the attempts left, or 423 with the end of the lock. */
function refusalOf(lock: PinLock, now: Date): TerminalError {
  if (!isLocked(lock, now.getTime()) || lock.lockedUntil === null) {
    const left = attemptsLeft(lock, now.getTime());
    return new TerminalError(422, 'pin_wrong', { attempts: left }, { attempts_left: left });
  }
  const seconds = Math.max(1, lockSecondsLeft(lock, now.getTime()));
  return new TerminalError(
    423,
    'terminal_locked',
    { minutes: Math.ceil(seconds / 60) },
    { locked_until: new Date(lock.lockedUntil).toISOString(), retry_after_seconds: seconds },
  );
}

/**
 * Counts the attempt as a wrong PIN before the PIN is looked at, in one statement, so parallel guesses cannot
 * all pass a count read before any was written; the MAX_PIN_ATTEMPTS-th locks the terminal (afterWrongPin's rule).
 * Null while the terminal is locked.
 */
async function reservePinAttempt(db: Database, terminalId: number, now: Date): Promise<PinLock | null> {
  const lockEnded = sql`${terminals.lockedUntil} is not null and ${terminals.lockedUntil} <= ${now}`;
  const failures = sql`case when ${lockEnded} then 1 else ${terminals.failedPins} + 1 end`;
  const [reserved] = await db
    .update(terminals)
    .set({
      failedPins: sql`least(${failures}, ${MAX_PIN_ATTEMPTS})`,
      lockedUntil: sql`case when ${failures} >= ${MAX_PIN_ATTEMPTS} then ${new Date(now.getTime() + STAFF_LOCK_MS)}::timestamptz else null end`,
    })
    .where(and(eq(terminals.id, terminalId), or(isNull(terminals.lockedUntil), lte(terminals.lockedUntil, now))))
    .returning({ failures: terminals.failedPins, lockedUntil: terminals.lockedUntil });
  return reserved ? { failures: reserved.failures, lockedUntil: reserved.lockedUntil?.getTime() ?? null } : null;
}

/**
 * Checks a PIN against the terminal's digest. The attempt is counted first; a right PIN then clears the count
 * (with `onRight`'s changes in the same statement), a wrong one leaves it. The hash is computed outside any
 * transaction, so guesses do not hold the database while they are checked.
 */
async function checkPin(db: Database, row: TerminalRow, pin: string, now: Date, onRight: Partial<typeof terminals.$inferInsert> = {}) {
  const reserved = await reservePinAttempt(db, row.id, now);
  if (!reserved) {
    const [locked] = await db.select().from(terminals).where(eq(terminals.id, row.id));
    throw refusalOf({ failures: MAX_PIN_ATTEMPTS, lockedUntil: locked?.lockedUntil?.getTime() ?? now.getTime() }, now);
  }
  if (!(await verifyPassword(pin, row.pinHash))) throw refusalOf(reserved, now);
  await db
    .update(terminals)
    .set({ failedPins: UNLOCKED.failures, lockedUntil: null, ...onRight })
    .where(eq(terminals.id, row.id));
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
    .where(and(eq(terminals.venueId, venueId), eq(terminals.publicId, credential.terminalId), eq(terminals.deviceKeyHash, hashToken(credential.key))))
    .limit(1);
  return row?.id ?? null;
}

async function findTerminal(db: Database, venueId: number, publicId: string): Promise<TerminalRow> {
  const [row] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.venueId, venueId), eq(terminals.publicId, publicId)))
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
 * the staff panel's PIN check (which opens a staff session, staffSessions.ts) and its end, and a terminal's current settings. Wrong PINs count per terminal (MAX_PIN_ATTEMPTS, then a lock of STAFF_LOCK_MINUTES).
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
    await checkPin(db, row, pin, at, { provisionedAt: at, deviceKeyHash: deviceKey.hash });
    return sendParsed(reply, provisionResponse, { status: true, data: { ...toTerminal(row), device_key: deviceKey.key } });
  });

  serve(app, verifyPinCall, async (request, reply) => {
    const { id } = parseInput(terminalIdParams, request.params, 'id');
    const { pin } = parseInput(verifyPinRequest, request.body, 'body');
    const venue = await requireVenue(db, request);
    const row = await findTerminal(db, venue.id, id);
    const at = now();
    await checkPin(db, row, pin, at);
    const session = await openStaffSession(db, row.id, at);
    return sendParsed(reply, verifyPinResponse, {
      status: true,
      data: { ...toTerminal(row), staff_token: session.token, staff_token_expires_at: session.expiresAt.toISOString() },
    });
  });

  serve(app, endStaffSessionCall, async (request, reply) => {
    const { id } = parseInput(terminalIdParams, request.params, 'id');
    const venue = await requireVenue(db, request);
    const row = await findTerminal(db, venue.id, id);
    const ended = await endStaffSession(db, row.id, headerValue(request.headers[HEADERS.staffToken.toLowerCase()]));
    return sendParsed(reply, endStaffSessionResponse, { status: true, data: { ended } });
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
      const [row = found] = Object.keys(changes).length === 0 ? [] : await db.update(terminals).set(changes).where(eq(terminals.id, found.id)).returning();
      return sendParsed(reply, terminalResponse, { status: true, data: toTerminal(row) });
    });
  }
};
