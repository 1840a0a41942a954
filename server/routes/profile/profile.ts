import { asc, eq } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import {
  contactCodeCall,
  contactCodeRequest,
  contactCodeResponse,
  contactConfirmCall,
  contactConfirmRequest,
  idProofTypeOf,
  profileChangeResponse,
  profileChoicesCall,
  profileChoicesResponse,
  profileDetailsCall,
  profileDetailsResponse,
  profileUpdateCall,
  profileUpdateRequest,
  type ContactChannel,
  type ProfileUpdate,
} from '../../../src/domain/contract/profile';
import { compactEmiratesId } from '../../../src/domain/validation/emiratesId';
import { profileMessageText } from '../../../src/domain/profile/profileMessages';
import { type LockableField } from '../../../src/domain/profile/profileRules';
import { splitMobile } from '../../../src/domain/visitors/visitorForm';
import { venueNow } from '../../../src/domain/venueTime';
import { AuthError } from '../../auth/errors';
import { checkCode, codeMessage, customerAccountKey, issueCode } from '../../auth/otp';
import { type CustomerRow } from '../../auth/tokens';
import { type Database } from '../../db/client';
import { customerTags } from '../../db/schema/visitors';
import { listCountries } from '../visitors/countries';
import { loginFirst, requireCustomer } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { serve } from '../../http/serve';
import { sendParsed } from '../../http/validation';
import { requireVenue, siteConfigOf } from '../../http/venue';
import { DetailedHttpError, findByEmail, findByMobile, installAccountErrors, parseForm, venueSettings, type AccountsContext } from '../accounts/accountsShared';
import { authErrorText } from '../../../src/domain/authErrorText';
import { lockedFields, toProfileDetails, updateCustomer } from './profileShared';
import { profileImageRoutes, type ProfileImageOptions } from './profileImage';

/** English names of the lockable fields, for the refusal that lists them. */
const FIELD_NAMES: Record<LockableField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  dob: 'Date of birth',
  gender: 'Gender',
  nationality_id: 'Nationality',
  id_proof: 'ID proof',
};

/** The stored form of each lockable field, so "unchanged" compares like with like. */
function lockedValues(form: ProfileUpdate, customer: CustomerRow): Record<LockableField, [unknown, unknown]> {
  const storedNumber = (value: string | null) => (value ? compactEmiratesId(value) || value : '');
  return {
    first_name: [form.first_name, customer.firstName],
    last_name: [form.last_name, customer.lastName],
    dob: [form.dob || null, customer.dob],
    gender: [form.gender || null, customer.gender],
    nationality_id: [form.nationality_id, customer.nationalityCountryId],
    id_proof: [
      `${idProofTypeOf(form.id_proof_type_id)}:${storedNumber(form.id_proof_number)}:${form.id_proof_expiry}`,
      `${customer.idProofTypeId}:${storedNumber(customer.idProofNumber)}:${customer.idProofExpiry ?? ''}`,
    ],
  };
}

function refuseLockedChanges(form: ProfileUpdate, customer: CustomerRow) {
  const values = lockedValues(form, customer);
  const changed = lockedFields(customer).filter((field) => values[field][0] !== values[field][1]);
  if (changed.length === 0) return;
  const message = profileMessageText('lockedField', { fields: changed.map((field) => FIELD_NAMES[field]).join(', ') });
  throw new DetailedHttpError(422, message, { errors: Object.fromEntries(changed.map((field) => [field, message])) });
}

const fieldError = (field: string, message: string) => new DetailedHttpError(422, message, { errors: { [field]: message } });

async function venueChoices(db: Database, request: FastifyRequest) {
  const venue = await requireVenue(db, request);
  const config = siteConfigOf(venue);
  const [countryList, tagRows] = await Promise.all([
    listCountries(db),
    db.select().from(customerTags).where(eq(customerTags.venueId, venue.id)).orderBy(asc(customerTags.id)),
  ]);
  return {
    timeZone: config.time_zone,
    choices: {
      countries: countryList,
      religions: config.religions,
      customer_tags: tagRows.map((row) => ({ id: row.id, name: row.name, ar_name: row.arName })),
    },
  };
}

/** The checks a form's own schema cannot make: the lists of this venue and today's date there. */
async function checkAgainstVenue(db: Database, request: FastifyRequest, form: ProfileUpdate, now: Date) {
  const { timeZone, choices } = await venueChoices(db, request);
  const { today } = venueNow(timeZone, now);
  const known = (list: { id: number }[], value: number | null) => value === null || list.some((choice) => choice.id === value);
  if (!known(choices.countries, form.nationality_id)) throw fieldError('nationality_id', profileMessageText('unknownCountry'));
  if (!known(choices.religions, form.religion_id)) throw fieldError('religion_id', profileMessageText('unknownReligion'));
  if (!known(choices.customer_tags, form.customer_tag_id)) throw fieldError('customer_tag_id', profileMessageText('unknownTag'));
  if (form.dob !== '' && form.dob > today) throw fieldError('dob', profileMessageText('dobFuture'));
  if (form.id_proof_expiry !== '' && form.id_proof_expiry < today) throw fieldError('id_proof_expiry', profileMessageText('expiryPast'));
}

