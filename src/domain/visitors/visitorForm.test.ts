import { describe, expect, it } from 'vitest';
import { type AdditionalFieldDefinition, type FamilyMember, type FieldConfig, visitorEntry } from '../contract/visitors';
import { messageText } from '../validation/messageText';
import {
  applySavedAnswers,
  canSubmit,
  disclaimerText,
  draftFromFamilyMember,
  draftFromProfile,
  emptyDraft,
  fieldRule,
  isUnsavedSignature,
  lockedFields,
  splitMobile,
  substituteDisclaimer,
  termsRequired,
  toVisitorEntry,
  validateAdditionalField,
  validateVisitor,
  validateVisitorField,
  type VisitorDraft,
} from './visitorForm';

const on = (isRequired: 0 | 1) => ({ is_visible: 1 as const, is_required: isRequired });
const off = { is_visible: 0 as const, is_required: 0 as const };

const field = (id: number, type: AdditionalFieldDefinition['type'], extra: Partial<AdditionalFieldDefinition> = {}): AdditionalFieldDefinition => ({
  id,
  slug: `field_${id}`,
  name: `Field ${id}`,
  ar_name: `حقل ${id}`,
  type,
  is_required: 0,
  options: [],
  ...extra,
});

const DISCLAIMER = field(12, 'disclaimer_form', {
  name: 'Safety waiver',
  is_required: 1,
  content: 'I, {customer_name}, visit on {booking_date}. {unknown} stays.',
  ar_content: 'أنا {customer_name} أزور في {booking_date}.',
});

const CONFIG: FieldConfig = {
  dob: on(1),
  nationality: on(0),
  id: on(1),
  religion: off,
  tag: on(1),
  gender: on(1),
  additional_fields: [
    field(1, 'text_box', { name: 'Emergency contact name', is_required: 1 }),
    field(2, 'emirates_id'),
    field(3, 'email'),
    field(9, 'check_boxes', { is_required: 1, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }),
    field(11, 'phone_number'),
    DISCLAIMER,
  ],
  countries: [{ id: 1, name: 'United Arab Emirates', ar_name: 'الإمارات العربية المتحدة' }],
};

const BOOKING_DATE = '2025-03-14';
const VALID_EID = '784-1990-1234567-6';

function complete(overrides: Partial<VisitorDraft> = {}): VisitorDraft {
  return {
    ...emptyDraft(),
    name: 'Layla Hassan',
    email: 'layla@example.com',
    mobile_number: '0501234567',
    dob: '1990-04-12',
    gender: 'Female',
    nationality: '1',
    customer_tag_id: '3',
    id_proof_type_id: '32',
    id_proof_number: VALID_EID,
    additional: { 1: 'Karim', 9: ['a'], 12: 'data:image/png;base64,iVBORw0KGgo=' },
    ...overrides,
  };
}

const texts = (errors: ReturnType<typeof validateVisitor>) => Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, value && messageText(value)]));

describe('visibility configuration', () => {
  it('[S1-3.29] a field is shown by is_visible and required by is_required, never required while hidden', () => {
    expect(fieldRule(CONFIG, 'dob')).toEqual({ visible: true, required: true });
    expect(fieldRule(CONFIG, 'nationality')).toEqual({ visible: true, required: false });
    expect(fieldRule({ ...CONFIG, religion: { is_visible: 0, is_required: 1 } }, 'religion')).toEqual({ visible: false, required: false });
  });
});

