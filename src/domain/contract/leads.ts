import * as z from 'zod/mini';
import { storedInt } from './primitives';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** The field types of a lead form (spec 001 §3 Lead form; S1-3.38). */
export const LEAD_FIELD_TYPES = ['text', 'email', 'phone_number', 'text_area', 'check_boxes', 'radio_buttons', 'drop_down'] as const;
export type LeadFieldType = (typeof LEAD_FIELD_TYPES)[number];

/** Types whose answer is one of the field's options, or (check boxes) several of them. */
export const LEAD_CHOICE_TYPES: ReadonlySet<LeadFieldType> = new Set<LeadFieldType>(['check_boxes', 'radio_buttons', 'drop_down']);

/** A choice of a radio, drop-down or check-box field: `value` is what is answered, `ar_value` how Arabic shows it. */
export const leadFieldOption = onFirstUse(() => z.object({ value: z.string(), ar_value: z.nullish(z.string()) }));
export type LeadFieldOption = z.infer<typeof leadFieldOption>;

/** One question of the form; `field_name` names it in answers and messages ('{field name} is required'). */
export const leadFormField = onFirstUse(() => z.object({
  field_name: z.string().check(z.minLength(1)),
  ar_field_name: z.nullish(z.string()),
  type: z.enum(LEAD_FIELD_TYPES),
  is_required: z.union([z.literal(0), z.literal(1)]),
  options: z._default(z.array(leadFieldOption), []),
}));
export type LeadFormField = z.infer<typeof leadFormField>;

/** GET leads: the venue's lead form (S1-3.37); Arabic in the `ar_` siblings, as everywhere else. */
export const leadForm = onFirstUse(() => z.object({
  form_name: z.string(),
  ar_form_name: z.nullish(z.string()),
  form_description: z.nullish(z.string()),
  ar_form_description: z.nullish(z.string()),
  lead_action_list_id: z.int(),
  form_fields: z.array(leadFormField),
}));
export type LeadForm = z.infer<typeof leadForm>;

export const leadFormCall = endpoint('GET', 'leads');
/** `data` is null when the venue has no lead form: there is nothing to show, and no error either. */
export const leadFormResponse = onFirstUse(() => envelope(z.nullable(leadForm)));

/** Text fields answer a string; check boxes the list of ticked option values; an unanswered field null. */
export const leadAnswerValue = onFirstUse(() => z.nullable(z.union([z.string().check(z.maxLength(2000, 'This value is too long')), z.array(z.string()).check(z.maxLength(50))])));
export type LeadAnswerValue = z.infer<typeof leadAnswerValue>;

export const leadAnsweredField = onFirstUse(() => z.object({ ...leadFormField.shape, answer: leadAnswerValue }));
export type LeadAnsweredField = z.infer<typeof leadAnsweredField>;

/**
 * POST leads (S1-7.28): the form as it was shown, each field with its answer, and the captcha's answer. The server
 * checks the answers against its own copy of the form (what is required, which choices exist), not the one sent.
 */
export const leadSubmission = onFirstUse(() => z.object({
  answers: z.object({
    form_name: z.string(),
    form_description: z.nullish(z.string()),
    form_fields: z.array(leadAnsweredField).check(z.maxLength(100)),
    lead_action_list_id: storedInt,
  }),
  recaptcha_response: z.string().check(z.maxLength(4096, 'This value is too long')),
}));
export type LeadSubmission = z.infer<typeof leadSubmission>;

export const leadSubmitCall = endpoint('POST', 'leads');
/** POST leads answers only a message fit to show (S1-8.21). With an Idempotency-Key, a resend answers it again. */
export const leadSubmitResponse = onFirstUse(() => z.object({ status: z.literal(true), data: z.null(), message: z.string() }));

/** A stored lead as GET dev/leads lists it (development tools only), newest first. */
export const devLead = onFirstUse(() => z.object({
  id: z.int(),
  lead_action_list_id: z.int(),
  answers: z.unknown(),
  idempotency_key: z.nullable(z.string()),
  /** The terminal whose device key vouched for the lead (no captcha answer was checked). */
  terminal_id: z.nullable(z.int()),
  created_at: z.string(),
}));
export type DevLead = z.infer<typeof devLead>;
export const devLeadsCall = endpoint('GET', 'dev/leads');
export const devLeadsResponse = onFirstUse(() => envelope(z.array(devLead)));
