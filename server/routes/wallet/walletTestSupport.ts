import { eq } from 'drizzle-orm';
import { type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { errorBody } from '../../../src/domain/contract/envelope';
import { hostedPaymentResponse, type HostedPaymentResult } from '../../../src/domain/contract/wallet';
import { issueToken, SESSION_TTL_SECONDS } from '../../auth/tokens';
import { customers } from '../../db/schema/accounts';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { type orderTestApp } from '../orders/ordersTestSupport';

export type WalletTestApp = Awaited<ReturnType<typeof orderTestApp>>;

/** Bearer headers of any seeded account, found by its e-mail. */
export async function bearerOf(app: WalletTestApp, email: string): Promise<Headers> {
  const [row] = await app.t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).limit(1);
  if (!row) throw new Error(`no customer ${email}`);
  return { authorization: `Bearer ${await issueToken(app.t.db, row.id, SESSION_TTL_SECONDS, app.clock.now())}` };
}

export function callerOf(app: WalletTestApp) {
  const get = (url: string, headers: Headers = {}) => app.t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object | string) =>
    app.t.app.inject({ method, url: `/api/v1/${url}`, headers: typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers, ...(payload === undefined ? {} : { payload }) });
  return { get, send };
}

export function ok<T>(res: LightMyRequestResponse, schema: { parse: (value: unknown) => { data: T } }): T {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json()).data;
}

export function refusal(res: LightMyRequestResponse, statusCode: number): string {
  expect(res.statusCode, res.body).toBe(statusCode);
  return errorBody.parse(res.json()).message;
}

export const hosted = (res: LightMyRequestResponse): HostedPaymentResult => ok(res, hostedPaymentResponse);