describe('validateVisitor', () => {
  it('a complete visitor has no problems', () => {
    expect(validateVisitor(complete(), { config: CONFIG, lang: 'en', bookingDate: BOOKING_DATE })).toEqual({});
  });

  it('[S1-5.1] [S1-5.2] [S1-5.4] [S1-5.5] [S1-5.6] [S1-5.9] [S1-5.10] [S1-5.16] [S1-5.28] an empty visitor: every required field says so', () => {
    expect(texts(validateVisitor(emptyDraft(), { config: CONFIG, lang: 'en', bookingDate: BOOKING_DATE }))).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      mobile_number: 'Please enter valid mobile number',
      dob: 'Date of birth is required',
      gender: 'Gender is required',
      customer_tag_id: 'Purpose of visit is required',
      id_proof_number: 'Please enter your Emirates ID',
      'additional.1': 'Emergency contact name is required',
      'additional.9': 'Field 9 is required',
      'additional.12': 'Safety waiver is required',
    });
  });

  it('[S1-5.16] names a required additional field in the visitor\'s language', () => {
    const error = validateAdditionalField(field(1, 'text_box', { is_required: 1 }), '', 'ar');
    expect(error?.values?.field).toBe('حقل 1');
  });

  it('[S1-5.6] [S1-5.7] [S1-5.8] [S1-5.9] optional fields are required only when is_required is 1', () => {
    const relaxed: FieldConfig = { ...CONFIG, dob: on(0), tag: on(0), gender: on(0), nationality: on(1), religion: on(1), id: on(0) };
    const errors = texts(validateVisitor(complete({ dob: '', customer_tag_id: '', gender: '', nationality: '', religion_id: '', id_proof_number: '' }), { config: relaxed, lang: 'en', bookingDate: BOOKING_DATE }));
    expect(errors).toEqual({ nationality: 'Nationality is required', religion_id: 'Religion is required' });
  });

  it('[S1-5.3] [S1-5.29] a malformed email and mobile', () => {
    const errors = texts(validateVisitor(complete({ email: 'layla@', mobile_number: '12' }), { config: CONFIG, lang: 'en', bookingDate: BOOKING_DATE }));
    expect(errors).toEqual({ email: 'Please input correct email address', mobile_number: 'Mobile number is not valid' });
  });

  it('[S1-5.20] [S1-5.21] [S1-5.22] an Emirates ID (type 32) is checked for its pattern and check digit', () => {
    const check = (id_proof_number: string) => {
      const error = validateVisitorField(complete({ id_proof_number }), 'id_proof_number', { config: CONFIG, lang: 'en', bookingDate: BOOKING_DATE });
      return error && messageText(error);
    };
    expect(check('')).toBe('Please enter your Emirates ID');
    expect(check('123-1990-1234567-6')).toBe('Emirates ID format is incorrect.');
    expect(check('784-1990-1234567-1')).toBe('Emirates ID number is not valid.');
    expect(check('784199012345676')).toBeUndefined();
  });

  it('[S1-5.17] [S1-5.18] a passport number (type 33) is letters and digits, at most 15', () => {
    const check = (id_proof_number: string) => {
      const error = validateVisitorField(complete({ id_proof_type_id: '33', id_proof_number }), 'id_proof_number', { config: CONFIG, lang: 'en', bookingDate: BOOKING_DATE });
      return error && messageText(error);
    };
    expect(check('')).toBe('ID number is required');
    expect(check('P12-345')).toBe('ID number can contain only letters and digits');
    expect(check('A'.repeat(16))).toBe('ID number cannot be longer than 15 characters');
    expect(check('P1234567')).toBeUndefined();
  });

  it('[S1-5.25] [S1-5.20] additional email, Emirates ID and phone fields check what is entered, and allow empty when optional', () => {
    const context = { config: CONFIG, lang: 'en' as const, bookingDate: BOOKING_DATE };
    const check = (id: number, value: string) => {
      const error = validateVisitorField(complete({ additional: { ...complete().additional, [id]: value } }), `additional.${id}`, context);
      return error && messageText(error);
    };
    expect(check(3, 'not-an-email')).toBe('E-mail must be valid');
    expect(check(3, '')).toBeUndefined();
    expect(check(2, '784-1990')).toBe('Emirates ID format is incorrect.');
    expect(check(2, '')).toBeUndefined();
    expect(check(11, '12')).toBe('Mobile number is not valid');
    expect(check(11, '0501234567')).toBeUndefined();
  });
});

