import { DEFAULT_COUNTRY_CODE, ID_PROOF_TYPES } from '../constants';
import {
  BOOKING_REASON_MAX,
  PLACE_OF_BIRTH_MAX,
  type AdditionalFieldDefinition,
  type AdditionalFieldValue,
  type CustomerTag,
  type FamilyMember,
  type FieldConfig,
  type SavedFile,
  type VisitorEntry,
} from '../contract/visitors';
import { dayNumber } from '../booking/dayTime';
import { DATE_FORMATS, dayjs } from '../dates';
import { type Lang } from '../lang';
import { localized } from '../localize';
import { toAsciiDigits } from '../validation/digits';
import { validateEmail } from '../validation/email';
import { compactEmiratesId, validateEmiratesId } from '../validation/emiratesId';
import { isBlank, required } from '../validation/form';
import { validateIdProof } from '../validation/idNumber';
import { fieldMessage, message, type FieldLabelKey, type MessageDescriptor } from '../validation/messages';
import { validateIdExpiry } from '../profile/profileRules';
import { countryCodeDigits, normaliseMobile, validateMobile } from '../validation/mobile';

/** The fields a service may show or hide, each with is_visible and is_required (S1-3.29). */
export const CONFIGURABLE_FIELDS = ['dob', 'nationality', 'id', 'religion', 'tag', 'gender', 'booking_reason'] as const;
export type ConfigurableField = (typeof CONFIGURABLE_FIELDS)[number];

export type FieldRule = { visible: boolean; required: boolean };

/** A field is required only when it is also shown; a hidden required field could never be filled in. */
export function fieldRule(config: Pick<FieldConfig, ConfigurableField>, field: ConfigurableField): FieldRule {
  const visibility = config[field];
  const visible = visibility?.is_visible === 1;
  return { visible, required: visible && visibility?.is_required === 1 };
}

export type Gender = '' | 'Male' | 'Female';
export type IdProofType = '32' | '33';
export type AdditionalValue = string | string[];

/** One visitor as the form holds it: every value as typed, so nothing is lost or reformatted while editing. */
export type VisitorDraft = {
  customer_id: number | null;
  name: string;
  email: string;
  country_code: string;
  mobile_number: string;
  dob: string;
  gender: Gender;
  nationality: string;
  religion_id: string;
  customer_tag_id: string;
  id_proof_type_id: IdProofType;
  id_proof_number: string;
  /** The ID's expiry date; the issue date and place of birth are asked for a passport only. */
  expiry_date: string;
  passport_issue_date: string;
  place_of_birth: string;
  booking_reason: string;
  /** By additional field id; check_boxes values are lists (S1-3.33), a file or signature is its stored path or a data URL. */
  additional: Record<number, AdditionalValue>;
  /** Files uploaded for `file` fields, by additional field id. */
  documents: Record<number, SavedFile>;
  save_detail_for_future: boolean;
};

export type TextField = Exclude<keyof VisitorDraft, 'customer_id' | 'additional' | 'documents' | 'save_detail_for_future' | 'gender' | 'id_proof_type_id'>;
export type EditableField = TextField | 'gender' | 'id_proof_type_id';

export function emptyDraft(): VisitorDraft {
  return {
    customer_id: null,
    name: '',
    email: '',
    country_code: DEFAULT_COUNTRY_CODE,
    mobile_number: '',
    dob: '',
    gender: '',
    nationality: '',
    religion_id: '',
    customer_tag_id: '',
    id_proof_type_id: String(ID_PROOF_TYPES.EMIRATES_ID) as IdProofType,
    id_proof_number: '',
    expiry_date: '',
    passport_issue_date: '',
    place_of_birth: '',
    booking_reason: '',
    additional: {},
    documents: {},
    save_detail_for_future: false,
  };
}

/** What the logged-in user's profile may tell about them; fields it lacks stay for the visitor to fill in. */
export type VisitorProfile = {
  id?: number | null;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  mobile?: string | null;
  country_code?: string | null;
  dob?: string | null;
  gender?: string | null;
  nationality?: number | null;
  id_proof_type_id?: number | null;
  id_proof_number?: string | null;
};

/**
 * Calling codes of the seeded countries, longest first, to split a stored '+<code><number>' into its two fields
 * when the profile does not say which code it has.
 */
