import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import { type Database } from '../db/client';
import { loginAttemptCounters, loginKnownAddresses } from '../db/schema/accounts';
import { authErrorText } from '../../src/domain/authErrorText';
import { AuthError } from './errors';

/**
 * Password guessing is limited three ways, each a count of attempts in a fixed window:
 * - one account from one address: the owner's own typing mistakes, and a stranger guessing from one place;
 * - one address, whatever the account: one machine trying many accounts (password spraying);
 * - one account from everywhere: many machines guessing one account. Once strangers have used this up, only
 *   addresses the account has logged in from (loginKnownAddresses) may still try, so they cannot lock the owner out.
 */
export const LOGIN_LIMITS = {
  accountFromAddress: { max: 10, windowMinutes: 15 },
  address: { max: 30, windowMinutes: 15 },
  account: { max: 100, windowMinutes: 15 },
} as const;

/** How long a successful login makes its address a known one for the account. */
export const KNOWN_ADDRESS_DAYS = 90;

type LimitName = keyof typeof LOGIN_LIMITS;

const counterKey = (limit: LimitName, accountKey: string, clientAddress: string) =>
  ({ accountFromAddress: `account:${accountKey}|address:${clientAddress}`, address: `address:${clientAddress}`, account: `account:${accountKey}` })[limit];

/** An attempt held against the limits; a right password hands it back with `forgiveAttempt`. */
export type LoginAttempt = { accountKey: string; clientAddress: string; counted: LimitName[] };

export const loginPausedText = (minutes: number) => authErrorText('login_paused', { minutes });

/** 429 login_paused, with the whole minutes until the full window ends. */
function pausedFor(minutes: number) {
  return new AuthError(429, 'login_paused', loginPausedText(minutes), { params: { minutes } });
}

type Executor = Pick<Database, 'insert' | 'select'>;

/** One more attempt on the counter, unless it is full; a window that has ended starts again at one. */
async function takeAttempt(tx: Executor, key: string, limit: { max: number; windowMinutes: number }, now: Date): Promise<boolean> {
  const windowEndsAt = new Date(now.getTime() + limit.windowMinutes * 60_000);
  const ended = sql`${loginAttemptCounters.windowEndsAt} <= ${now}`;
  const taken = await tx
    .insert(loginAttemptCounters)
    .values({ key, attempts: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: loginAttemptCounters.key,
      set: {
        attempts: sql`case when ${ended} then 1 else ${loginAttemptCounters.attempts} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${windowEndsAt} else ${loginAttemptCounters.windowEndsAt} end`,
      },
      setWhere: or(ended, lt(loginAttemptCounters.attempts, limit.max)),
    })
    .returning({ attempts: loginAttemptCounters.attempts });
  return taken.length > 0;
}

async function minutesUntilFree(tx: Executor, key: string, now: Date): Promise<number> {
  const [row] = await tx.select({ windowEndsAt: loginAttemptCounters.windowEndsAt }).from(loginAttemptCounters).where(eq(loginAttemptCounters.key, key));
  return Math.max(1, Math.ceil(((row?.windowEndsAt.getTime() ?? now.getTime()) - now.getTime()) / 60_000));
}

const knownSince = (now: Date) => new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);

async function isKnownAddress(db: Database, accountKey: string, clientAddress: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ accountKey: loginKnownAddresses.accountKey })
    .from(loginKnownAddresses)
    .where(and(eq(loginKnownAddresses.accountKey, accountKey), eq(loginKnownAddresses.clientAddress, clientAddress), gt(loginKnownAddresses.lastLoginAt, knownSince(now))));
  return row !== undefined;
}

/**
 * Holds one attempt on every limit that applies before the password is checked, all or none in one short
 * transaction (the counters' row locks order parallel attempts), or refuses with 429 login_paused.
 */
export async function reserveLoginAttempt(db: Database, accountKey: string, clientAddress: string, now: Date): Promise<LoginAttempt> {
  const known = await isKnownAddress(db, accountKey, clientAddress, now);
  const counted: LimitName[] = known ? ['accountFromAddress', 'address'] : ['accountFromAddress', 'address', 'account'];
  await db.transaction(async (tx) => {
    await tx.delete(loginAttemptCounters).where(lte(loginAttemptCounters.windowEndsAt, now));
    for (const limit of counted) {
      const key = counterKey(limit, accountKey, clientAddress);
      if (!(await takeAttempt(tx, key, LOGIN_LIMITS[limit], now))) throw pausedFor(await minutesUntilFree(tx, key, now));
    }
  });
  return { accountKey, clientAddress, counted };
}

/**
 * A right password: the mistakes of this account from this address are forgotten, the attempt no longer counts
 * against the address or the account, and the address becomes a known one for the account.
 */
export async function forgiveAttempt(db: Database, { accountKey, clientAddress, counted }: LoginAttempt, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(loginAttemptCounters).where(eq(loginAttemptCounters.key, counterKey('accountFromAddress', accountKey, clientAddress)));
    for (const limit of counted.filter((each) => each !== 'accountFromAddress')) {
      await tx
        .update(loginAttemptCounters)
        .set({ attempts: sql`greatest(${loginAttemptCounters.attempts} - 1, 0)` })
        .where(eq(loginAttemptCounters.key, counterKey(limit, accountKey, clientAddress)));
    }
    await tx.delete(loginKnownAddresses).where(and(eq(loginKnownAddresses.accountKey, accountKey), lte(loginKnownAddresses.lastLoginAt, knownSince(now))));
    await tx
      .insert(loginKnownAddresses)
      .values({ accountKey, clientAddress, lastLoginAt: now })
      .onConflictDoUpdate({ target: [loginKnownAddresses.accountKey, loginKnownAddresses.clientAddress], set: { lastLoginAt: now } });
  });
}
