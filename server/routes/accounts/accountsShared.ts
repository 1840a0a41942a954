import { and, eq, sql } from 'drizzle-orm';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { accountUser, authErrorBody, type AccountUser } from '../../../src/domain/contract/auth';
import { siteConfig, type SiteConfig } from '../../../src/domain/contract/config';
import { errorBody } from '../../../src/domain/contract/envelope';
import { type Captcha } from '../../auth/captcha';
import { AuthError } from '../../auth/errors';
import { type IdentityProvider } from '../../auth/identity';
import { type Notifier } from '../../auth/notifications';
import { issueToken, SESSION_TTL_SECONDS, type CustomerRow } from '../../auth/tokens';
import { toUser } from '../../auth/user';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { type AppContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { requireVenue } from '../../http/venue';
import { describeError } from '../../http/errorHandler';
import { authErrorText } from '../../../src/domain/authErrorText';

/** What the account calls need besides the database and the clock: the adapters to the outside world. */
export type AccountsContext = AppContext & {
  captcha: Captcha;
  notifier: Notifier;
  /** The national digital identity provider; null where none is set up. */
  identity: IdentityProvider | null;
};

export const MESSAGES = {
  loginSuccess: 'Login success',
  invalidCredentials: authErrorText('invalid_credentials'),
  awaitingApproval: authErrorText('awaiting_approval'),
  notApproved: authErrorText('not_approved'),
} as const;

/** A refusal with details the client can read in `errorBody.data`. */
export class DetailedHttpError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly data: unknown,
  ) {
    super(statusCode, message);
    this.name = 'DetailedHttpError';
  }
}

/** Account forms answer 422 with messages fit to show (the first one per field), not a 400 with parser wording. */
export function parseForm<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : 'form';
    errors[field] ??= issue.message;
  }
  throw new DetailedHttpError(422, Object.values(errors)[0] ?? 'Please fix all errors', { errors });
}

/** The API's error answers, plus the reason code of an AuthError and the details of a DetailedHttpError (for the routes of the given scope). */
export function installAccountErrors(scope: FastifyInstance) {
  scope.setErrorHandler((error, request, reply) => {
    if (error instanceof AuthError) {
      const { statusCode, message, code, params, data } = error;
      return reply.code(statusCode).send(authErrorBody.parse({ status: false, message, code, params, data }));
    }
    if (error instanceof DetailedHttpError) {
      return reply.code(error.statusCode).send(errorBody.parse({ status: false, message: error.message, data: error.data }));
    }
    const { statusCode, body } = describeError(error, request);
    return reply.code(statusCode).send(errorBody.parse(body));
  });
}

export type VenueSettings = Pick<SiteConfig, 'is_guest_checkout' | 'is_baps' | 'enable_uae_pass' | 'qube_otp_login' | 'recaptcha_site_key'> & {
  name: string;
};

/** The venue's account settings, read through the config schema so defaults apply. */
export async function venueSettings(db: Database, request: FastifyRequest): Promise<VenueSettings> {
  const config = siteConfig.parse((await requireVenue(db, request)).config);
  return {
    name: config.venue.name,
    is_guest_checkout: config.is_guest_checkout,
    is_baps: config.is_baps,
    enable_uae_pass: config.enable_uae_pass,
    qube_otp_login: config.qube_otp_login,
    recaptcha_site_key: config.recaptcha_site_key,
  };
}

export const captchaContext = (request: FastifyRequest, now: Date) => ({ clientAddress: request.ip, now });

export function toAccountUser(customer: CustomerRow): AccountUser {
  return accountUser.parse({ ...toUser(customer), is_trainer: customer.isTrainer });
}

/** Registered (not guest) accounts, found by their full mobile number. */
export async function findByMobile(db: Database, fullMobile: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.mobile, fullMobile), eq(customers.isAnonymous, false)))
    .limit(1);
  return row ?? null;
}

/** Registered (not guest) accounts, found by e-mail whatever its case. */
export async function findByEmail(db: Database, email: string): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(sql`lower(${customers.email}) = ${email.toLowerCase()}`, eq(customers.isAnonymous, false)))
    .limit(1);
  return row ?? null;
}

/** Partner sign-ups wait for an administrator: 403, so the client does not read it as an expired session. */
export function assertMayLogIn(customer: CustomerRow) {
  if (customer.approvalStatus === 'pending') throw new AuthError(403, 'awaiting_approval', MESSAGES.awaitingApproval);
  if (customer.approvalStatus === 'rejected') throw new AuthError(403, 'not_approved', MESSAGES.notApproved);
}

/** Signs the customer in: approval checked, a fresh bearer token issued. */
export async function startSession(db: Database, customer: CustomerRow, now: Date): Promise<{ token: string; user: AccountUser }> {
  assertMayLogIn(customer);
  const token = await issueToken(db, customer.id, SESSION_TTL_SECONDS, now);
  return { token, user: toAccountUser(customer) };
}
