import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseUrl } from '../testing/testDatabase';
import { PREPARED_PER_CONNECTION, PreparingClient, statementName } from './preparedStatements';

describe('statementName', () => {
  it('names one text the same way every time and two texts differently, within PostgreSQL’s 63-byte names', () => {
    const text = 'select $1::int as id';
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName(text)).not.toBe(statementName('select $1::int as  id'));
    expect(statementName('x'.repeat(10_000)).length).toBeLessThanOrEqual(63);
  });
});

/** Only on PostgreSQL (the "postgres" vitest project): the embedded database has no driver connections to prepare on. */
describe.skipIf(testDatabaseUrl() === null)('PreparingClient', () => {
  let client: InstanceType<typeof PreparingClient>;
  let observer: pg.Client;
  const preparedNames = async () =>
    (await client.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name);

  beforeAll(async () => {
    client = new PreparingClient({ connectionString: testDatabaseUrl() ?? '' });
    await client.connect();
    observer = new pg.Client({ connectionString: testDatabaseUrl() ?? '' });
    await observer.connect();
  });
  afterAll(async () => {
    await client.end();
    await observer.end();
  });

  /** What the client's connection is doing, as PostgreSQL sees it ('idle', 'idle in transaction'). */
  const stateOfClient = async () =>
    (await observer.query<{ state: string }>('select state from pg_stat_activity where pid = $1', [(client as unknown as { processID: number }).processID])).rows[0]?.state;

  /** Runs `steps` and answers how many queries the client sent to the server meanwhile. */
  const queriesSent = async (steps: () => Promise<void>) => {
    const sent = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await steps();
      return sent.mock.contexts.filter((context) => context === client).length;
    } finally {
      sent.mockRestore();
    }
  };

  it('sends a transaction\'s begin with its first statement when that has no parameters: one query, one transaction', async () => {
    const sent = await queriesSent(async () => {
      await client.query('begin');
      expect(await stateOfClient()).toBe('idle');
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      expect(await stateOfClient()).toBe('idle in transaction');
      await client.query('commit');
      expect(await stateOfClient()).toBe('idle');
    });
    expect(sent).toBe(2);
  });

  it('sends a held-back begin on its own before a statement with parameters, and nothing for a transaction that ran none', async () => {
    const withParameters = await queriesSent(async () => {
      await client.query('begin');
      expect((await client.query<{ n: number }>('select $1::int as n', [5])).rows).toEqual([{ n: 5 }]);
      expect(await stateOfClient()).toBe('idle in transaction');
      await client.query('rollback');
      expect(await stateOfClient()).toBe('idle');
    });
    expect(withParameters).toBe(3);
    const empty = await queriesSent(async () => {
      await client.query('begin');
      await client.query('commit');
    });
    expect(empty).toBe(0);
  });

  it('prepares a statement with parameters once under its name and reuses it, with the right answer each time', async () => {
    const text = 'select $1::int + 1 as next';
    expect((await client.query<{ next: number }>(text, [1])).rows).toEqual([{ next: 2 }]);
    expect((await client.query<{ next: number }>({ text, values: [41] })).rows).toEqual([{ next: 42 }]);
    expect((await preparedNames()).filter((name) => name === statementName(text))).toHaveLength(1);
  });

  it('leaves statements without parameters (begin, commit, savepoints) unprepared', async () => {
    await client.query('begin');
    await client.query('savepoint inside');
    await client.query('commit');
    expect(await preparedNames()).not.toContain(statementName('begin'));
    expect(await preparedNames()).not.toContain(statementName('savepoint inside'));
  });

  it('keeps a name the caller chose', async () => {
    await client.query({ name: 'chosen_by_caller', text: 'select $1::text as word', values: ['kept'] });
    expect(await preparedNames()).toContain('chosen_by_caller');
  });

  it(`prepares at most ${PREPARED_PER_CONNECTION} statements per connection, and still answers the ones past that`, async () => {
    const ours = async () => (await preparedNames()).filter((name) => name.startsWith('s_'));
    const already = (await ours()).length;
    for (let index = 0; index < PREPARED_PER_CONNECTION - already + 5; index += 1) {
      expect((await client.query<{ n: number }>(`select $1::int + ${index} as n`, [1])).rows).toEqual([{ n: 1 + index }]);
    }
    expect(await ours()).toHaveLength(PREPARED_PER_CONNECTION);
  });
});