const KNOWN_CALLING_CODES = ['971', '966', '968', '974', '965', '973', '962', '961', '963', '964', '970', '967', '212', '216', '213', '249', '880', '977', '994', '20', '91', '92', '94', '63', '62', '98', '90', '44', '33', '49', '39', '34', '31', '27', '86', '81', '82', '61', '7', '1'].sort(
  (a, b) => b.length - a.length,
);

/** '+971501234567' → 971 and 501234567; a number without '+' is taken as national, with the given or default code. */
export function splitMobile(mobile: string | null | undefined, countryCode?: string | null): { country_code: string; mobile_number: string } {
  const cleaned = toAsciiDigits(mobile ?? '').replace(/[\s\-.()]/g, '');
  if (!cleaned.startsWith('+')) return { country_code: countryCodeDigits(countryCode), mobile_number: cleaned };
  const digits = cleaned.slice(1);
  const known = countryCode ? [countryCodeDigits(countryCode)] : KNOWN_CALLING_CODES;
  const code = known.find((candidate) => digits.startsWith(candidate)) ?? DEFAULT_COUNTRY_CODE;
  return { country_code: code, mobile_number: digits.startsWith(code) ? digits.slice(code.length) : digits };
}

const genderOf = (value: string | null | undefined): Gender => (value === 'Male' || value === 'Female' ? value : '');
const idTypeOf = (value: number | null | undefined): IdProofType | null =>
  value === ID_PROOF_TYPES.EMIRATES_ID || value === ID_PROOF_TYPES.PASSPORT ? (String(value) as IdProofType) : null;
const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter((part) => part && part.trim() !== '').join(' ');

/** The first visitor is the logged-in user (S1-5.13). */
export function draftFromProfile(profile: VisitorProfile): VisitorDraft {
  const draft = emptyDraft();
  return {
    ...draft,
    customer_id: profile.id ?? null,
    name: (profile.name ?? '').trim() || fullName(profile.first_name, profile.last_name),
    email: profile.email ?? '',
    ...splitMobile(profile.mobile, profile.country_code),
    dob: profile.dob ?? '',
    gender: genderOf(profile.gender),
    nationality: profile.nationality ? String(profile.nationality) : '',
    id_proof_type_id: idTypeOf(profile.id_proof_type_id) ?? draft.id_proof_type_id,
    id_proof_number: profile.id_proof_number ?? '',
  };
}

/**
 * The first visitor's fields are locked (S1-5.11), and dob, gender, nationality and ID only when the profile has
 * them (S1-5.12). Anything the profile lacks stays open, or a required field could never be filled in.
 */
export function lockedFields(index: number, profile: VisitorProfile | null): ReadonlySet<EditableField> {
  if (index !== 0 || !profile) return new Set();
  const first = draftFromProfile(profile);
  const locked = new Set<EditableField>();
  const lockIfKnown = (fields: EditableField[], known: boolean) => {
    if (known) for (const field of fields) locked.add(field);
  };
  lockIfKnown(['name'], first.name !== '');
  lockIfKnown(['email'], first.email !== '');
  lockIfKnown(['country_code', 'mobile_number'], first.mobile_number !== '');
  lockIfKnown(['dob'], first.dob !== '');
  lockIfKnown(['gender'], first.gender !== '');
  lockIfKnown(['nationality'], first.nationality !== '');
  lockIfKnown(['id_proof_type_id', 'id_proof_number'], first.id_proof_number !== '');
  return locked;
}

/** A saved family member fills a visitor's section (visitors 2..N); their saved answers follow separately. */
export function draftFromFamilyMember(member: FamilyMember, current: VisitorDraft): VisitorDraft {
  return {
    ...emptyDraft(),
    customer_tag_id: current.customer_tag_id,
    customer_id: member.customer_id,
    name: fullName(member.first_name, member.last_name),
    email: member.email ?? '',
    ...splitMobile(member.mobile, member.country_code),
    dob: member.dob ?? '',
    gender: genderOf(member.gender),
    nationality: member.nationality ? String(member.nationality) : '',
    id_proof_type_id: idTypeOf(member.id_proof_type_id) ?? emptyDraft().id_proof_type_id,
    id_proof_number: member.id_proof_number ?? '',
  };
}

