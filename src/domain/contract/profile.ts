import * as z from 'zod/mini';
import { validateEmail } from '../validation/email';
import { required } from '../validation/form';
import { validateMobile, normaliseMobile } from '../validation/mobile';
import { validateIdProofPair, LOCKABLE_FIELDS, type IdProofChoice } from '../profile/profileRules';
import { countryCodeField, formRule, isDateOfBirth, mobileField, nameField, newPassword, otpField, passwordsMatch, rawText, rules, text, trimmedText } from './auth';
import { endpoint } from './endpoint';
import { envelope } from './envelope';
import { id } from './primitives';
import { user } from './session';
import { country } from './visitors';
import { onFirstUse } from '../onFirstUse';

// ---------------------------------------------------------------------------------------------------------------
// What the profile screen shows

/** A choice of a list the venue keeps (countries, religions, customer tags), in English and Arabic. */
export const namedChoice = onFirstUse(() => z.object({ id, name: z.string(), ar_name: z.nullish(z.string()) }));
export type NamedChoice = z.infer<typeof namedChoice>;

/** The lists the profile and family forms choose from: venue information, not personal. */
export const profileChoices = onFirstUse(() => z.object({
  countries: z.array(country),
  religions: z.array(namedChoice),
  customer_tags: z.array(namedChoice),
}));
export type ProfileChoices = z.infer<typeof profileChoices>;
export const profileChoicesCall = endpoint('GET', 'customers/profile/choices');
export const profileChoicesResponse = onFirstUse(() => envelope(profileChoices));

export const idProofType = onFirstUse(() => z.union([z.literal(32), z.literal(33)]));

/** The logged-in customer's whole profile. */
export const profileDetails = onFirstUse(() => z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.nullable(z.string()),
  mobile: z.nullable(z.string()),
  country_code: z.nullable(z.string()),
  dob: z.nullable(z.string()),
  gender: z.nullable(z.enum(['Male', 'Female'])),
  nationality_id: z.nullable(id),
  religion_id: z.nullable(id),
  id_proof_type_id: z.nullable(idProofType),
  id_proof_number: z.nullable(z.string()),
  id_proof_expiry: z.nullable(z.string()),
  customer_tag_id: z.nullable(id),
  profile_image: z.nullable(z.string()),
  /** ISO time the account was verified, or null. */
  verified_at: z.nullable(z.string()),
  /** Fields the verification fixed: the screen shows them read-only and the server refuses to change them. */
  locked_fields: z.array(z.enum(LOCKABLE_FIELDS)),
}));
export type ProfileDetails = z.infer<typeof profileDetails>;
export const profileDetailsCall = endpoint('GET', 'customers/profile/details');
export const profileDetailsResponse = onFirstUse(() => envelope(profileDetails));

/** A change to the account answers the new profile and the session's user (the header shows its name). */
export const profileChangeResponse = onFirstUse(() => z.extend(envelope(z.object({ profile: profileDetails, user })), { message: z.string() }));

// ---------------------------------------------------------------------------------------------------------------
// POST customers/profile/update — everything but e-mail, mobile and image. Answers profileChangeResponse.

const optionalChoice = onFirstUse(() => z.pipe(
  z.nullish(z.union([z.string(), z.number()])),
  z.transform((value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? null : Number(value))),
));
/** A choice of a list: an id, or nothing when left empty. */
export const choiceId = onFirstUse(() => z.pipe(optionalChoice, z.nullable(id)));
const DATE_INVALID = 'Send the date as YYYY-MM-DD';
/** YYYY-MM-DD or empty. */
export const optionalDay = onFirstUse(() => text(10, (value) => (value === '' || isDateOfBirth(value) ? undefined : DATE_INVALID)));

/** '' (none), '32' (Emirates ID) or '33' (passport), as a form holds it. */
export const idProofTypeField = onFirstUse(() => z.pipe(
  z.pipe(rawText, z.transform((value: string) => value.trim())),
  z.enum(['', '32', '33'], 'The ID proof type is 32 (Emirates ID) or 33 (passport)'),
));
/** At most 15 digits plus the Emirates ID's three optional dashes. */
export const idProofNumberField = onFirstUse(() => text(18));

/** The fields of a person, on the profile and on a family member (in the order of the forms). */
export const personFields = {
  first_name: nameField('firstName'),
  last_name: nameField('lastName'),
  /** YYYY-MM-DD or empty; not after today (the server checks, it has the clock). */
  dob: optionalDay,
  gender: z.pipe(trimmedText, z.enum(['', 'Male', 'Female'], 'Gender is Male or Female')),
  nationality_id: choiceId,
  id_proof_type_id: idProofTypeField,
  id_proof_number: idProofNumberField,
};

