import { and, eq, isNull } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import {
  authSessionResponse,
  captchaChallengeCall,
  captchaChallengeResponse,
  codeLoginCall,
  codeLoginRequest,
  guestLoginCall,
  guestLoginRequest,
  loginCall,
  loginCodeCall,
  loginCodeRequest,
  loginRequest,
  logoutCall,
  messageResponse,
} from '../../../src/domain/contract/auth';
import { requireCaptcha } from '../../auth/captcha';
import { AuthError } from '../../auth/errors';
import { checkCode, codeMessage, customerAccountKey, issueCode, mobileAccountKey, OneTimeCodeError } from '../../auth/otp';
import { forgiveAttempt, reserveLoginAttempt } from '../../auth/loginLimits';
import { passwordDecoy, verifyPassword } from '../../auth/passwords';
import { hashToken, issueToken, SESSION_TTL_SECONDS } from '../../auth/tokens';
import { authTokens, customers } from '../../db/schema/accounts';
import { sendParsed } from '../../http/validation';
import {
  assertMayLogIn,
  captchaContext,
  findByEmail,
  findByMobile,
  MESSAGES,
  parseForm,
  startSession,
  toAccountUser,
  venueSettings,
  type AccountsContext,
} from './accountsShared';
import { authErrorText, authNoticeText } from '../../../src/domain/authErrorText';
import { serve } from '../../http/serve';

export const LOGIN_MESSAGES = {
  codeSent: authNoticeText('codeSentEmail'),
  noAccountForEmail: authErrorText('no_account_for_email'),
  codeLoginOff: authErrorText('code_login_off'),
  guestOff: authErrorText('guest_off'),
  loggedOut: 'Logged out successfully',
} as const;

function bearerToken(request: FastifyRequest): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

/** Splits the guest dialog's single name into first and last name at the first space. */
function guestNames({ name, first_name, last_name }: { name: string; first_name: string; last_name: string }) {
  if (first_name !== '') return { firstName: first_name, lastName: last_name };
  const [first = '', ...rest] = name.split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** Password, email code and guest sign-in, logout, and the built-in captcha's questions. */
export const accountLoginRoutes: FastifyPluginAsync<AccountsContext> = async (app, { db, now, captcha, notifier }) => {
  serve(app, captchaChallengeCall, async (_request, reply) => {
    return sendParsed(reply, captchaChallengeResponse, { status: true, data: await captcha.selfHosted(db).createChallenge(now()) });
  });

  serve(app, loginCall, async (request, reply) => {
    const input = parseForm(loginRequest, request.body);
    const at = now();
    const attempt = await reserveLoginAttempt(db, mobileAccountKey(input.mobile_number), request.ip, at);

    const customer = await findByMobile(db, input.mobile_number);
    const matches = await verifyPassword(input.password, customer?.passwordHash ?? (await passwordDecoy()));
    if (!customer?.passwordHash || !matches) throw new AuthError(422, 'invalid_credentials', MESSAGES.invalidCredentials);
    await forgiveAttempt(db, attempt, at);
    return sendParsed(reply, authSessionResponse, { status: true, data: await startSession(db, customer, at), message: MESSAGES.loginSuccess });
  });

  serve(app, logoutCall, async (request, reply) => {
    const token = bearerToken(request);
    if (token) {
      await db
        .update(authTokens)
        .set({ revokedAt: now() })
        .where(and(eq(authTokens.tokenHash, hashToken(token)), isNull(authTokens.revokedAt)));
    }
    return sendParsed(reply, messageResponse, { status: true, data: null, message: LOGIN_MESSAGES.loggedOut });
  });

  serve(app, loginCodeCall, async (request, reply) => {
    const input = parseForm(loginCodeRequest, request.body);
    const venue = await venueSettings(db, request);
    if (!venue.qube_otp_login) throw new AuthError(403, 'code_login_off', LOGIN_MESSAGES.codeLoginOff);
    const at = now();
    await requireCaptcha(captcha, db, venue.recaptcha_site_key, input.recaptcha_response, captchaContext(request, at));

    const customer = await findByEmail(db, input.email);
    if (!customer) throw new AuthError(422, 'no_account_for_email', LOGIN_MESSAGES.noAccountForEmail);
    assertMayLogIn(customer);
    const { code } = await issueCode(
      db,
      { purpose: 'login', accountKey: customerAccountKey(customer.id), customerId: customer.id, email: customer.email, mobile: customer.mobile, clientAddress: request.ip },
      at,
    );
    await notifier.send({ channel: NOTIFICATION_CHANNELS.EMAIL, to: { email: customer.email }, ...codeMessage('login', code, venue.name) }, at);
    return sendParsed(reply, messageResponse, { status: true, data: null, message: LOGIN_MESSAGES.codeSent });
  });

  serve(app, codeLoginCall, async (request, reply) => {
    const input = parseForm(codeLoginRequest, request.body);
    const venue = await venueSettings(db, request);
    if (!venue.qube_otp_login) throw new AuthError(403, 'code_login_off', LOGIN_MESSAGES.codeLoginOff);
    const at = now();
    await requireCaptcha(captcha, db, venue.recaptcha_site_key, input.recaptcha_response, captchaContext(request, at));

    const customer = await findByEmail(db, input.email);
    if (!customer) throw new OneTimeCodeError('code_invalid');
    await checkCode(db, { purpose: 'login', accountKey: customerAccountKey(customer.id), code: input.otp, consume: true }, at);
    return sendParsed(reply, authSessionResponse, { status: true, data: await startSession(db, customer, at), message: MESSAGES.loginSuccess });
  });

  serve(app, guestLoginCall, async (request, reply) => {
    const input = parseForm(guestLoginRequest, request.body);
    const venue = await venueSettings(db, request);
    if (!venue.is_guest_checkout || venue.is_baps) throw new AuthError(403, 'guest_off', LOGIN_MESSAGES.guestOff);
    const at = now();
    const [guest] = await db
      .insert(customers)
      .values({
        ...guestNames(input),
        email: input.email,
        mobile: input.mobile,
        countryCode: input.country_code,
        isAnonymous: true,
        termsAcceptedAt: at,
        createdAt: at,
      })
      .returning();
    if (!guest) throw new Error('the guest was not created');
    const token = await issueToken(db, guest.id, SESSION_TTL_SECONDS, at);
    return sendParsed(reply, authSessionResponse, { status: true, data: { token, user: toAccountUser(guest) }, message: MESSAGES.loginSuccess });
  });
};
