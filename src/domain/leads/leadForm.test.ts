import { describe, expect, it } from 'vitest';
import { type LeadFormField } from '../contract/leads';
import { messageText } from '../validation/messageText';
import { blankAnswers, hasOnlyOfferedChoices, leadSubmission, normaliseLeadAnswer, validateLeadAnswers, validateLeadCaptcha, validateLeadField } from './leadForm';

const field = (type: LeadFormField['type'], is_required: 0 | 1 = 1, options: string[] = []): LeadFormField => ({
  field_name: 'Your answer',
  ar_field_name: 'إجابتك',
  type,
  is_required,
  options: options.map((value) => ({ value })),
});

const textOf = (value: Parameters<typeof validateLeadField>[1], of: LeadFormField) => {
  const descriptor = validateLeadField(of, value);
  return descriptor ? messageText(descriptor) : undefined;
};

describe('lead form rules', () => {
  it.each<[string, LeadFormField, string | string[] | null, string | undefined]>([
    ['[S1-5.61] required text, empty', field('text'), '', 'Your answer is required'],
    ['[S1-5.61] required text, spaces only', field('text'), '   ', 'Your answer is required'],
    ['[S1-5.61] required text area, empty', field('text_area'), null, 'Your answer is required'],
    ['[S1-5.61] required check boxes, none ticked', field('check_boxes', 1, ['A']), [], 'Your answer is required'],
    ['[S1-5.61] required radio, none chosen', field('radio_buttons', 1, ['A']), '', 'Your answer is required'],
    ['[S1-5.61] required drop-down, none chosen', field('drop_down', 1, ['A']), '', 'Your answer is required'],
    ['[S1-5.61] required e-mail, empty', field('email'), '', 'Your answer is required'],
    ['[S1-5.62] e-mail without a domain', field('email', 0), 'sam@example', 'Please enter a valid email address'],
    ['[S1-5.62] a good e-mail', field('email'), ' sam@example.com ', undefined],
    ['[S1-5.63] required phone, empty', field('phone_number'), ' ', 'Please enter valid mobile number'],
    ['[S1-5.64] phone too short', field('phone_number'), '12345', 'Mobile number is not valid'],
    ['[S1-5.64] phone with letters', field('phone_number', 0), '05012abc67', 'Mobile number is not valid'],
    ['a local phone', field('phone_number'), '050 123 4567', undefined],
    ['a phone in Arabic-Indic digits', field('phone_number'), '٠٥٠١٢٣٤٥٦٧', undefined],
    ['optional phone, empty', field('phone_number', 0), '', undefined],
    ['optional text, empty', field('text', 0), '', undefined],
    ['ticked check boxes', field('check_boxes', 1, ['A', 'B']), ['B'], undefined],
  ])('%s', (_title, of, value, expected) => {
    expect(textOf(value, of)).toBe(expected);
  });

  it('[S1-5.65] the captcha is required, in the booking wording', () => {
    expect(messageText(validateLeadCaptcha('')!)).toBe('Please confirm you are not a robot');
    expect(validateLeadCaptcha('id:12')).toBeUndefined();
  });

  it('checks every field by name', () => {
    const fields = [{ ...field('text'), field_name: 'Name' }, { ...field('email', 0), field_name: 'Email' }, { ...field('text', 0), field_name: 'Note' }];
    const errors = validateLeadAnswers(fields, { Name: '', Email: 'x', Note: '' });
    expect(Object.fromEntries(Object.entries(errors).map(([name, descriptor]) => [name, messageText(descriptor)]))).toEqual({
      Name: 'Name is required',
      Email: 'Please enter a valid email address',
    });
    expect(blankAnswers({ form_fields: fields.concat({ ...field('check_boxes'), field_name: 'Ticks' }) })).toEqual({ Name: '', Email: '', Note: '', Ticks: [] });
    expect(blankAnswers(null)).toEqual({});
  });

  it.each<[LeadFormField, string | string[], boolean]>([
    [field('radio_buttons', 0, ['A', 'B']), 'B', true],
    [field('radio_buttons', 0, ['A', 'B']), 'C', false],
    [field('radio_buttons', 0, ['A', 'B']), ['A'], false],
    [field('drop_down', 0, ['A']), 'A', true],
    [field('check_boxes', 0, ['A', 'B']), ['A', 'B'], true],
    [field('check_boxes', 0, ['A', 'B']), ['A', 'Z'], false],
    [field('check_boxes', 0, ['A']), 'A', false],
    [field('text', 0), 'anything', true],
    [field('radio_buttons', 0, ['A']), '', true],
  ])('only offered choices: %j answered %j is %s', (of, value, expected) => {
    expect(hasOnlyOfferedChoices(of, value)).toBe(expected);
  });

  it('[S1-7.28] the body of POST leads: the form, every field with its normalised answer, and the captcha', () => {
    const fields: LeadFormField[] = [
      { ...field('text'), field_name: 'Name' },
      { ...field('email'), field_name: 'Email' },
      { ...field('phone_number'), field_name: 'Mobile' },
      { ...field('check_boxes', 0, ['A', 'B']), field_name: 'Ticks' },
      { ...field('text_area', 0), field_name: 'Note' },
    ];
    const form = { form_name: 'Stay in touch', ar_form_name: null, form_description: null, lead_action_list_id: 41, form_fields: fields };
    const body = leadSubmission(form, { Name: ' Sam ', Email: 'Sam@Example.COM', Mobile: '+971 50 123 4567', Ticks: ['B'], Note: '' }, ' id:7 ');
    expect(body).toEqual({
      answers: {
        form_name: 'Stay in touch',
        form_description: null,
        lead_action_list_id: 41,
        form_fields: [
          { ...fields[0], answer: 'Sam' },
          { ...fields[1], answer: 'sam@example.com' },
          { ...fields[2], answer: '+971501234567' },
          { ...fields[3], answer: ['B'] },
          { ...fields[4], answer: null },
        ],
      },
      recaptcha_response: 'id:7',
    });
    expect(normaliseLeadAnswer(field('check_boxes'), [])).toBeNull();
  });
});

describe('lead server messages', () => {
  it('are recognised for translation; other text is left as it is', async () => {
    const { leadServerMessageKey, leadServerText } = await import('./leadText');
    expect(leadServerMessageKey(leadServerText('thanks'))).toBe('leads:serverMessages.thanks');
    expect(leadServerMessageKey('Please confirm you are not a robot')).toBe('account:serverErrors.captcha_failed');
    expect(leadServerMessageKey('Something else')).toBeNull();
  });
});