describe('the first visitor and family members', () => {
  const profile = { name: 'Layla Hassan', email: 'layla.hassan@example.com', mobile: '+971501234567', dob: '1990-04-12', gender: 'Female' };

  it('[S1-5.13] the first visitor is prefilled from the logged-in user, the stored mobile split into code and number', () => {
    expect(draftFromProfile(profile)).toMatchObject({ name: 'Layla Hassan', email: 'layla.hassan@example.com', country_code: '971', mobile_number: '501234567', dob: '1990-04-12', gender: 'Female' });
    expect(draftFromProfile({ first_name: 'Omar', last_name: 'Hassan' }).name).toBe('Omar Hassan');
    expect(splitMobile('+447700900123')).toEqual({ country_code: '44', mobile_number: '7700900123' });
    expect(splitMobile('0501234567', null)).toEqual({ country_code: '971', mobile_number: '0501234567' });
  });

  it('[S1-5.11] [S1-5.12] the first visitor\'s fields are locked; dob, gender, nationality and ID only when on the profile', () => {
    expect([...lockedFields(0, profile)].sort()).toEqual(['country_code', 'dob', 'email', 'gender', 'mobile_number', 'name']);
    const full = { ...profile, nationality: 1, id_proof_type_id: 32, id_proof_number: VALID_EID };
    expect(lockedFields(0, full).has('nationality')).toBe(true);
    expect(lockedFields(0, full).has('id_proof_number')).toBe(true);
    expect(lockedFields(0, { name: 'Layla' }).has('dob')).toBe(false);
    expect(lockedFields(1, full).size).toBe(0);
  });

  it('[S1-3.28] [S1-3.33] a saved family member fills a section, then their saved answers (check boxes as lists)', () => {
    const member: FamilyMember = {
      customer_id: 7,
      first_name: 'Omar',
      last_name: 'Hassan',
      is_icp_down: 0,
      email: 'omar@example.com',
      mobile: '+971551112233',
      country_code: '971',
      dob: '2012-07-21',
      gender: 'Male',
      nationality: 1,
      id_proof_type_id: 33,
      id_proof_number: 'P1234567',
    };
    const draft = draftFromFamilyMember(member, { ...emptyDraft(), customer_tag_id: '2' });
    expect(draft).toMatchObject({ customer_id: 7, name: 'Omar Hassan', mobile_number: '551112233', gender: 'Male', nationality: '1', id_proof_type_id: '33', customer_tag_id: '2' });
    const filled = applySavedAnswers(draft, [
      { id: 1, slug: 'field_1', value: 'Layla' },
      { id: 99, slug: 'field_9', value: 'a' },
      { id: 50, slug: 'not_asked', value: 'x' },
    ], CONFIG.additional_fields);
    expect(filled.additional).toEqual({ 1: 'Layla', 9: ['a'] });
  });
});

describe('terms agreement', () => {
  it('[S1-5.14] [S1-5.15] is asked for only when the venue has terms text, and then gates Add to cart', () => {
    expect(termsRequired({ tnc: '<p>Terms</p>' })).toBe(true);
    expect(termsRequired({ tnc: '  ', ar_tnc: null })).toBe(false);
    expect(termsRequired({})).toBe(false);
    expect(canSubmit({ termsAreRequired: true, termsAccepted: false })).toBe(false);
    expect(canSubmit({ termsAreRequired: true, termsAccepted: true })).toBe(true);
    expect(canSubmit({ termsAreRequired: false, termsAccepted: false })).toBe(true);
  });
});

describe('disclaimer', () => {
  it('[S1-3.32] substitutes the visitor\'s name and the booking date, leaving unknown tokens as written', () => {
    expect(disclaimerText(DISCLAIMER, complete(), '2025-03-14', 'en')).toBe('I, Layla Hassan, visit on Fri, 14 Mar 2025. {unknown} stays.');
    expect(disclaimerText(DISCLAIMER, complete({ name: '' }), '2025-03-14', 'en')).toContain('I, ________, visit');
    expect(disclaimerText(DISCLAIMER, complete(), '2025-03-14', 'ar')).toContain('أنا Layla Hassan أزور في');
    expect(substituteDisclaimer('{ customer_name }!', { customer_name: 'Omar' })).toBe('Omar!');
  });

  it('[S1-3.31] recognises a signature still held in the page', () => {
    expect(isUnsavedSignature('data:image/png;base64,AAAA')).toBe(true);
    expect(isUnsavedSignature('/api/v1/files/x.png')).toBe(false);
    expect(isUnsavedSignature(['a'])).toBe(false);
  });
});

