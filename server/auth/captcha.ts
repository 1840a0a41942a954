import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { type Database } from '../db/client';
import { captchaChallenges } from '../db/schema/accounts';
import { AuthError } from './errors';
import { authErrorText } from '../../src/domain/authErrorText';

export const CAPTCHA_FAILED = authErrorText('captcha_failed');
export const CAPTCHA_UNAVAILABLE = authErrorText('captcha_unavailable');
export const CAPTCHA_LIFETIME_MINUTES = 5;

export type CaptchaContext = { clientAddress: string; now: Date };

/** Decides whether a `recaptcha_response` proves a person is there. Each response is good for one call. */
export type CaptchaProvider = { verify: (response: string, context: CaptchaContext) => Promise<boolean> };

export type CaptchaChallenge = { id: string; question: { en: string; ar: string }; expires_at: string };

/** The built-in provider also hands out the questions it checks. */
export type BuiltInCaptcha = CaptchaProvider & { createChallenge: (now: Date) => Promise<CaptchaChallenge> };

const toArabicDigits = (value: number) => String(value).replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

/** Arabic-Indic and Persian digits count as the digits they are, so an on-screen Arabic keyboard works too. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/**
 * For development, tests and terminals without internet: a small sum, in English and Arabic, answered as
 * `recaptcha_response = "<id>:<answer>"`. Any answer, right or wrong, uses the challenge up.
 */
export function builtInCaptcha(db: Database): BuiltInCaptcha {
  return {
    async createChallenge(now) {
      await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, now));
      const a = randomInt(2, 13);
      const b = randomInt(1, 10);
      const id = randomBytes(16).toString('base64url');
      const expiresAt = new Date(now.getTime() + CAPTCHA_LIFETIME_MINUTES * 60_000);
      await db.insert(captchaChallenges).values({ id, answer: a + b, createdAt: now, expiresAt });
      return {
        id,
        question: { en: `What is ${a} + ${b}?`, ar: `كم يساوي ${toArabicDigits(a)} + ${toArabicDigits(b)}؟` },
        expires_at: expiresAt.toISOString(),
      };
    },

    async verify(response, { now }) {
      const separator = response.lastIndexOf(':');
      if (separator <= 0) return false;
      const id = response.slice(0, separator);
      const answer = westernDigits(response.slice(separator + 1).trim());
      const [challenge] = await db
        .update(captchaChallenges)
        .set({ usedAt: now })
        .where(and(eq(captchaChallenges.id, id), isNull(captchaChallenges.usedAt), gt(captchaChallenges.expiresAt, now)))
        .returning({ answer: captchaChallenges.answer });
      return challenge !== undefined && /^\d{1,3}$/.test(answer) && Number(answer) === challenge.answer;
    },
  };
}

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** reCAPTCHA v2: the widget's token is checked with Google's siteverify call (used when RECAPTCHA_SECRET is set). */
export function recaptchaV2(secret: string, fetchImpl: typeof fetch = fetch): CaptchaProvider {
  return {
    async verify(response, { clientAddress }) {
      let answer: unknown;
      try {
        const reply = await fetchImpl(SITEVERIFY_URL, {
          method: 'POST',
          body: new URLSearchParams({ secret, response, remoteip: clientAddress }),
          signal: AbortSignal.timeout(5000),
        });
        if (!reply.ok) throw new Error(`siteverify answered ${reply.status}`);
        answer = await reply.json();
      } catch (error) {
        throw Object.assign(new AuthError(503, 'captcha_unavailable', CAPTCHA_UNAVAILABLE), { cause: error });
      }
      return typeof answer === 'object' && answer !== null && (answer as { success?: unknown }).success === true;
    },
  };
}

/** Both providers a server can offer; each venue picks one through its `recaptcha_site_key`. */
export type Captcha = { builtIn: BuiltInCaptcha; recaptcha: CaptchaProvider | null };

/** reCAPTCHA needs the server's secret; without RECAPTCHA_SECRET there is none. */
export function recaptchaFromEnvironment(env: NodeJS.ProcessEnv = process.env): CaptchaProvider | null {
  const secret = env.RECAPTCHA_SECRET?.trim();
  return secret ? recaptchaV2(secret) : null;
}

/**
 * A venue with a reCAPTCHA site key shows Google's widget, so its answers go to Google; without one, the portal
 * shows the built-in challenge. A site key without a server secret cannot be checked: that is a set-up fault.
 */
export async function requireCaptcha(
  captcha: Captcha,
  siteKey: string | null | undefined,
  response: string | undefined,
  context: CaptchaContext,
): Promise<void> {
  const provider = siteKey ? captcha.recaptcha : captcha.builtIn;
  if (!provider) throw new Error('The venue has a recaptcha_site_key but RECAPTCHA_SECRET is not set');
  const trimmed = response?.trim() ?? '';
  if (trimmed === '' || trimmed.length > 4096 || !(await provider.verify(trimmed, context))) throw new AuthError(422, 'captcha_failed', CAPTCHA_FAILED);
}