/** Saved answers of a customer (customers-associated/additional-data) for the fields this service asks, matched by id then slug. */
export function applySavedAnswers(draft: VisitorDraft, saved: readonly AdditionalFieldValue[], fields: readonly AdditionalFieldDefinition[]): VisitorDraft {
  const additional = { ...draft.additional };
  for (const field of fields) {
    const answer = saved.find((value) => value.id === field.id) ?? saved.find((value) => value.slug === field.slug);
    if (!answer) continue;
    const listed = field.type === 'check_boxes';
    additional[field.id] = listed ? (Array.isArray(answer.value) ? answer.value : [answer.value]) : Array.isArray(answer.value) ? answer.value.join(', ') : answer.value;
  }
  return { ...draft, additional };
}

export type VisitorErrorKey = EditableField | `additional.${number}`;
export type VisitorErrors = Partial<Record<VisitorErrorKey, MessageDescriptor>>;

export const additionalKey = (fieldId: number): `additional.${number}` => `additional.${fieldId}`;

/** What validation needs besides the draft: the config and how an additional field is named in the visitor's language. */
export type ValidationContext = { config: FieldConfig; lang: Lang; bookingDate: string };

const labelled = (labelKey: FieldLabelKey) => ({ labelKey });

function requiredWhen(rule: FieldRule, value: string, label: FieldLabelKey): MessageDescriptor | undefined {
  return rule.required ? required(value, labelled(label)) : undefined;
}

/** The document number for the chosen proof type: an Emirates ID has its own messages, a passport is letters and digits. */
function validateIdNumberField(draft: VisitorDraft, rule: FieldRule): MessageDescriptor | undefined {
  if (!rule.visible) return undefined;
  const blank = isBlank(draft.id_proof_number);
  if (blank && !rule.required) return undefined;
  if (Number(draft.id_proof_type_id) === ID_PROOF_TYPES.EMIRATES_ID) return validateEmiratesId(draft.id_proof_number, 'booking');
  return required(draft.id_proof_number, labelled('idNumber')) ?? validateIdProof(Number(draft.id_proof_type_id), draft.id_proof_number, 'booking');
}

const isPassport = (draft: VisitorDraft) => Number(draft.id_proof_type_id) === ID_PROOF_TYPES.PASSPORT;

function tooLong(value: string, label: FieldLabelKey, max: number): MessageDescriptor | undefined {
  return value.trim().length > max ? fieldMessage('form.tooLong', labelled(label), { max }) : undefined;
}

/** An ID still valid on the visit day, and later than the passport's issue (S0-3.10). */
function validateExpiryField(draft: VisitorDraft, bookingDate: string): MessageDescriptor | undefined {
  if (isBlank(draft.expiry_date)) return undefined;
  const notValid = validateIdExpiry(draft.expiry_date, bookingDate);
  if (notValid) return notValid;
  const issued = isPassport(draft) ? dayNumber(draft.passport_issue_date) : null;
  const expires = dayNumber(draft.expiry_date);
  return issued !== null && expires !== null && expires <= issued ? message('visitor.expiryBeforeIssue') : undefined;
}

/** A real day, not after the visit and not before the visitor was born. */
function validateIssueField(draft: VisitorDraft, bookingDate: string): MessageDescriptor | undefined {
  if (!isPassport(draft) || isBlank(draft.passport_issue_date)) return undefined;
  const issued = dayNumber(draft.passport_issue_date);
  if (issued === null) return message('visitor.issueInvalid');
  if (issued > (dayNumber(bookingDate) ?? issued)) return message('visitor.issueAfterVisit');
  const born = dayNumber(draft.dob);
  return born !== null && issued < born ? message('visitor.issueBeforeBirth') : undefined;
}

/** One additional field: '{name} is required' when required and empty (S1-5.16), then the rule of its type. */
export function validateAdditionalField(field: AdditionalFieldDefinition, value: AdditionalValue | undefined, lang: Lang): MessageDescriptor | undefined {
  if (isBlank(value)) return field.is_required === 1 ? required(value, localized(field, 'name', lang)) : undefined;
  if (typeof value !== 'string') return undefined;
  switch (field.type) {
    case 'email':
      return validateEmail(value, 'additionalField');
    case 'emirates_id':
      return validateEmiratesId(value, 'booking');
    case 'phone_number':
      return validateMobile(DEFAULT_COUNTRY_CODE, value);
    default:
      return undefined;
  }
}