describe('toVisitorEntry', () => {
  it('[S1-3.23] [S1-3.24] [S1-3.25] [S1-3.26] [S1-3.27] [S1-5.30] [S0-3.26] builds the entry: normalised mobile, tag object, additional fields (id, type, value) with disclaimer text', () => {
    const tags = [{ id: 3, name: 'School trip', ar_name: 'رحلة مدرسية' }];
    const entry = toVisitorEntry(complete({ mobile_number: '050 123 4567', additional: { 1: 'Karim', 9: ['a', 'b'], 11: '0551112233', 12: '/api/v1/files/s.png' } }), {
      config: CONFIG,
      tags,
      bookingDate: '2025-03-14',
    });
    expect(entry).toMatchObject({
      name: 'Layla Hassan',
      mobile_number: '+971501234567',
      country_code: '971',
      dob: '1990-04-12',
      gender: 'Female',
      nationality: 1,
      religion_id: null,
      id_proof_type_id: 32,
      id_proof_number: '784199012345676',
      customer_tag: tags[0],
      save_detail_for_future: false,
    });
    expect(entry.additional_fields).toEqual([
      { id: 1, slug: 'field_1', type: 'text_box', value: 'Karim' },
      { id: 9, slug: 'field_9', type: 'check_boxes', value: ['a', 'b'] },
      { id: 11, slug: 'field_11', type: 'phone_number', value: '+971551112233' },
      {
        id: 12,
        slug: 'field_12',
        type: 'disclaimer_form',
        value: '/api/v1/files/s.png',
        content: 'I, Layla Hassan, visit on Fri, 14 Mar 2025. {unknown} stays.',
        ar_content: expect.stringContaining('أنا Layla Hassan') as unknown as string,
      },
    ]);
  });

  it('[S1-3.29] leaves out what the service hides', () => {
    const hidden: FieldConfig = { ...CONFIG, dob: off, gender: off, nationality: off, id: off, tag: off };
    const entry = toVisitorEntry(complete(), { config: hidden, tags: [{ id: 3, name: 'x' }], bookingDate: '2025-03-14' });
    expect(entry).toMatchObject({ dob: null, gender: null, nationality: null, id_proof_type_id: null, id_proof_number: null, customer_tag: null });
  });
});