/** Each channel's change has its own code, so changing the e-mail does not cancel a pending mobile change. */
const contactKey = (customerId: number, channel: ContactChannel) => `${customerAccountKey(customerId)}:${channel}`;

async function refuseTakenAddress(db: Database, customer: CustomerRow, channel: ContactChannel, address: string) {
  const holder = channel === 'email' ? await findByEmail(db, address) : await findByMobile(db, address);
  if (holder && holder.id !== customer.id) {
    const code = channel === 'email' ? 'email_taken' : 'mobile_taken';
    throw new AuthError(422, code, authErrorText(code), { data: { errors: { [channel]: authErrorText(code) } } });
  }
}

/** The customer's own profile: read it, change it, and change the e-mail or mobile through a code sent to the new address. */
export const profileRoutes: FastifyPluginAsync<AccountsContext & ProfileImageOptions> = async (app, context) => {
  const { db, now, notifier } = context;
  installAccountErrors(app);

  serve(app, profileChoicesCall, async (request, reply) => sendParsed(reply, profileChoicesResponse, { status: true, data: (await venueChoices(db, request)).choices }));

  serve(app, profileDetailsCall, async (request, reply) => {
    const customer = requireCustomer(request);
    return sendParsed(reply, profileDetailsResponse, { status: true, data: toProfileDetails(customer) });
  }, { onRequest: loginFirst });

  serve(app, profileUpdateCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const form = parseForm(profileUpdateRequest, request.body);
    refuseLockedChanges(form, customer);
    await checkAgainstVenue(db, request, form, now());
    const idProofType = idProofTypeOf(form.id_proof_type_id);
    const answer = await updateCustomer(
      db,
      customer.id,
      {
        firstName: form.first_name,
        lastName: form.last_name,
        dob: form.dob || null,
        gender: form.gender || null,
        nationalityCountryId: form.nationality_id,
        religionId: form.religion_id,
        idProofTypeId: idProofType,
        // The Emirates ID is kept as its fifteen digits, however it was typed; a passport number as typed.
        idProofNumber: idProofType === null ? null : idProofType === 32 ? compactEmiratesId(form.id_proof_number) : form.id_proof_number,
        idProofExpiry: idProofType === null ? null : form.id_proof_expiry || null,
        customerTagId: form.customer_tag_id,
      },
      profileMessageText('saved'),
    );
    return sendParsed(reply, profileChangeResponse, answer);
  }, { onRequest: loginFirst });

  serve(app, contactCodeCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const form = parseForm(contactCodeRequest, request.body);
    const address = form.channel === 'email' ? form.email : form.mobile;
    const current = form.channel === 'email' ? customer.email?.toLowerCase() : customer.mobile;
    if (address === current) throw fieldError(form.channel, profileMessageText(form.channel === 'email' ? 'sameEmail' : 'sameMobile'));
    await refuseTakenAddress(db, customer, form.channel, address);
    const at = now();
    const { code } = await issueCode(
      db,
      {
        purpose: 'contact_change',
        accountKey: contactKey(customer.id, form.channel),
        customerId: customer.id,
        email: form.channel === 'email' ? address : null,
        mobile: form.channel === 'mobile' ? address : null,
        clientAddress: request.ip,
      },
      at,
    );
    const venue = await venueSettings(db, request);
    await notifier.send(
      {
        channel: form.channel === 'email' ? NOTIFICATION_CHANNELS.EMAIL : NOTIFICATION_CHANNELS.SMS,
        to: form.channel === 'email' ? { email: address } : { mobile: address },
        ...codeMessage('contact_change', code, venue.name),
      },
      at,
    );
    return sendParsed(reply, contactCodeResponse, { status: true, data: { sent_to: address }, message: profileMessageText('codeSentTo', { address }) });
  }, { onRequest: loginFirst });

  serve(app, contactConfirmCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const form = parseForm(contactConfirmRequest, request.body);
    const code = await checkCode(db, { purpose: 'contact_change', accountKey: contactKey(customer.id, form.channel), code: form.otp, consume: true }, now());
    const address = form.channel === 'email' ? code.email : code.mobile;
    if (!address) throw new HttpError(422, 'The code was not sent for this change');
    // Someone may have registered the address while the code was on its way.
    await refuseTakenAddress(db, customer, form.channel, address);
    const changes = form.channel === 'email' ? { email: address } : { mobile: address, countryCode: splitMobile(address).country_code };
    const answer = await updateCustomer(db, customer.id, changes, profileMessageText(form.channel === 'email' ? 'emailChanged' : 'mobileChanged'));
    return sendParsed(reply, profileChangeResponse, answer);
  }, { onRequest: loginFirst });

  await app.register(profileImageRoutes, context);
};
