import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, min, sql } from 'drizzle-orm';
import { OTP_LENGTH } from '../../src/domain/constants';
import { type Database } from '../db/client';
import { oneTimeCodes, type OneTimeCodePurpose } from '../db/schema/accounts';
import { AuthError } from './errors';
import { authErrorText } from '../../src/domain/authErrorText';

export const CODE_LIFETIME_MINUTES = 10;
export const CODE_MAX_WRONG_ATTEMPTS = 5;
/** Codes are sent by SMS and e-mail, which cost money and can be used to pester people; both are limited. */
export const CODE_RATE_LIMITS = {
  perAccount: { max: 3, windowMinutes: 10 },
  perAddress: { max: 10, windowMinutes: 60 },
} as const;

export const CODE_MESSAGES = {
  invalid: authErrorText('code_invalid'),
  expired: authErrorText('code_expired'),
  locked: authErrorText('code_locked'),
  tooMany: (minutes: number) => authErrorText('code_rate_limited', { minutes }),
} as const;

export type CodeRow = typeof oneTimeCodes.$inferSelect;

type CodeFailure = 'code_invalid' | 'code_expired' | 'code_locked';
const CODE_FAILURE_MESSAGES: Record<CodeFailure, string> = {
  code_invalid: CODE_MESSAGES.invalid,
  code_expired: CODE_MESSAGES.expired,
  code_locked: CODE_MESSAGES.locked,
};

/** A failed code check; registration flags it as a code error. */
export class OneTimeCodeError extends AuthError {
  constructor(readonly failure: CodeFailure) {
    super(422, failure, CODE_FAILURE_MESSAGES[failure]);
    this.name = 'OneTimeCodeError';
  }
}

export const customerAccountKey = (customerId: number) => `customer:${customerId}`;
/** Before an account exists, a registration code belongs to the mobile number it is sent to. */
export const mobileAccountKey = (fullMobile: string) => `mobile:${fullMobile}`;

export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

