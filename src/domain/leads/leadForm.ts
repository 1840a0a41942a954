import { DEFAULT_COUNTRY_CODE } from '../constants';
import { LEAD_CHOICE_TYPES, type LeadAnsweredField, type LeadForm, type LeadFormField, type LeadSubmission } from '../contract/leads';
import { validateCaptcha } from '../validation/captcha';
import { validateEmail } from '../validation/email';
import { FILL_REQUIRED_FIELDS, isBlank, required } from '../validation/form';
import { fieldMessage, message, type MessageDescriptor } from '../validation/messages';
import { normaliseMobile, validateMobile } from '../validation/mobile';

/**
 * The lead form's rules (spec 001 §5 Lead form), shared by the modal's machine and the server:
 * - a required field left empty: '{field name} is required' (S1-5.61);
 * - an e-mail field: 'Please enter a valid email address' (S1-5.62);
 * - a phone field: 'Please enter valid mobile number' when empty (S1-5.63) and required, 'Mobile number is not
 *   valid' when the number fails the pattern (S1-5.64);
 * - the captcha: 'Please confirm you are not a robot' (S1-5.65, the booking wording);
 * - and above the form, while anything is wrong: 'Please fill all the required fields' (S1-5.66).
 *
 * Messages name a field by its `field_name`; a screen in Arabic puts the field's Arabic name in its place.
 */

/** Answers by field name: text for every type but check boxes, which answer the ticked option values. */
export type LeadAnswers = Record<string, string | readonly string[]>;

export type LeadErrors = Record<string, MessageDescriptor>;

export const LEAD_FORM_INCOMPLETE = FILL_REQUIRED_FIELDS;

/** The key of the captcha's message among the field errors (no field of a form may be called this). */
export const LEAD_CAPTCHA = '__captcha';

/** Every field empty: '' for text, no ticks for check boxes. */
export function blankAnswers(form: Pick<LeadForm, 'form_fields'> | null): LeadAnswers {
  return Object.fromEntries((form?.form_fields ?? []).map((field) => [field.field_name, field.type === 'check_boxes' ? [] : '']));
}

const textOf = (value: string | readonly string[] | null | undefined) => (typeof value === 'string' ? value : '');

/**
 * The longest answer of each type, in characters: a name or a one-line answer, an e-mail address (RFC 5321), a
 * phone number with its grouping, a message. Choices are the form's own options, checked by the server.
 */
export const LEAD_ANSWER_MAX: Readonly<Record<LeadFormField['type'], number>> = {
  text: 200,
  email: 254,
  phone_number: 32,
  text_area: 2000,
  check_boxes: 200,
  radio_buttons: 200,
  drop_down: 200,
};

/** The message of one field, or undefined when its answer is fine. */
export function validateLeadField(field: LeadFormField, value: string | readonly string[] | null | undefined): MessageDescriptor | undefined {
  const requiredField = field.is_required === 1;
  const max = LEAD_ANSWER_MAX[field.type];
  if (textOf(value).trim().length > max) return fieldMessage('form.tooLong', field.field_name, { max });
  if (field.type === 'phone_number') {
    if (isBlank(textOf(value))) return requiredField ? message('mobile.empty') : undefined;
    return validateMobile(DEFAULT_COUNTRY_CODE, textOf(value));
  }
  if (isBlank(value)) return requiredField ? required(value, field.field_name) : undefined;
  if (field.type === 'email') return validateEmail(textOf(value), 'lead');
  return undefined;
}

/** Every field's message, by field name; empty when the answers may be sent. */
export function validateLeadAnswers(fields: readonly LeadFormField[], answers: LeadAnswers): LeadErrors {
  const errors: LeadErrors = {};
  for (const field of fields) {
    const error = validateLeadField(field, answers[field.field_name]);
    if (error) errors[field.field_name] = error;
  }
  return errors;
}

/** The captcha is required (S1-5.65). */
export function validateLeadCaptcha(token: string | null | undefined): MessageDescriptor | undefined {
  return validateCaptcha(token, 'booking');
}

/** Whether a choice field's answer holds only offered options (the server's check; the screen cannot do otherwise). */
export function hasOnlyOfferedChoices(field: LeadFormField, value: string | readonly string[] | null | undefined): boolean {
  if (!LEAD_CHOICE_TYPES.has(field.type) || isBlank(value)) return true;
  const offered = new Set(field.options.map((option) => option.value));
  if (field.type === 'check_boxes') return Array.isArray(value) && value.every((each) => offered.has(each));
  return typeof value === 'string' && offered.has(value);
}

/** An answer as it is sent and stored: text trimmed, a phone number as '+<code><number>', empty as null. */
export function normaliseLeadAnswer(field: LeadFormField, value: string | readonly string[] | null | undefined): string | string[] | null {
  if (isBlank(value)) return null;
  if (field.type === 'check_boxes') return Array.isArray(value) ? [...(value as readonly string[])] : [textOf(value)];
  const text = textOf(value).trim();
  if (field.type === 'phone_number') return normaliseMobile(DEFAULT_COUNTRY_CODE, text);
  if (field.type === 'email') return text.toLowerCase();
  return text;
}

/** The body of POST leads: the form as shown, each field with its answer, and the captcha's answer (S1-7.28). */
export function leadSubmission(form: LeadForm, answers: LeadAnswers, captcha: string): LeadSubmission {
  const form_fields: LeadAnsweredField[] = form.form_fields.map((field) => ({ ...field, answer: normaliseLeadAnswer(field, answers[field.field_name]) }));
  return {
    answers: { form_name: form.form_name, form_description: form.form_description ?? null, form_fields, lead_action_list_id: form.lead_action_list_id },
    recaptcha_response: captcha.trim(),
  };
}