describe('passport, ID expiry and booking reason (S0-3.10)', () => {
  const WITH_REASON: FieldConfig = { ...CONFIG, booking_reason: on(1) };
  const context = { config: WITH_REASON, lang: 'en' as const, bookingDate: BOOKING_DATE };
  const passport = (overrides: Partial<VisitorDraft> = {}) =>
    complete({ id_proof_type_id: '33', id_proof_number: 'N1234567', passport_issue_date: '2020-01-10', expiry_date: '2030-01-09', place_of_birth: 'Muscat', booking_reason: 'Swimming lessons', ...overrides });
  const check = (draft: VisitorDraft, key: Parameters<typeof validateVisitorField>[1], given = context) => {
    const error = validateVisitorField(draft, key, given);
    return error && messageText(error);
  };

  it('a complete passport visitor has no problems', () => {
    expect(validateVisitor(passport(), context)).toEqual({});
  });

  it.each([
    ['a day that does not exist', { expiry_date: '2030-02-30' }, 'Please enter a valid expiry date'],
    ['expired before the visit', { expiry_date: '2025-03-13' }, 'The ID has expired. Please enter a valid document'],
    ['on the issue day', { expiry_date: '2026-05-01', passport_issue_date: '2026-05-01' }, 'The ID expiry date must be after the passport issue date'],
    ['before the issue day', { expiry_date: '2026-04-30', passport_issue_date: '2026-05-01' }, 'The ID expiry date must be after the passport issue date'],
    ['ten years after the issue', {}, undefined],
  ] as const)('the expiry date: %s', (_name, overrides, expected) => {
    expect(check(passport(overrides), 'expiry_date')).toBe(expected);
  });

  it('an expiry on the visit day is still valid; an Emirates ID expiry is not compared with a passport issue date', () => {
    expect(check(passport({ expiry_date: BOOKING_DATE }), 'expiry_date')).toBeUndefined();
    expect(check(complete({ expiry_date: '2026-01-01', passport_issue_date: '2027-01-01' }), 'expiry_date')).toBeUndefined();
  });

  it.each([
    ['not a real day', { passport_issue_date: '2020-13-01' }, 'Please enter a valid passport issue date'],
    ['after the visit', { passport_issue_date: '2025-03-15' }, 'The passport issue date cannot be after the visit date'],
    ['before the visitor was born', { passport_issue_date: '1989-01-01' }, 'The passport issue date cannot be before the date of birth'],
    ['on the visit day', { passport_issue_date: BOOKING_DATE }, undefined],
  ] as const)('the passport issue date: %s', (_name, overrides, expected) => {
    expect(check(passport(overrides), 'passport_issue_date')).toBe(expected);
  });

  it('place of birth and booking reason are bounded; the reason is required where the service says so', () => {
    expect(check(passport({ place_of_birth: 'x'.repeat(101) }), 'place_of_birth')).toBe('Place of birth cannot be longer than 100 characters');
    expect(check(passport({ place_of_birth: 'x'.repeat(100) }), 'place_of_birth')).toBeUndefined();
    expect(check(passport({ booking_reason: 'x'.repeat(501) }), 'booking_reason')).toBe('Booking reason cannot be longer than 500 characters');
    expect(check(passport({ booking_reason: ' ' }), 'booking_reason')).toBe('Booking reason is required');
    expect(check(passport({ booking_reason: '' }), 'booking_reason', { ...context, config: { ...CONFIG, booking_reason: on(0) } })).toBeUndefined();
  });

  it('the ID extras are not checked when the service hides the ID, nor the booking reason when it hides the reason', () => {
    const hidden = { ...context, config: { ...WITH_REASON, id: off, booking_reason: off } };
    const wrong = passport({ expiry_date: 'soon', passport_issue_date: 'then', place_of_birth: 'x'.repeat(200), booking_reason: '' });
    expect(validateVisitor(wrong, hidden)).toEqual({});
  });

  it('a venue that never set the reason field hides it', () => {
    expect(fieldRule(CONFIG, 'booking_reason')).toEqual({ visible: false, required: false });
  });

  it('[S0-3.10] a guest entry carries every field of the customer or guest form, and the venue API accepts it', () => {
    const tags = [{ id: 3, name: 'Leisure' }];
    const documents = { 8: { name: 'passport.pdf', path: 'files/passport.pdf', type: 'application/pdf', size: 2048 } };
    const config: FieldConfig = { ...WITH_REASON, religion: on(0) };
    const entry = toVisitorEntry(passport({ religion_id: '2', documents }), { config, tags, bookingDate: BOOKING_DATE });
    // The guest form holds the first and last name as its one name field, and the religion as religion_id.
    expect(entry).toMatchObject({
      name: 'Layla Hassan',
      email: 'layla@example.com',
      mobile_number: '+971501234567',
      country_code: '971',
      dob: '1990-04-12',
      gender: 'Female',
      nationality: 1,
      customer_tag: tags[0],
      id_proof_type_id: 33,
      id_proof_number: 'N1234567',
      religion_id: 2,
      booking_reason: 'Swimming lessons',
      documents: [documents[8]],
      expiry_date: '2030-01-09',
      passport_issue_date: '2020-01-10',
      place_of_birth: 'Muscat',
    });
    expect(entry.additional_fields.map((field) => field.id)).toEqual([1, 9, 12]);
    expect(visitorEntry.safeParse(entry).success).toBe(true);
  });

  it('an Emirates ID keeps its expiry but sends no passport issue date or place of birth; hidden fields send nothing', () => {
    const emirates = toVisitorEntry(passport({ id_proof_type_id: '32', id_proof_number: VALID_EID }), { config: WITH_REASON, tags: [], bookingDate: BOOKING_DATE });
    expect(emirates).toMatchObject({ expiry_date: '2030-01-09', passport_issue_date: null, place_of_birth: null });
    const hidden = toVisitorEntry(passport(), { config: { ...CONFIG, id: off }, tags: [], bookingDate: BOOKING_DATE });
    expect(hidden).toMatchObject({ expiry_date: null, passport_issue_date: null, place_of_birth: null, booking_reason: null });
  });
});

describe('visitorEntry (the venue API side)', () => {
  const entry = (extra: Record<string, unknown>) => ({ name: 'Layla', email: 'layla@example.com', mobile_number: '+971501234567', ...extra });
  const issues = (extra: Record<string, unknown>) => {
    const result = visitorEntry.safeParse(entry(extra));
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('refuses days that do not exist, an expiry not after the issue and over-long text, with a message to act on', () => {
    expect(issues({ expiry_date: '2030-02-30' })).toEqual(['Send a date that exists on the calendar, as YYYY-MM-DD']);
    expect(issues({ passport_issue_date: '2020-01-10', expiry_date: '2020-01-10' })).toEqual(['The ID expiry date must be after the passport issue date']);
    expect(issues({ place_of_birth: 'x'.repeat(101) })).toEqual(['Place of birth cannot be longer than 100 characters']);
    expect(issues({ booking_reason: 'x'.repeat(501) })).toEqual(['Booking reason cannot be longer than 500 characters']);
    expect(issues({ passport_issue_date: '2020-01-10', expiry_date: '2030-01-09', place_of_birth: 'Muscat', booking_reason: 'Lessons' })).toEqual([]);
  });
});
