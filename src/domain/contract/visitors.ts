import * as z from 'zod/mini';
import { calendarDate, id, queryId, storedInt } from './primitives';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

const visibility = onFirstUse(() => z.object({ is_visible: z.union([z.literal(0), z.literal(1)]), is_required: z.union([z.literal(0), z.literal(1)]) }));
export type FieldVisibility = z.infer<typeof visibility>;

export const ADDITIONAL_FIELD_TYPES = [
  'text_box',
  'emirates_id',
  'email',
  'date',
  'radio_buttons',
  'drop_down',
  'country',
  'file',
  'check_boxes',
  'text_area',
  'phone_number',
  'disclaimer_form',
] as const;
export type AdditionalFieldType = (typeof ADDITIONAL_FIELD_TYPES)[number];

export const additionalFieldDefinition = onFirstUse(() => z.object({
  id,
  slug: z.string(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  type: z.enum(ADDITIONAL_FIELD_TYPES),
  is_required: z.union([z.literal(0), z.literal(1)]),
  options: z._default(z.array(z.object({ value: z.string(), label: z.string(), ar_label: z.nullish(z.string()) })), []),
  /** A disclaimer's text; tokens such as {customer_name} and {booking_date} are substituted. */
  content: z.nullish(z.string()),
  ar_content: z.nullish(z.string()),
}));
export type AdditionalFieldDefinition = z.infer<typeof additionalFieldDefinition>;

/** A country as the venue lists it; currencies are given only for a few (the Gulf, Pakistan, the UK and the US). */
export const country = onFirstUse(() => z.object({
  id,
  name: z.string(),
  ar_name: z.nullish(z.string()),
  iso_2: z.nullish(z.string()),
  iso_3: z.nullish(z.string()),
  dialling_code: z.nullish(z.string()),
  currency_name: z.nullish(z.string()),
  currency_code: z.nullish(z.string()),
  currency_symbol: z.nullish(z.string()),
}));
export type Country = z.infer<typeof country>;

export const fieldConfigCall = endpoint('GET', 'facilities/fieldConfig');
/** GET facilities/fieldConfig?venue_service_id — which visitor fields a service asks for. */
export const fieldConfigQuery = onFirstUse(() => z.object({ venue_service_id: queryId }));
export const fieldConfig = onFirstUse(() => z.object({
  dob: visibility,
  nationality: visibility,
  id: visibility,
  religion: visibility,
  tag: visibility,
  gender: visibility,
  /** Absent for a venue that never set it: the reason field is then hidden. */
  booking_reason: z.optional(visibility),
  additional_fields: z.array(additionalFieldDefinition),
  countries: z.array(country),
}));
export type FieldConfig = z.infer<typeof fieldConfig>;
export const fieldConfigResponse = onFirstUse(() => envelope(fieldConfig));

/** GET customers/all-tags — the 'Purpose of visit' choices. */
export const customerTag = onFirstUse(() => z.object({ id, name: z.string(), ar_name: z.nullish(z.string()) }));
export type CustomerTag = z.infer<typeof customerTag>;
export const customerTagsCall = endpoint('GET', 'customers/all-tags');
export const customerTagsResponse = onFirstUse(() => envelope(z.array(customerTag)));

/** GET customers-associated — the logged-in customer's saved family members. */
export const familyMember = onFirstUse(() => z.object({
  customer_id: id,
  first_name: z.string(),
  last_name: z.string(),
  profile_image_url: z.nullish(z.string()),
  is_icp_down: z._default(z.union([z.literal(0), z.literal(1)]), 0),
  email: z.nullish(z.string()),
  mobile: z.nullish(z.string()),
  country_code: z.nullish(z.string()),
  dob: z.nullish(z.string()),
  gender: z.nullish(z.enum(['Male', 'Female'])),
  nationality: z.nullish(z.int()),
  id_proof_type_id: z.nullish(z.union([z.literal(32), z.literal(33)])),
  id_proof_number: z.nullish(z.string()),
}));
export type FamilyMember = z.infer<typeof familyMember>;
export const familyMembersCall = endpoint('GET', 'customers-associated');
export const familyMembersResponse = onFirstUse(() => envelope(z.array(familyMember)));

export const additionalDataCall = endpoint('GET', 'customers-associated/additional-data');
/** GET customers-associated/additional-data?customerId&product_type — answers saved for a customer. */
export const additionalDataQuery = onFirstUse(() => z.object({
  customerId: queryId,
  product_type: z.optional(z.string()),
}));
export const additionalFieldValue = onFirstUse(() => z.object({
  id,
  slug: z.string(),
  /** The field's type (disclaimer_form, check_boxes and the others), so a reader of the answer knows its shape. */
  type: z.optional(z.enum(ADDITIONAL_FIELD_TYPES)),
  /** check_boxes values are lists. */
  value: z.union([z.string(), z.array(z.string())]),
  content: z.nullish(z.string()),
  ar_content: z.nullish(z.string()),
}));
export type AdditionalFieldValue = z.infer<typeof additionalFieldValue>;
export const additionalDataResponse = onFirstUse(() => envelope(z.object({ additional_fields: z.array(additionalFieldValue) })));

/** POST file/save/data (multipart preUpload[0], types[]) — the stored files. */
export const savedFile = onFirstUse(() => z.object({ name: z.string(), path: z.string(), type: z.string(), size: z.int() }));
export type SavedFile = z.infer<typeof savedFile>;
export const fileSaveCall = endpoint('POST', 'file/save/data');
export const fileSaveResponse = onFirstUse(() => envelope(z.object({ files: z.array(savedFile) })));

/** Longest booking reason and place of birth a visitor may give (the form's text area and text box stop there). */
export const BOOKING_REASON_MAX = 500;
export const PLACE_OF_BIRTH_MAX = 100;
export const EXPIRY_NOT_AFTER_ISSUE = 'The ID expiry date must be after the passport issue date';

const boundedText = (max: number, what: string) => z.string().check(z.maxLength(max, `${what} cannot be longer than ${max} characters`));

/** One visitor of a booking, as a cart line's `customers` entry and the order payload carry it. */
export const visitorEntry = onFirstUse(() => z.object({
  customer_id: z.nullish(id),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string(),
  country_code: z._default(z.string(), '971'),
  dob: z.nullish(z.string()),
  gender: z.nullish(z.enum(['Male', 'Female'])),
  nationality: z.nullish(storedInt),
  religion_id: z.nullish(storedInt),
  id_proof_number: z.nullish(z.string()),
  id_proof_type_id: z.nullish(z.union([z.literal(32), z.literal(33)])),
  /** The ID's expiry; the issue date and place of birth are a passport's. */
  expiry_date: z.nullish(calendarDate),
  passport_issue_date: z.nullish(calendarDate),
  place_of_birth: z.nullish(boundedText(PLACE_OF_BIRTH_MAX, 'Place of birth')),
  booking_reason: z.nullish(boundedText(BOOKING_REASON_MAX, 'Booking reason')),
  documents: z._default(z.array(savedFile), []),
  customer_tag: z.nullish(customerTag),
  additional_fields: z._default(z.array(additionalFieldValue), []),
  save_detail_for_future: z._default(z.boolean(), false),
}).check(
  // YYYY-MM-DD strings order as the days they name.
  z.refine((entry) => !entry.expiry_date || !entry.passport_issue_date || entry.expiry_date > entry.passport_issue_date, {
    message: EXPIRY_NOT_AFTER_ISSUE,
    path: ['expiry_date'],
  }),
));
export type VisitorEntry = z.infer<typeof visitorEntry>;
