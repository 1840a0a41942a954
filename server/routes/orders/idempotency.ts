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

/**
 * The statement taking the lock of one key, whose number is worked out here: a statement without parameters goes
 * to PostgreSQL with its transaction's `begin`, one round trip for both (server/db/preparedStatements.ts). Only
 * numbers go into its text.
 */
function lockKeyStatement(scope: string, key: string): string {
  const keyNumber = createHash('sha256').update(`${scope}\n${key}`).digest().readInt32BE(0);
  return `select pg_advisory_xact_lock(${IDEMPOTENCY_LOCK}, ${keyNumber})`;
}

// Every checkout runs these two, so their text is written once (`runStatement`).
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
 * Stores a refusal once its transaction has rolled back. Another submission of the key may have stored its answer
 * since the key's lock went with the rollback: that answer stands (`on conflict do nothing`) and is the one given.
 */
const STORE_REFUSAL = `${STORE_ANSWER} on conflict (scope, key) do nothing returning id`;

/** A stored answer given again; the same key with a different body is refused. */
function replayOf(stored: StoredRow, digest: string): StoredAnswer & { outcome: null } {
  if (stored.requestHash !== digest) throw new HttpError(409, ORDER_MESSAGES.idempotencyKeyReused);
  return { statusCode: stored.statusCode, body: stored.response, replayed: true, outcome: null };
}

/**
 * Runs `work` once per (scope, key). Inside one transaction holding the key's lock: a stored answer is returned
 * again (409 if the same key comes with a different body); otherwise `work` runs, and its answer is stored with the
 * key. A refusal fit to show rolls the whole transaction back, and its answer is stored after, on its own: without
 * a savepoint, a checkout spends no round trip making one while it holds its places' locks, and a refusal two
 * fewer. A server fault stores nothing, so it may be retried. The work may store its answer itself, in one of its
 * own statements, from the row `answerRow` makes (and say so with `stored`).
 */
export async function answerOnce<T>(
  db: Database,
  identity: { scope: string; key: string; digest: string; now: Date },
  work: (tx: Database, answerRow: (statusCode: number, body: unknown) => AnswerRow) => Promise<WorkAnswer<T>>,
): Promise<StoredAnswer & { outcome: T | null }> {
  const { scope, key, digest, now } = identity;
  const answerRow = (statusCode: number, body: unknown): AnswerRow => ({ statusCode, body, values: [scope, key, digest, statusCode, JSON.stringify(body), now.toISOString()] });
  const storedAnswer = async (tx: Database) => (await runStatement<StoredRow>(tx, STORED_ANSWER, [scope, key]))[0];
  type Done = { replay: StoredRow } | { answer: StoredAnswer & { outcome: T } } | { refusal: HttpError };
  const done = await db
    .transaction(async (tx): Promise<Done> => {
      await runStatement(tx, lockKeyStatement(scope, key), []);
      const stored = await storedAnswer(tx);
      if (stored) return { replay: stored };
      const { last, stored: storedByWork, ...worked } = await work(tx, answerRow);
      if (!storedByWork) await runStatement(tx, STORE_ANSWER, answerRow(worked.statusCode, worked.body).values);
      await last?.();
      return { answer: { ...worked, replayed: false } };
    })
    .catch((error: unknown): Done => {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      return { refusal: error };
    });
  if ('replay' in done) return replayOf(done.replay, digest);
  if ('answer' in done) return done.answer;
  const refusal = { statusCode: done.refusal.statusCode, body: errorBody.parse({ status: false, message: done.refusal.message }) };
  const [inserted] = await runStatement(db, STORE_REFUSAL, answerRow(refusal.statusCode, refusal.body).values);
  if (inserted) return { ...refusal, replayed: false, outcome: null };
  const stored = await storedAnswer(db);
  if (!stored) throw new Error('the answer that kept this refusal from being stored is gone', { cause: done.refusal });
  return replayOf(stored, digest);
}

/** Forgets answers older than the retention period. */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000)));
}
