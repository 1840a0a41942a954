import { createHash } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { errorBody } from '../../../src/domain/contract/envelope';
import { type Database } from '../../db/client';
import { idempotencyKeys } from '../../db/schema/orders';
import { runStatement } from '../../db/statements';
import { HttpError } from '../../http/errors';
import { ORDER_MESSAGES } from './messages';

/** Answers are kept at least this long: a retry the next day still gets the first answer. */
export const IDEMPOTENCY_TTL_HOURS = 48;
export const IDEMPOTENCY_KEY_MAX = 200;

/** Advisory lock class of one key: submissions that share it run one after another. */
const IDEMPOTENCY_LOCK = 7321;

// Every checkout runs these three, so their text is written once (`runStatement`).
const LOCK_KEY = `select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, hashtext($1))`;
const STORED_ANSWER = 'select request_hash as "requestHash", status_code as "statusCode", response from idempotency_keys where scope = $1 and key = $2 limit 1';

/**
 * The insert that stores an answer, its six values' placeholders given: on its own, or as a part of the statement
 * that writes the work's result (`AnswerRow`), which saves the order a round trip while it may hold its places' locks.
 */
export const storeAnswerInsert = (placeholders: readonly string[]) => {
  const [scope, key, hash, statusCode, response, createdAt] = placeholders;
  return `insert into idempotency_keys (scope, key, request_hash, status_code, response, created_at) values (${scope}, ${key}, ${hash}, ${statusCode}, ${response}::json, ${createdAt})`;
};
const STORE_ANSWER = storeAnswerInsert(['$1', '$2', '$3', '$4', '$5', '$6']);

/** The insert that stores `answer` inside another statement, its values added as that statement's parameters. */
export const storeAnswerWith = (answer: AnswerRow) => (add: (value: unknown) => string) => storeAnswerInsert(answer.values.map(add));

type StoredRow = { requestHash: string; statusCode: number; response: unknown };

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

/** An answer with the values of its row, in `storeAnswerInsert`'s order, for a statement of the work to store. */
export interface AnswerRow {
  statusCode: number;
  body: unknown;
  values: readonly unknown[];
}

/** What a submission's work answers; `last`, if given, runs after the answer is stored, as the work's last step. */
export interface WorkAnswer<T> {
  statusCode: number;
  body: unknown;
  outcome: T;
  /** The work stored the answer itself, with its result, in a row `answerRow` gave it. */
  stored?: boolean;
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
 * answer is stored. A server fault stores nothing, so it may be retried. The work may store its answer itself, in
 * one of its own statements, from the row `answerRow` makes (and say so with `stored`).
 */
export async function answerOnce<T>(
  db: Database,
  identity: { scope: string; key: string; digest: string; now: Date },
  work: (tx: Database, answerRow: (statusCode: number, body: unknown) => AnswerRow) => Promise<WorkAnswer<T>>,
): Promise<StoredAnswer & { outcome: T | null }> {
  const { scope, key, digest, now } = identity;
  const answerRow = (statusCode: number, body: unknown): AnswerRow => ({ statusCode, body, values: [scope, key, digest, statusCode, JSON.stringify(body), now.toISOString()] });
  const store = (tx: Database, answer: { statusCode: number; body: unknown }) => runStatement(tx, STORE_ANSWER, answerRow(answer.statusCode, answer.body).values);
  return db.transaction(async (tx) => {
    await runStatement(tx, LOCK_KEY, [`${scope}\n${key}`]);
    const [stored] = await runStatement<StoredRow>(tx, STORED_ANSWER, [scope, key]);
    if (stored) {
      if (stored.requestHash !== digest) throw new HttpError(409, ORDER_MESSAGES.idempotencyKeyReused);
      return { statusCode: stored.statusCode, body: stored.response, replayed: true, outcome: null };
    }
    // A plain savepoint rather than a nested transaction: the commit ends it, so a successful submission spends no
    // round trip releasing it while it holds its places' locks.
    await runStatement(tx, 'savepoint submission', []);
    try {
      const { last, stored, ...answer } = await work(tx, answerRow);
      if (!stored) await store(tx, answer);
      await last?.();
      return { ...answer, replayed: false };
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      await runStatement(tx, 'rollback to savepoint submission', []);
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