/** One field of one visitor, as a blur checks it (Emirates ID, S1-5.23) and a submit checks them all. */
export function validateVisitorField(draft: VisitorDraft, key: VisitorErrorKey, { config, lang, bookingDate }: ValidationContext): MessageDescriptor | undefined {
  switch (key) {
    case 'name':
      return required(draft.name, labelled('name'));
    case 'email':
      return required(draft.email, labelled('email')) ?? validateEmail(draft.email, 'standard');
    case 'country_code':
      return undefined;
    case 'mobile_number':
      return validateMobile(draft.country_code, draft.mobile_number);
    case 'dob':
      return requiredWhen(fieldRule(config, 'dob'), draft.dob, 'dob');
    case 'gender':
      return requiredWhen(fieldRule(config, 'gender'), draft.gender, 'gender');
    case 'nationality':
      return requiredWhen(fieldRule(config, 'nationality'), draft.nationality, 'nationality');
    case 'religion_id':
      return requiredWhen(fieldRule(config, 'religion'), draft.religion_id, 'religion');
    case 'customer_tag_id':
      return requiredWhen(fieldRule(config, 'tag'), draft.customer_tag_id, 'purposeOfVisit');
    case 'id_proof_type_id':
      return undefined;
    case 'id_proof_number':
      return validateIdNumberField(draft, fieldRule(config, 'id'));
    case 'expiry_date':
      return fieldRule(config, 'id').visible ? validateExpiryField(draft, bookingDate) : undefined;
    case 'passport_issue_date':
      return fieldRule(config, 'id').visible ? validateIssueField(draft, bookingDate) : undefined;
    case 'place_of_birth':
      return fieldRule(config, 'id').visible && isPassport(draft) ? tooLong(draft.place_of_birth, 'placeOfBirth', PLACE_OF_BIRTH_MAX) : undefined;
    case 'booking_reason': {
      const rule = fieldRule(config, 'booking_reason');
      return rule.visible ? (requiredWhen(rule, draft.booking_reason, 'bookingReason') ?? tooLong(draft.booking_reason, 'bookingReason', BOOKING_REASON_MAX)) : undefined;
    }
    default: {
      const fieldId = Number(key.slice('additional.'.length));
      const field = config.additional_fields.find((each) => each.id === fieldId);
      return field ? validateAdditionalField(field, draft.additional[fieldId], lang) : undefined;
    }
  }
}

const BASE_KEYS: readonly VisitorErrorKey[] = [
  'name',
  'email',
  'mobile_number',
  'dob',
  'gender',
  'nationality',
  'religion_id',
  'customer_tag_id',
  'id_proof_number',
  'expiry_date',
  'passport_issue_date',
  'place_of_birth',
  'booking_reason',
];

/** Every problem of one visitor, in the order of the form. */
export function validateVisitor(draft: VisitorDraft, context: ValidationContext): VisitorErrors {
  const errors: VisitorErrors = {};
  const keys = [...BASE_KEYS, ...context.config.additional_fields.map((field) => additionalKey(field.id))];
  for (const key of keys) {
    const error = validateVisitorField(draft, key, context);
    if (error) errors[key] = error;
  }
  return errors;
}

/** The terms agreement is asked for only when the venue has terms text (S1-5.15, PRODUCT.md). */
export function termsRequired(config: { tnc?: string | null; ar_tnc?: string | null }): boolean {
  return [config.tnc, config.ar_tnc].some((text) => typeof text === 'string' && text.trim() !== '');
}

/** Add to cart is enabled only once the terms are ticked, where there are terms (S1-5.14). */
export function canSubmit({ termsAreRequired, termsAccepted }: { termsAreRequired: boolean; termsAccepted: boolean }): boolean {
  return !termsAreRequired || termsAccepted;
}

/** A line to sign on when the visitor has not given a name yet. */
export const BLANK_NAME = '________';

/** The booking date as the disclaimer shows it: 'ddd, DD MMM YYYY' in the visitor's language. */
export function disclaimerDate(bookingDate: string, lang: Lang): string {
  const date = dayjs(bookingDate, DATE_FORMATS.date, true);
  return date.isValid() ? date.locale(lang).format(DATE_FORMATS.display) : bookingDate;
}