/** A number needs its type, and is checked by that type's rule. */
export const idProofRule = <T extends { id_proof_type_id: IdProofChoice; id_proof_number: string }>() =>
  formRule<T>('id_proof_number', (values) => validateIdProofPair(values.id_proof_type_id, values.id_proof_number));

export const profileUpdateRequest = onFirstUse(() => z
  .object({
    ...personFields,
    religion_id: choiceId,
    /** YYYY-MM-DD or empty; not already past (the server checks). */
    id_proof_expiry: optionalDay,
    customer_tag_id: choiceId,
  })
  .check(idProofRule()));
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequest>;
export type ProfileUpdate = z.output<typeof profileUpdateRequest>;
export const profileUpdateCall = endpoint('POST', 'customers/profile/update');

/** '32' | '33' | '' as a form holds it, to the id the database stores. */
export const idProofTypeOf = (choice: IdProofChoice): 32 | 33 | null => (choice === '' ? null : choice === '32' ? 32 : 33);

// ---------------------------------------------------------------------------------------------------------------
// Changing the e-mail or the mobile: a code goes to the NEW address; the change is made when it comes back.

export const CONTACT_CHANNELS = ['email', 'mobile'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
const channelField = onFirstUse(() => z.enum(CONTACT_CHANNELS, 'The channel is email or mobile'));

export const contactCodeCall = endpoint('POST', 'customers/profile/contact/code');
/** POST customers/profile/contact/code: the new e-mail, or the new mobile with its country code. Answers contactCodeResponse. */
export const contactCodeRequest = onFirstUse(() => z.pipe(
  z
    .object({
      channel: channelField,
      email: z.pipe(z.pipe(trimmedText, z.transform((value: string) => value.toLowerCase())), z.string().check(z.maxLength(254, 'This value is too long'))),
      country_code: countryCodeField,
      mobile: mobileField,
    })
    .check(
      formRule('email', (values) => (values.channel === 'email' ? (required(values.email, { labelKey: 'email' }) ?? validateEmail(values.email, 'standard')) : undefined)),
      formRule('mobile', (values) => (values.channel === 'mobile' ? validateMobile(values.country_code, values.mobile) : undefined)),
    ),
  z.transform((values) => ({ ...values, mobile: values.channel === 'mobile' ? normaliseMobile(values.country_code, values.mobile) : '' })),
));
export type ContactCodeRequest = z.input<typeof contactCodeRequest>;
/** Where the code went, masked enough to recognise it. */
export const contactCodeResponse = onFirstUse(() => z.extend(envelope(z.object({ sent_to: z.string() })), { message: z.string() }));

export const contactConfirmCall = endpoint('POST', 'customers/profile/contact/confirm');
/** POST customers/profile/contact/confirm: the code sent to the new address. Answers profileChangeResponse. */
export const contactConfirmRequest = onFirstUse(() => z.object({ channel: channelField, otp: otpField }));
export type ContactConfirmRequest = z.input<typeof contactConfirmRequest>;

// ---------------------------------------------------------------------------------------------------------------
// POST customers/profile/image (multipart, one file `image`): jpeg or png, stored resized. Answers profileChangeResponse.

export const profileImageCall = endpoint('POST', 'customers/profile/image');
/** DELETE customers/profile/image: the photo goes, the profile keeps no address. Answers profileChangeResponse. */
export const profileImageRemoveCall = endpoint('DELETE', 'customers/profile/image');
/** The largest photo accepted before resizing. */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The stored photo is a square of this many pixels. */
export const PROFILE_IMAGE_SIZE = 256;
export const PROFILE_IMAGE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

// ---------------------------------------------------------------------------------------------------------------
// POST customers/password/change — answers messageResponse; every other session of the account ends.

export const passwordChangeCall = endpoint('POST', 'customers/password/change');
export const passwordChangeRequest = onFirstUse(() => z
  .object({
    current_password: z.pipe(rawText, z.string().check(rules((value) => required(value, { labelKey: 'currentPassword' })), z.maxLength(256, 'This value is too long'))),
    password: newPassword,
    confirm_password: rawText,
  })
  .check(passwordsMatch('registration')));
export type PasswordChangeRequest = z.input<typeof passwordChangeRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Verify customer: a code to the customer's own e-mail or mobile; entering it verifies the account.

export const verifyCodeCall = endpoint('POST', 'customers/verify/code');
/** POST customers/verify/code: answers contactCodeResponse. */
export const verifyCodeRequest = onFirstUse(() => z.object({ channel: channelField }));
export type VerifyCodeRequest = z.input<typeof verifyCodeRequest>;

export const verifyConfirmCall = endpoint('POST', 'customers/verify/confirm');
/** POST customers/verify/confirm: answers profileChangeResponse (the profile now verified, its known identity fields locked). */
export const verifyConfirmRequest = onFirstUse(() => z.object({ otp: otpField }));
export type VerifyConfirmRequest = z.input<typeof verifyConfirmRequest>;
