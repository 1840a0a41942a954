import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { errorBody } from '../../../src/domain/contract/envelope';
import { type Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { ORDER_MESSAGES } from './messages';

/** Answers are kept at least this long: a retry the next day still gets the first answer. */
export const IDEMPOTENCY_TTL_HOURS = 48;
export const IDEMPOTENCY_KEY_MAX = 200;

/** Advisory lock class of one key: submissions that share it run one after another. */
const IDEMPOTENCY_LOCK = 7321;

export interface StoredAnswer {
  statusCode: number;
  body: unknown;
  /** True when this is the stored answer of an earlier submission. */
  replayed: boolean;
}

/** A stable digest of a submission: its fields in name order, and where it was sent. */
export function requestDigest(fields: Record<string, string>, venueId: number): string {
  const ordered = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash('sha256').update(JSON.stringify({ venueId, fields: ordered })).digest('hex');
}

/** What a submission's work answers; `last`, if given, runs after the answer is stored, as the work's last step. */
export interface WorkAnswer<T> {
  statusCode: number;
  body: unknown;
  outcome: T;
  /**
   * The checks that must hold the most contended locks (the last places of an event session): run after everything
   * else, the answer's row included, so those waiting for the locks wait only for these checks and the commit.
   */
  last?: () => Promise<void>;
}

/**
 * Runs `work` once per (scope, key). Inside one transaction holding the key's lock: a stored answer is returned
 * again (409 if the same key comes with a different body); otherwise `work` runs after a savepoint, and its answer
 * (success, or a refusal fit to show) is stored with the key. A refusal rolls back to the savepoint before its
 * answer is stored. A server fault stores nothing, so it may be retried.
 */
export async function answerOnce<T>(
  db: Database,
  identity: { scope: string; key: string; digest: string; now: Date },
  work: (tx: Database) => Promise<WorkAnswer<T>>,
): Promise<StoredAnswer & { outcome: T | null }> {
  const { scope, key, digest, now } = identity;
  const store = (tx: Database, answer: { statusCode: number; body: unknown }) =>
    tx.insert(idempotencyKeys).values({ scope, key, requestHash: digest, statusCode: answer.statusCode, response: answer.body, createdAt: now });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext(${`${scope}\n${key}`}))`);
    const [stored] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (stored) {
      if (stored.requestHash !== digest) throw new HttpError(409, ORDER_MESSAGES.idempotencyKeyReused);
      return { statusCode: stored.statusCode, body: stored.response, replayed: true, outcome: null };
    }
    // A plain savepoint rather than a nested transaction: the commit ends it, so a successful submission spends no
    // round trip releasing it while it holds its places' locks.
    await tx.execute(sql`savepoint submission`);
    try {
      const { last, ...answer } = await work(tx);
      await store(tx, answer);
      await last?.();
      return { ...answer, replayed: false };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      await tx.execute(sql`rollback to savepoint submission`);
      const refusal = { statusCode: error.statusCode, body: errorBody.parse({ status: false, message: error.message }) };
      await store(tx, refusal);
      return { ...refusal, replayed: false, outcome: null };
    }
  });
}

/** Forgets answers older than the retention period. */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000)));
}