/** Replaces {customer_name}, {booking_date} and any other known token; an unknown token is left as written (S1-3.32). */
export function substituteDisclaimer(content: string, values: Record<string, string>): string {
  return content.replace(/\{\s*(\w+)\s*\}/g, (whole, token: string) => (token in values ? (values[token] ?? whole) : whole));
}

/** The disclaimer text of one visitor in the given language. */
export function disclaimerText(field: AdditionalFieldDefinition, draft: VisitorDraft, bookingDate: string, lang: Lang): string {
  return substituteDisclaimer(localized(field, 'content', lang), {
    customer_name: draft.name.trim() || BLANK_NAME,
    booking_date: disclaimerDate(bookingDate, lang),
  });
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const idOrNull = (value: string) => (/^\d+$/.test(value) ? Number(value) : null);

/** The visitor as the cart line and the order carry it: hidden fields left out, numbers normalised, disclaimers filled in. */
export function toVisitorEntry(draft: VisitorDraft, options: { config: FieldConfig; tags: readonly CustomerTag[]; bookingDate: string }): VisitorEntry {
  const { config, tags, bookingDate } = options;
  const shown = (field: ConfigurableField) => fieldRule(config, field).visible;
  const countryCode = countryCodeDigits(draft.country_code);
  const idProofType = Number(draft.id_proof_type_id) === ID_PROOF_TYPES.PASSPORT ? ID_PROOF_TYPES.PASSPORT : ID_PROOF_TYPES.EMIRATES_ID;
  const idNumber = orNull(draft.id_proof_number);
  const withId = shown('id') && idNumber !== null;
  const withPassport = withId && idProofType === ID_PROOF_TYPES.PASSPORT;
  const additional_fields: AdditionalFieldValue[] = [];
  for (const field of config.additional_fields) {
    const value = draft.additional[field.id];
    if (value === undefined || isBlank(value)) continue;
    const entry: AdditionalFieldValue = { id: field.id, slug: field.slug, type: field.type, value: typeof value === 'string' ? normaliseAdditional(field, value) : value };
    if (field.type === 'disclaimer_form') {
      entry.content = disclaimerText(field, draft, bookingDate, 'en');
      entry.ar_content = disclaimerText(field, draft, bookingDate, 'ar');
    }
    additional_fields.push(entry);
  }
  return {
    customer_id: draft.customer_id,
    name: draft.name.trim(),
    email: draft.email.trim(),
    mobile_number: normaliseMobile(countryCode, draft.mobile_number),
    country_code: countryCode,
    dob: shown('dob') ? orNull(draft.dob) : null,
    gender: shown('gender') && draft.gender !== '' ? draft.gender : null,
    nationality: shown('nationality') ? idOrNull(draft.nationality) : null,
    religion_id: shown('religion') ? idOrNull(draft.religion_id) : null,
    id_proof_type_id: withId ? idProofType : null,
    id_proof_number: withId ? (idProofType === ID_PROOF_TYPES.EMIRATES_ID ? compactEmiratesId(idNumber) : idNumber) : null,
    expiry_date: withId ? orNull(draft.expiry_date) : null,
    passport_issue_date: withPassport ? orNull(draft.passport_issue_date) : null,
    place_of_birth: withPassport ? orNull(draft.place_of_birth) : null,
    booking_reason: shown('booking_reason') ? orNull(draft.booking_reason) : null,
    documents: Object.values(draft.documents),
    customer_tag: shown('tag') ? (tags.find((tag) => String(tag.id) === draft.customer_tag_id) ?? null) : null,
    additional_fields,
    save_detail_for_future: draft.save_detail_for_future,
  };
}

function normaliseAdditional(field: AdditionalFieldDefinition, value: string): string {
  if (field.type === 'phone_number') return normaliseMobile(DEFAULT_COUNTRY_CODE, value);
  if (field.type === 'emirates_id') return compactEmiratesId(value);
  return value.trim();
}

/** A signature still held as an image in the page (a data URL), not yet stored on the server. */
export function isUnsavedSignature(value: AdditionalValue | undefined): value is string {
  return typeof value === 'string' && value.startsWith('data:image/png;base64,');
}
