import { and, eq, isNull, ne } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import { messageResponse } from '../../../src/domain/contract/auth';
import {
  contactCodeResponse,
  passwordChangeCall,
  passwordChangeRequest,
  profileChangeResponse,
  verifyCodeCall,
  verifyCodeRequest,
  verifyConfirmCall,
  verifyConfirmRequest,
} from '../../../src/domain/contract/profile';
import { profileMessageText } from '../../../src/domain/profile/profileMessages';
import { fieldsToLock } from '../../../src/domain/profile/profileRules';
import { checkCode, codeMessage, customerAccountKey, issueCode } from '../../auth/otp';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { authTokens, customers } from '../../db/schema/accounts';
import { bearerToken, loginFirst, requireCustomer } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { serve } from '../../http/serve';
import { sendParsed } from '../../http/validation';
import { DetailedHttpError, installAccountErrors, parseForm, venueSettings, type AccountsContext } from '../accounts/accountsShared';
import { updateCustomer } from './profileShared';

const verifyKey = (customerId: number) => `${customerAccountKey(customerId)}:verify`;

/** Changing the password (every other session ends) and verifying the account with a code to the customer's own address. */
export const accountSecurityRoutes: FastifyPluginAsync<AccountsContext> = async (app, { db, now, notifier }) => {
  installAccountErrors(app);

  serve(app, passwordChangeCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const form = parseForm(passwordChangeRequest, request.body);
    if (!customer.passwordHash) throw new HttpError(422, profileMessageText('noPassword'));
    if (!(await verifyPassword(form.current_password, customer.passwordHash))) {
      const message = profileMessageText('wrongPassword');
      throw new DetailedHttpError(422, message, { errors: { current_password: message } });
    }
    if (form.password === form.current_password) {
      const message = profileMessageText('samePassword');
      throw new DetailedHttpError(422, message, { errors: { password: message } });
    }
    const passwordHash = await hashPassword(form.password);
    const thisSession = hashToken(bearerToken(request.headers.authorization ?? '') ?? '');
    const at = now();
    await db.transaction(async (tx) => {
      await tx.update(customers).set({ passwordHash }).where(eq(customers.id, customer.id));
      // Whoever knew the old password may hold a session elsewhere: all end but the one making the change.
      await tx
        .update(authTokens)
        .set({ revokedAt: at })
        .where(and(eq(authTokens.customerId, customer.id), isNull(authTokens.revokedAt), ne(authTokens.tokenHash, thisSession)));
    });
    return sendParsed(reply, messageResponse, { status: true, data: null, message: profileMessageText('passwordChanged') });
  }, { onRequest: loginFirst });

  serve(app, verifyCodeCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const { channel } = parseForm(verifyCodeRequest, request.body);
    if (customer.verifiedAt) throw new HttpError(409, profileMessageText('alreadyVerified'));
    const address = channel === 'email' ? customer.email : customer.mobile;
    if (!address) throw new HttpError(422, profileMessageText('noAddress', { channel: channel === 'email' ? 'email address' : 'mobile number' }));
    const at = now();
    const { code } = await issueCode(
      db,
      { purpose: 'verify_customer', accountKey: verifyKey(customer.id), customerId: customer.id, email: customer.email, mobile: customer.mobile, clientAddress: request.ip },
      at,
    );
    const venue = await venueSettings(db, request);
    await notifier.send(
      {
        channel: channel === 'email' ? NOTIFICATION_CHANNELS.EMAIL : NOTIFICATION_CHANNELS.SMS,
        to: channel === 'email' ? { email: address } : { mobile: address },
        ...codeMessage('verify_customer', code, venue.name),
      },
      at,
    );
    return sendParsed(reply, contactCodeResponse, { status: true, data: { sent_to: address }, message: profileMessageText('codeSentTo', { address }) });
  }, { onRequest: loginFirst });

  serve(app, verifyConfirmCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const { otp } = parseForm(verifyConfirmRequest, request.body);
    if (customer.verifiedAt) throw new HttpError(409, profileMessageText('alreadyVerified'));
    await checkCode(db, { purpose: 'verify_customer', accountKey: verifyKey(customer.id), code: otp, consume: true }, now());
    const verifiedFields = fieldsToLock({
      first_name: customer.firstName,
      last_name: customer.lastName,
      dob: customer.dob,
      gender: customer.gender,
      nationality_id: customer.nationalityCountryId,
      id_proof_number: customer.idProofNumber,
    });
    const answer = await updateCustomer(db, customer.id, { verifiedAt: now(), verifiedFields }, profileMessageText('verified'));
    return sendParsed(reply, profileChangeResponse, answer);
  }, { onRequest: loginFirst });
};
