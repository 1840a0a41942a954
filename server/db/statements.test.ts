import { eq } from 'drizzle-orm';
import { interval, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/testApp';
import { customers } from './schema/accounts';
import { facilities, products } from './schema/facilities';
import { venues } from './schema/venue';
import { columnsAs, runStatement } from './statements';

describe('runStatement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('runs on the transaction’s own connection: it sees what the transaction wrote before it commits, and nobody else does', async () => {
    const [venue] = await t.db.select({ id: venues.id, code: venues.code }).from(venues).limit(1);
    if (!venue) throw new Error('no demo venue');
    const codeOf = (db: typeof t.db) => runStatement<{ code: string }>(db, 'select code from venues where id = $1', [venue.id]);
    await t.db
      .transaction(async (tx) => {
        await tx.update(venues).set({ code: 'renamed-in-transaction' }).where(eq(venues.id, venue.id));
        expect(await codeOf(tx)).toEqual([{ code: 'renamed-in-transaction' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await codeOf(t.db)).toEqual([{ code: venue.code }]);
  });

  it('answers integers, text and json alike on both databases', async () => {
    const rows = await runStatement<{ n: number; word: string; doc: unknown }>(t.db, 'select $1::int + 1 as n, $2::text as word, $3::json as doc', [41, 'kept', JSON.stringify({ a: [1, 'b'] })]);
    expect(rows).toEqual([{ n: 42, word: 'kept', doc: { a: [1, 'b'] } }]);
  });

  it('columnsAs reads a table\'s rows as drizzle maps them (money as numbers, days as text, instants as Dates), and refuses a column it cannot', async () => {
    for (const [table, name] of [[facilities, 'facilities'], [products, 'products'], [customers, 'customers']] as const) {
      const viaDrizzle = await t.db.select().from(table).orderBy(table.id).limit(5);
      expect(viaDrizzle.length).toBeGreaterThan(0);
      const viaText = await runStatement(t.db, `select ${columnsAs(table, 'row')} from ${name} row order by row.id limit 5`, []);
      expect(viaText).toEqual(viaDrizzle);
    }
    expect(() => columnsAs(pgTable('spans', { length: interval('length') }), 'span')).toThrow(/length is a PgInterval/);
  });
});
