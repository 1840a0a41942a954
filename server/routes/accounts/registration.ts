import multipart from '@fastify/multipart';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import {
  DOB_INVALID,
  messageResponse,
  registerCall,
  registerResponse,
  registrationCodeCall,
  registrationCodeCheckCall,
  registrationCodeCheckRequest,
  registrationCodeRequest,
  registrationForm,
  type RegistrationForm,
} from '../../../src/domain/contract/auth';
import { requireCaptcha } from '../../auth/captcha';
import { AuthError } from '../../auth/errors';
import { checkCode, codeMessage, issueCode, mobileAccountKey, OneTimeCodeError } from '../../auth/otp';
import { hashPassword } from '../../auth/passwords';
import { issueToken, SESSION_TTL_SECONDS } from '../../auth/tokens';
import { customers } from '../../db/schema/accounts';
import { HttpError } from '../../http/errors';
import { sendParsed } from '../../http/validation';
import {
  captchaContext,
  DetailedHttpError,
  findByEmail,
  findByMobile,
  parseForm,
  toAccountUser,
  venueSettings,
  type AccountsContext,
} from './accountsShared';
import { authErrorText, authNoticeText } from '../../../src/domain/authErrorText';
import { serve } from '../../http/serve';

export const REGISTRATION_MESSAGES = {
  codeSent: authNoticeText('codeSentMobileAndEmail'),
  codeVerified: 'OTP verified',
  mobileTaken: authErrorText('mobile_taken'),
  emailTaken: authErrorText('email_taken'),
  notMultipart: 'Registration must be sent as multipart form data',
  registered: 'Registration successful',
  partnerPending: 'Thank you for registering. Your partner account is awaiting approval; you can log in once an administrator approves it.',
} as const;

const FORM_LIMITS = { fields: 40, fieldSize: 4096, files: 0, parts: 40, headerPairs: 200 } as const;

/** The text fields of a multipart body; a repeated field is refused rather than guessed at. */
async function multipartFields(request: FastifyRequest): Promise<Record<string, string>> {
  if (!request.isMultipart()) throw new HttpError(415, REGISTRATION_MESSAGES.notMultipart);
  const fields = new Map<string, string>();
  for await (const part of request.parts({ limits: FORM_LIMITS })) {
    if (part.type === 'file') throw new HttpError(400, 'Registration takes no files');
    // Busboy cuts an over-long value short without failing; a cut password or name must not be stored.
    if (part.valueTruncated || part.fieldnameTruncated) throw new HttpError(413, `${part.fieldname}: too long`);
    if (typeof part.value !== 'string') throw new HttpError(400, `${part.fieldname}: send plain text`);
    if (fields.has(part.fieldname)) throw new HttpError(400, `${part.fieldname}: sent more than once`);
    fields.set(part.fieldname, part.value);
  }
  return Object.fromEntries(fields);
}

/** A mobile or e-mail that already belongs to a registered account cannot register again. */
async function assertAddressesFree(context: AccountsContext, mobile: string, email: string) {
  if (await findByMobile(context.db, mobile)) {
    throw new AuthError(422, 'mobile_taken', REGISTRATION_MESSAGES.mobileTaken, { data: { errors: { mobile: REGISTRATION_MESSAGES.mobileTaken } } });
  }
  if (await findByEmail(context.db, email)) {
    throw new AuthError(422, 'email_taken', REGISTRATION_MESSAGES.emailTaken, { data: { errors: { email: REGISTRATION_MESSAGES.emailTaken } } });
  }
}

function customerValues(form: RegistrationForm, passwordHash: string, at: Date) {
  return {
    firstName: form.first_name,
    lastName: form.last_name,
    email: form.email,
    mobile: form.mobile,
    countryCode: form.country_code,
    passwordHash,
    dob: form.dob === '' ? null : form.dob,
    gender: form.gender === '' ? null : form.gender,
    nationality: form.nationality === '' ? null : form.nationality,
    termsAcceptedAt: at,
    createdAt: at,
    ...(form.is_partner
      ? {
          b2bType: 'b2b' as const,
          approvalStatus: 'pending' as const,
          entityName: form.entity_name,
          entityType: form.entity_type,
          contactPerson: form.contact_person,
        }
      : {}),
  };
}

/** A code error is flagged in the answer, so the form can send the visitor back to the code step. */
async function codeStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof OneTimeCodeError) throw new AuthError(error.statusCode, error.code, error.message, { data: { code_error: true } });
    throw error;
  }
}

/** Sign-up: a code to the new mobile and e-mail, its check, then the multipart registration form. */
export const accountRegistrationRoutes: FastifyPluginAsync<AccountsContext> = async (app, context) => {
  const { db, now, captcha, notifier } = context;
  await app.register(multipart, { limits: FORM_LIMITS });

  serve(app, registrationCodeCall, async (request, reply) => {
    const input = parseForm(registrationCodeRequest, request.body);
    const venue = await venueSettings(db, request);
    const at = now();
    await requireCaptcha(captcha, db, venue.recaptcha_site_key, input.recaptcha_response, captchaContext(request, at));
    await assertAddressesFree(context, input.mobile, input.email);
    const { code } = await issueCode(
      db,
      { purpose: 'registration', accountKey: mobileAccountKey(input.mobile), customerId: null, email: input.email, mobile: input.mobile, clientAddress: request.ip },
      at,
    );
    await notifier.send({ channel: NOTIFICATION_CHANNELS.ALL, to: { email: input.email, mobile: input.mobile }, ...codeMessage('registration', code, venue.name) }, at);
    return sendParsed(reply, messageResponse, { status: true, data: null, message: REGISTRATION_MESSAGES.codeSent });
  });

  serve(app, registrationCodeCheckCall, async (request, reply) => {
    const input = parseForm(registrationCodeCheckRequest, request.body);
    await checkCode(db, { purpose: 'registration', accountKey: mobileAccountKey(input.mobile), email: input.email, code: input.otp, consume: false }, now());
    return sendParsed(reply, messageResponse, { status: true, data: null, message: REGISTRATION_MESSAGES.codeVerified });
  });

  serve(app, registerCall, async (request, reply) => {
    const form = parseForm(registrationForm, await multipartFields(request));
    const at = now();
    if (form.dob !== '' && form.dob > at.toISOString().slice(0, 10)) {
      throw new DetailedHttpError(422, DOB_INVALID, { errors: { dob: DOB_INVALID } });
    }
    const codeCheck = { purpose: 'registration' as const, accountKey: mobileAccountKey(form.mobile), email: form.email, code: form.otp };
    // Checked before anything else (a wrong guess must count even if the form is refused later), used up on success.
    await codeStep(() => checkCode(db, { ...codeCheck, consume: false }, at));
    await assertAddressesFree(context, form.mobile, form.email);
    const passwordHash = await hashPassword(form.password);

    const customer = await db.transaction(async (tx) => {
      await codeStep(() => checkCode(tx, { ...codeCheck, consume: true }, at));
      const [created] = await tx.insert(customers).values(customerValues(form, passwordHash, at)).returning();
      if (!created) throw new Error('the customer was not created');
      return created;
    });

    const token = form.is_partner ? null : await issueToken(db, customer.id, SESSION_TTL_SECONDS, at);
    return sendParsed(reply, registerResponse, {
      status: true,
      data: { token, user: toAccountUser(customer), awaiting_approval: form.is_partner },
      message: form.is_partner ? REGISTRATION_MESSAGES.partnerPending : REGISTRATION_MESSAGES.registered,
    });
  });
};
