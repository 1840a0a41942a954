import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { outboxResponse } from '../../../src/domain/contract/devTools';
import { issueToken, SESSION_TTL_SECONDS } from '../../auth/tokens';
import { hashPassword } from '../../auth/passwords';
import { customers } from '../../db/schema/accounts';
import { orderLines, orders } from '../../db/schema/orders';
import { venues } from '../../db/schema/venue';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { manualClock } from '../accounts/accountsTestSupport';

export const TEST_PASSWORD = 'Harbour#2031';

export type Session = { id: number; token: string };

/** One app for a test file, on a clock that moves two hours between tests (clear of the code rate limits). */
export function profileTestApp() {
  const clock = manualClock('2025-06-01T08:00:00Z');
  let started: TestApp | null = null;
  let uploadsDir = '';
  const app = () => {
    if (!started) throw new Error('The test app starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    uploadsDir = await mkdtemp(join(tmpdir(), 'profile-test-'));
    started = await createTestApp({ now: clock.now, uploadsDir });
  });
  afterAll(async () => {
    await app().close();
    await rm(uploadsDir, { recursive: true, force: true });
  });
  beforeEach(() => clock.advanceMinutes(120));

  let accounts = 0;
  /** A fresh registered customer of its own, logged in (tests never share an account's state). */
  const newCustomer = async (fields: Partial<typeof customers.$inferInsert> = {}): Promise<Session> => {
    accounts += 1;
    const [row] = await app()
      .db.insert(customers)
      .values({
        firstName: 'Test',
        lastName: `Customer`,
        email: `profile.test${accounts}@example.com`,
        mobile: `+9715099${String(accounts).padStart(5, '0')}`,
        countryCode: '971',
        passwordHash: await hashPassword(TEST_PASSWORD),
        ...fields,
      })
      .returning({ id: customers.id });
    if (!row) throw new Error('the test customer was not created');
    return { id: row.id, token: await issueToken(app().db, row.id, SESSION_TTL_SECONDS, clock.now()) };
  };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session: Session | null, payload?: object): Promise<LightMyRequestResponse> =>
    app().app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: session ? { authorization: `Bearer ${session.token}` } : {},
      ...(payload ? { payload } : {}),
    });

  /** A photo sent as the screens send it: multipart, one file (named `image` unless told). */
  const upload = (url: string, session: Session | null, bytes: Buffer, field = 'image') => {
    const boundary = '----profile-image-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return app().app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(session ? { authorization: `Bearer ${session.token}` } : {}) },
    });
  };

  /** The six-digit code of the newest message to this address. */
  const latestCode = async (recipient: string): Promise<string> => {
    const messages = outboxResponse.parse((await call('GET', 'dev/outbox', null)).json()).data;
    const code = /\b(\d{6})\b/.exec(messages.find((message) => message.recipient === recipient)?.body ?? '')?.[1];
    if (!code) throw new Error(`no code sent to ${recipient}`);
    return code;
  };

  /** A paid order of the customer with one line on `date` naming these visitors. */
  const bookVisitors = async (ownerId: number, date: string, visitorIds: number[]) => {
    const [venue] = await app().db.select({ id: venues.id }).from(venues).limit(1);
    const reference = `T-${ownerId}-${date}-${visitorIds.join('-')}-${Math.round(clock.now().getTime() / 1000)}`;
    const [order] = await app()
      .db.insert(orders)
      .values({ token: reference, reference, venueId: venue!.id, customerId: ownerId, status: 'paid', currency: 'AED', subtotal: 10, vat: 0, discount: 0, total: 10 })
      .returning({ id: orders.id });
    await app()
      .db.insert(orderLines)
      .values({
        orderId: order!.id,
        kind: 'facility',
        name: 'Aqua Park',
        date,
        quantity: visitorIds.length,
        unitPrice: 10,
        unitTax: 0,
        total: 10,
        customers: visitorIds.map((id) => ({ customer_id: id, name: 'Visitor', email: '', mobile_number: '' })),
      });
  };

  const customerRow = async (id: number) => {
    const [row] = await app().db.select().from(customers).where(eq(customers.id, id)).limit(1);
    if (!row) throw new Error(`no customer ${id}`);
    return row;
  };

  return { clock, app, call, upload, newCustomer, latestCode, bookVisitors, customerRow };
}

export function expectStatus(response: LightMyRequestResponse, statusCode: number) {
  expect(response.statusCode, response.body).toBe(statusCode);
  return response.json() as { status: boolean; message: string; data: unknown };
}