function hashCode(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${digest(salt, code)}`;
}

function codeMatches(code: string, stored: string): boolean {
  const [salt, expected] = stored.split('$');
  if (!salt || !expected) return false;
  return timingSafeEqual(Buffer.from(digest(salt, code), 'hex'), Buffer.from(expected, 'hex'));
}

const minutesAgo = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** Minutes until the oldest code counted in the window leaves it. */
function minutesUntilFree(oldest: Date, windowMinutes: number, now: Date): number {
  return Math.max(1, Math.ceil((oldest.getTime() + windowMinutes * 60_000 - now.getTime()) / 60_000));
}

async function enforceRateLimit(db: Database, column: typeof oneTimeCodes.accountKey | typeof oneTimeCodes.clientAddress, value: string, limit: { max: number; windowMinutes: number }, now: Date) {
  const [row] = await db
    .select({ issued: count(), oldest: min(oneTimeCodes.createdAt) })
    .from(oneTimeCodes)
    .where(and(eq(column, value), gt(oneTimeCodes.createdAt, minutesAgo(now, limit.windowMinutes))));
  if (row && row.issued >= limit.max && row.oldest) {
    const minutes = minutesUntilFree(row.oldest, limit.windowMinutes, now);
    throw new AuthError(429, 'code_rate_limited', CODE_MESSAGES.tooMany(minutes), { params: { minutes } });
  }
}

export type CodeRequest = {
  purpose: OneTimeCodePurpose;
  accountKey: string;
  customerId: number | null;
  email: string | null;
  mobile: string | null;
  clientAddress: string;
};

/**
 * Issues a fresh code after the rate limits allow it; earlier live codes of the same purpose for the account die,
 * so only the latest message sent is valid.
 */
export async function issueCode(db: Database, request: CodeRequest, now: Date): Promise<{ row: CodeRow; code: string }> {
  await enforceRateLimit(db, oneTimeCodes.accountKey, request.accountKey, CODE_RATE_LIMITS.perAccount, now);
  await enforceRateLimit(db, oneTimeCodes.clientAddress, request.clientAddress, CODE_RATE_LIMITS.perAddress, now);
  const code = generateCode();
  const row = await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ closedAt: now })
      .where(and(eq(oneTimeCodes.purpose, request.purpose), eq(oneTimeCodes.accountKey, request.accountKey), isNull(oneTimeCodes.closedAt)));
    const [inserted] = await tx
      .insert(oneTimeCodes)
      .values({ ...request, codeHash: hashCode(code), createdAt: now, expiresAt: new Date(now.getTime() + CODE_LIFETIME_MINUTES * 60_000) })
      .returning();
    if (!inserted) throw new Error('the one-time code was not stored');
    return inserted;
  });
  return { row, code };
}

export type CodeCheck = {
  purpose: OneTimeCodePurpose;
  accountKey: string;
  code: string;
  /** Addresses the code must have been sent to (registration binds a code to both). */
  email?: string | null;
  /** true uses the code up; false only confirms it (the registration form checks the code before submitting). */
  consume: boolean;
};

/** The live code for the check, or a OneTimeCodeError; every wrong guess counts towards the limit. */
export async function checkCode(db: Database, check: CodeCheck, now: Date): Promise<CodeRow> {
  const [latest] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.purpose, check.purpose), eq(oneTimeCodes.accountKey, check.accountKey), isNull(oneTimeCodes.closedAt)))
    .orderBy(desc(oneTimeCodes.createdAt), desc(oneTimeCodes.id))
    .limit(1);
  if (!latest) throw new OneTimeCodeError('code_invalid');
  if (latest.failedAttempts >= CODE_MAX_WRONG_ATTEMPTS) throw new OneTimeCodeError('code_locked');
  if (latest.expiresAt.getTime() <= now.getTime()) throw new OneTimeCodeError('code_expired');

  const addressMatches = check.email === undefined || check.email === latest.email;
  if (!addressMatches || !codeMatches(check.code, latest.codeHash)) {
    const [counted] = await db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(eq(oneTimeCodes.id, latest.id))
      .returning({ failedAttempts: oneTimeCodes.failedAttempts });
    const lockedNow = (counted?.failedAttempts ?? CODE_MAX_WRONG_ATTEMPTS) >= CODE_MAX_WRONG_ATTEMPTS;
    throw new OneTimeCodeError(lockedNow ? 'code_locked' : 'code_invalid');
  }

  if (!check.consume) return latest;
  // Two requests racing with the same code: only the one that closes it wins.
  const [closed] = await db
    .update(oneTimeCodes)
    .set({ closedAt: now })
    .where(and(eq(oneTimeCodes.id, latest.id), isNull(oneTimeCodes.closedAt), lt(oneTimeCodes.failedAttempts, CODE_MAX_WRONG_ATTEMPTS)))
    .returning();
  if (!closed) throw new OneTimeCodeError('code_invalid');
  return closed;
}

const CODE_SUBJECTS: Record<OneTimeCodePurpose, { en: string; ar: string }> = {
  login: { en: 'Your login code', ar: 'رمز تسجيل الدخول' },
  password_reset: { en: 'Your password reset code', ar: 'رمز إعادة تعيين كلمة المرور' },
  registration: { en: 'Your registration code', ar: 'رمز التسجيل' },
  contact_change: { en: 'Your code to confirm this address', ar: 'رمز تأكيد هذا العنوان' },
  verify_customer: { en: 'Your account verification code', ar: 'رمز توثيق الحساب' },
};

/** The message carrying a code, in English and Arabic (the server does not know the reader's language). */
export function codeMessage(purpose: OneTimeCodePurpose, code: string, venueName: string): { subject: string; body: string } {
  const subject = CODE_SUBJECTS[purpose];
  return {
    subject: `${venueName}: ${subject.en}`,
    body: [
      `${subject.en}: ${code}. It expires in ${CODE_LIFETIME_MINUTES} minutes. Never share this code with anyone.`,
      `${subject.ar}: ${code}. تنتهي صلاحيته خلال ${CODE_LIFETIME_MINUTES} دقائق. لا تشارك هذا الرمز مع أي شخص.`,
    ].join('\n'),
  };
}
