import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Database } from '../db/client';
import { authTokens, customers } from '../db/schema/accounts';

export type CustomerRow = typeof customers.$inferSelect;

/** Session length: the client forgets a login after 12 hours, so the server does too. */
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

/** Only the digest is stored, so a leaked table does not leak sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Database, customerId: number, ttlSeconds: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({
    customerId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return token;
}

/** The customer behind a live token (not expired, not revoked), or null. */
export async function findCustomerByToken(db: Database, token: string, now: Date): Promise<CustomerRow | null> {
  const [row] = await db
    .select({ customer: customers })
    .from(authTokens)
    .innerJoin(customers, eq(customers.id, authTokens.customerId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), gt(authTokens.expiresAt, now), isNull(authTokens.revokedAt)))
    .limit(1);
  return row?.customer ?? null;
}
