import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import * as z from 'zod/mini';
import { type Database } from '../db/client';
import { captchaChallenges, serverSecrets, usedCaptchaSolutions } from '../db/schema/accounts';
import { AuthError } from './errors';
import { authErrorText } from '../../src/domain/authErrorText';
import { proofOfWorkChallenge, type CaptchaChallenge, type ProofOfWorkChallenge, type QuestionChallenge } from '../../src/domain/contract/auth';

export const CAPTCHA_FAILED = authErrorText('captcha_failed');
export const CAPTCHA_UNAVAILABLE = authErrorText('captcha_unavailable');
export const CAPTCHA_LIFETIME_MINUTES = 5;

export type CaptchaContext = { clientAddress: string; now: Date };

/** Decides whether a `recaptcha_response` proves a person is there. Each response is good for one call. */
export type CaptchaProvider = { verify: (response: string, context: CaptchaContext) => Promise<boolean> };

/** The server's own captcha also hands out the challenges it checks. */
export type SelfHostedCaptcha<Challenge extends CaptchaChallenge = CaptchaChallenge> = CaptchaProvider & {
  createChallenge: (now: Date) => Promise<Challenge>;
};

const toArabicDigits = (value: number) => String(value).replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));

/** Arabic-Indic and Persian digits count as the digits they are, so an on-screen Arabic keyboard works too. */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/**
 * For development, tests and terminals without internet: a small sum, in English and Arabic, answered as
 * `recaptcha_response = "<id>:<answer>"`. Any answer, right or wrong, uses the challenge up.
 */
export function builtInCaptcha(db: Database): SelfHostedCaptcha<QuestionChallenge> {
  return {
    async createChallenge(now) {
      await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, now));
      const a = randomInt(2, 13);
      const b = randomInt(1, 10);
      const id = randomBytes(16).toString('base64url');
      const expiresAt = new Date(now.getTime() + CAPTCHA_LIFETIME_MINUTES * 60_000);
      await db.insert(captchaChallenges).values({ id, answer: a + b, createdAt: now, expiresAt });
      return {
        kind: 'question',
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

/**
 * PBKDF2/SHA-256, 1,000 iterations a try, the answer 500 to 1,500 tries in: about a second on a phone (the widget
 * shares the tries among its workers) and as long on a server core, so every answer costs a script real work, where
 * a sum costs it nothing. Checking an answer costs the server one HMAC.
 */
export const PROOF_OF_WORK_COST = { iterations: 1_000, minTries: 500, maxTries: 1_500 };
export const PROOF_OF_WORK_LIFETIME_MINUTES = 10;

/** A signed ALTCHA challenge as altcha-lib reads it (the contract only passes its parameters on). */
export const signedAltchaChallenge = z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.optional(z.string()),
      expiresAt: z.optional(z.number()),
    }),
  signature: z.string(),
});

/** The widget's answer (`recaptcha_response`): base64 of the JSON of the challenge it solved and its solution. */
const altchaPayload = z.object({
  challenge: signedAltchaChallenge,
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.optional(z.number()) }),
});

