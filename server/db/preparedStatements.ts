import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Statements one connection keeps prepared. The server's statements come in a bounded number of shapes, but one
 * shape per list length (an order of 1 to 30 lines, a lock of n places) multiplies them; past this many, a
 * connection runs further new statements unprepared, so PostgreSQL's memory per connection stays bounded.
 */
export const PREPARED_PER_CONNECTION = 400;

/** Statement names this process keeps worked out: more than any connection prepares. */
const NAMES_KEPT = 4 * PREPARED_PER_CONNECTION;

/** Texts named so far in this process: hashing a checkout's statements on every order cost ~3% of its CPU. */
const namesByText = new Map<string, string>();

/** A statement's name on every connection: the same text always gets the same name, different texts never do. */
export function statementName(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
    // Texts come in a bounded number of shapes, but a bound keeps a surprise (a text per value) from growing it.
    if (namesByText.size >= NAMES_KEPT) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

const isConfig = (value: unknown): value is QueryConfig => typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';

/** What a `begin`, `commit` or `rollback` the server was never sent answers: pg's result of a command, empty. */
const NOTHING_SENT = { command: null, rowCount: null, oid: null, rows: [], fields: [] };

const isBare = (text: string, command: string) => text.trim().toLowerCase() === command;

/**
 * A pg client that prepares every parameterised statement under a name derived from its text: PostgreSQL parses
 * and plans a checkout's statements once per connection instead of on every order, and the driver sends Bind and
 * Execute only. Statements without parameters (begin, commit, savepoints) keep the simple protocol.
 *
 * It also sends a transaction's `begin` with the transaction's first statement when that one has no parameters
 * (`begin;select …`, one round trip instead of two; node-postgres has no pipelining): a `begin` is held back until
 * the next statement, sent on its own before one with parameters, and not sent at all when the transaction ends
 * before any statement ran. Only a promise-style call is held back, as drizzle's transactions make.
 */
class Preparing extends pg.Client {
  private readonly prepared = new Set<string>();
  private beginHeldBack = false;

  override query(...args: unknown[]): never {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : isConfig(config) ? config.text : null;
    const parameters = Array.isArray(values) ? values : isConfig(config) ? config.values : undefined;
    const hasParameters = parameters !== undefined && parameters.length > 0;
    const promised = text !== null && !args.some((arg) => typeof arg === 'function');
    if (this.beginHeldBack) {
      this.beginHeldBack = false;
      if (promised && !hasParameters && (isBare(text, 'commit') || isBare(text, 'rollback'))) return Promise.resolve(NOTHING_SENT) as never;
      if (promised && !hasParameters) return this.withBegin(config, text) as never;
      // pg runs a connection's queries in the order they were asked for; the statement's own answer tells of failure.
      (super.query('begin') as unknown as Promise<unknown>).catch(() => undefined);
    } else if (promised && !hasParameters && isBare(text, 'begin')) {
      this.beginHeldBack = true;
      return Promise.resolve(NOTHING_SENT) as never;
    }
    if (text !== null && hasParameters && !(isConfig(config) && config.name)) {
      const name = statementName(text);
      if (this.prepared.has(name) || this.prepared.size < PREPARED_PER_CONNECTION) {
        this.prepared.add(name);
        args[0] = { ...(isConfig(config) ? config : { text }), name };
      }
    }
    return (super.query as (...all: unknown[]) => never)(...args);
  }

  /** The statement with a `begin` before it, in one simple query; pg answers each, and the statement's is the one. */
  private async withBegin(config: unknown, text: string): Promise<unknown> {
    const both = `begin;${text}`;
    const answers: unknown = await (super.query as (config: unknown) => Promise<unknown>)(isConfig(config) ? { ...config, text: both } : both);
    return Array.isArray(answers) ? answers[answers.length - 1] : answers;
  }
}

/** Typed as pg's own client: the override changes which statements are named, not what a query takes or answers. */
export const PreparingClient = Preparing as unknown as typeof pg.Client;
