import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import {
  messageResponse,
  passwordCodeCall,
  passwordCodeCheckCall,
  passwordCodeCheckRequest,
  passwordCodeRequest,
  passwordCodeResponse,
  passwordCodeValidResponse,
  passwordResetCall,
  passwordResetRequest,
} from '../../../src/domain/contract/auth';
import { requireCaptcha } from '../../auth/captcha';
import { AuthError } from '../../auth/errors';
import { checkCode, codeMessage, CODE_LIFETIME_MINUTES, customerAccountKey, issueCode, OneTimeCodeError } from '../../auth/otp';
import { hashPassword } from '../../auth/passwords';
import { hashToken, type CustomerRow } from '../../auth/tokens';
import { authTokens, customers, passwordResets } from '../../db/schema/accounts';
import { sendParsed } from '../../http/validation';
import { captchaContext, findByMobile, parseForm, toAccountUser, venueSettings, type AccountsContext } from './accountsShared';
import { authErrorText, authNoticeText } from '../../../src/domain/authErrorText';
import { serve } from '../../http/serve';

export const PASSWORD_MESSAGES = {
  codeSent: authNoticeText('codeSentMobileAndEmail'),
  noAccount: authErrorText('no_account_for_mobile_and_email'),
  resetDone: 'Password reset successfully.',
  resetExpired: authErrorText('reset_expired'),
} as const;

/** After the code is verified, the new password must be chosen within this time. */
const RESET_WINDOW_MINUTES = 15;

const sameEmail = (customer: CustomerRow, email: string) => customer.email?.toLowerCase() === email;

/** Forgot password: a code to the account's mobile and e-mail, its check, then the new password against the c_token. */
export const accountPasswordRoutes: FastifyPluginAsync<AccountsContext> = async (app, { db, now, captcha, notifier }) => {
  serve(app, passwordCodeCall, async (request, reply) => {
    const input = parseForm(passwordCodeRequest, request.body);
    const venue = await venueSettings(db, request);
    const at = now();
    await requireCaptcha(captcha, db, venue.recaptcha_site_key, input.recaptcha_response, captchaContext(request, at));

    const customer = await findByMobile(db, input.username);
    if (!customer || !sameEmail(customer, input.email)) throw new AuthError(422, 'no_account_for_mobile_and_email', PASSWORD_MESSAGES.noAccount);
    const { row, code } = await issueCode(
      db,
      { purpose: 'password_reset', accountKey: customerAccountKey(customer.id), customerId: customer.id, email: customer.email, mobile: customer.mobile, clientAddress: request.ip },
      at,
    );
    const cToken = randomBytes(32).toString('base64url');
    await db.insert(passwordResets).values({
      customerId: customer.id,
      codeId: row.id,
      tokenHash: hashToken(cToken),
      createdAt: at,
      expiresAt: new Date(at.getTime() + (CODE_LIFETIME_MINUTES + RESET_WINDOW_MINUTES) * 60_000),
    });
    await notifier.send(
      { channel: NOTIFICATION_CHANNELS.ALL, to: { email: customer.email, mobile: customer.mobile }, ...codeMessage('password_reset', code, venue.name) },
      at,
    );
    return sendParsed(reply, passwordCodeResponse, { status: true, data: { c_token: cToken }, message: PASSWORD_MESSAGES.codeSent });
  });

  serve(app, passwordCodeCheckCall, async (request, reply) => {
    const input = parseForm(passwordCodeCheckRequest, request.body);
    const at = now();
    const customer = await findByMobile(db, input.mobile);
    if (!customer || !sameEmail(customer, input.email)) throw new OneTimeCodeError('code_invalid');
    const code = await checkCode(db, { purpose: 'password_reset', accountKey: customerAccountKey(customer.id), code: input.otp, consume: true }, at);
    await db
      .update(passwordResets)
      .set({ verifiedAt: at, expiresAt: new Date(at.getTime() + RESET_WINDOW_MINUTES * 60_000) })
      .where(and(eq(passwordResets.codeId, code.id), isNull(passwordResets.usedAt)));
    return sendParsed(reply, passwordCodeValidResponse, { status: true, data: { customer_data: toAccountUser(customer) }, message: 'OTP verified' });
  });

  serve(app, passwordResetCall, async (request, reply) => {
    const input = parseForm(passwordResetRequest, request.body);
    const passwordHash = await hashPassword(input.password);
    const at = now();
    await db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: at })
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(input.c_token)),
            isNotNull(passwordResets.verifiedAt),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, at),
          ),
        )
        .returning({ customerId: passwordResets.customerId });
      if (!reset) throw new AuthError(422, 'reset_expired', PASSWORD_MESSAGES.resetExpired);
      await tx.update(customers).set({ passwordHash }).where(eq(customers.id, reset.customerId));
      // Whoever knew the old password may hold a session: every one of them ends.
      await tx
        .update(authTokens)
        .set({ revokedAt: at })
        .where(and(eq(authTokens.customerId, reset.customerId), isNull(authTokens.revokedAt)));
    });
    return sendParsed(reply, messageResponse, { status: true, data: null, message: PASSWORD_MESSAGES.resetDone });
  });
};
