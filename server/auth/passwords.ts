import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { and, count, eq, gt, min } from 'drizzle-orm';
import { type Database } from '../db/client';
import { loginFailures } from '../db/schema/accounts';

/** scrypt cost (N = 2^14, r = 8, p = 1): OWASP's floor for interactive logins, about 50 ms per hash. */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$key` (base64url parts), so the cost can rise later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** Checked against when no account matches, so a wrong mobile number costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function passwordDecoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  return decoyHash;
}

/** Password guessing: at most this many wrong passwords per account in the window, then a pause. */
export const LOGIN_FAILURE_LIMIT = { max: 10, windowMinutes: 15 } as const;

/** Minutes to wait before this account may try a password again, or 0. */
export async function loginPauseMinutes(db: Database, accountKey: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_LIMIT.windowMinutes * 60_000);
  const [row] = await db
    .select({ failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.createdAt, windowStart)));
  if (!row || row.failures < LOGIN_FAILURE_LIMIT.max || !row.oldest) return 0;
  const freeAt = row.oldest.getTime() + LOGIN_FAILURE_LIMIT.windowMinutes * 60_000;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000));
}

export async function recordLoginFailure(db: Database, accountKey: string, clientAddress: string, now: Date) {
  await db.insert(loginFailures).values({ accountKey, clientAddress, createdAt: now });
}

/** A successful login forgets earlier mistakes. */
export async function clearLoginFailures(db: Database, accountKey: string) {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}