function decodeAltchaPayload(response: string) {
  try {
    const parsed = altchaPayload.safeParse(JSON.parse(Buffer.from(response, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const CAPTCHA_SECRET_NAME = 'captcha';

/**
 * The key that signs proof-of-work challenges: CAPTCHA_SECRET when set, else one made up by the first process and
 * kept in the database, so that every server process on it accepts the challenges of the others.
 */
export function captchaSecret(db: Database, env: NodeJS.ProcessEnv = process.env): () => Promise<string> {
  const configured = env.CAPTCHA_SECRET?.trim();
  let secret: Promise<string> | null = configured ? Promise.resolve(configured) : null;
  const stored = async () => {
    await db
      .insert(serverSecrets)
      .values({ name: CAPTCHA_SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, CAPTCHA_SECRET_NAME));
    if (!row) throw new Error('The captcha secret could not be stored');
    return row.value;
  };
  return () =>
    (secret ??= stored().catch((error: unknown) => {
      secret = null;
      throw error;
    }));
}

/** Separate keys for the challenge and for its answer, both from the one secret. */
const signingKeys = (secret: string) => ({
  hmacSignatureSecret: createHmac('sha256', secret).update('altcha challenge').digest('base64url'),
  hmacKeySignatureSecret: createHmac('sha256', secret).update('altcha answer').digest('base64url'),
});

/**
 * For production without reCAPTCHA: a self-hosted proof-of-work challenge (ALTCHA) that the portal's widget solves
 * while the visitor fills in the form. Challenges are signed, not stored; a solved one is recorded until it expires,
 * so each is accepted once, by whichever server process sees it first.
 */
export function proofOfWorkCaptcha(secret: () => Promise<string>, cost = PROOF_OF_WORK_COST) {
  return (db: Database): SelfHostedCaptcha<ProofOfWorkChallenge> => ({
    async createChallenge(now) {
      await db.delete(usedCaptchaSolutions).where(lt(usedCaptchaSolutions.expiresAt, now));
      const expiresAt = new Date(now.getTime() + PROOF_OF_WORK_LIFETIME_MINUTES * 60_000);
      const { parameters, signature } = await createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: cost.iterations,
        counter: randomInt(cost.minTries, cost.maxTries + 1),
        deriveKey,
        expiresAt,
        ...signingKeys(await secret()),
      });
      if (!signature) throw new Error('altcha-lib returned an unsigned challenge');
      return { kind: 'proof_of_work', challenge: proofOfWorkChallenge.shape.challenge.parse({ parameters, signature }), expires_at: expiresAt.toISOString() };
    },

    async verify(response, { now }) {
      const payload = decodeAltchaPayload(response);
      const expiresAt = payload?.challenge.parameters.expiresAt;
      // altcha-lib checks the expiry against the wall clock; the server's clock decides here (tests move it).
      if (!payload || typeof expiresAt !== 'number' || expiresAt * 1000 <= now.getTime()) return false;
      const { verified } = await verifySolution({ ...payload, deriveKey, ...signingKeys(await secret()) });
      if (!verified) return false;
      const [first] = await db
        .insert(usedCaptchaSolutions)
        .values({ signature: payload.challenge.signature, expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ signature: usedCaptchaSolutions.signature });
      return first !== undefined;
    },
  });
}

export type SelfHostedCaptchaKind = CaptchaChallenge['kind'];

/** The server's own captcha: the sum where asked for (development, tests), proof of work otherwise. */
export function selfHostedCaptcha(kind: SelfHostedCaptchaKind, secretStore: Database): (db: Database) => SelfHostedCaptcha {
  return kind === 'question' ? builtInCaptcha : proofOfWorkCaptcha(captchaSecret(secretStore));
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

/**
 * Both providers a server can offer; each venue picks one through its `recaptcha_site_key`. The server's own works
 * through a given database or transaction (so that a lead's refusal keeps its answer used up).
 */
export type Captcha = { selfHosted: (db: Database) => SelfHostedCaptcha; recaptcha: CaptchaProvider | null };

/** reCAPTCHA needs the server's secret; without RECAPTCHA_SECRET there is none. */
export function recaptchaFromEnvironment(env: NodeJS.ProcessEnv = process.env): CaptchaProvider | null {
  const secret = env.RECAPTCHA_SECRET?.trim();
  return secret ? recaptchaV2(secret) : null;
}

/**
 * A venue with a reCAPTCHA site key shows Google's widget, so its answers go to Google; without one, the portal
 * shows the server's own challenge. A site key without a server secret cannot be checked: that is a set-up fault.
 */
export async function requireCaptcha(
  captcha: Captcha,
  db: Database,
  siteKey: string | null | undefined,
  response: string | undefined,
  context: CaptchaContext,
): Promise<void> {
  const provider = siteKey ? captcha.recaptcha : captcha.selfHosted(db);
  if (!provider) throw new Error('The venue has a recaptcha_site_key but RECAPTCHA_SECRET is not set');
  const trimmed = response?.trim() ?? '';
  if (trimmed === '' || trimmed.length > 4096 || !(await provider.verify(trimmed, context))) throw new AuthError(422, 'captcha_failed', CAPTCHA_FAILED);
}
