import { describe, expect, it } from 'vitest';
import { validateEmail } from './email';
import { FILL_REQUIRED_FIELDS, FIX_ALL_ERRORS, hasErrors, isBlank, LOGIN_REQUIRED, optional, required, validateFields, type Rule } from './form';
import { type MessageDescriptor } from './messages';
import { messageText } from './messageText';
import { validateMobile } from './mobile';
import { validatePassword, validatePasswordConfirmation } from './password';

const text = (descriptor: MessageDescriptor | undefined) => descriptor && messageText(descriptor);

describe('required', () => {
  it.each<[unknown, boolean]>([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    [[], true],
    [false, true],
    ['a', false],
    [0, false],
    [['x'], false],
    [true, false],
  ])('isBlank(%j) is %s', (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });

  it.each<[string, unknown, Parameters<typeof required>[1], string | undefined]>([
    ['[S0-5.1] [S1-5.1] visitor name', '', { labelKey: 'name' }, 'Name is required'],
    ['[S0-5.1] [S1-5.2] visitor email', ' ', { labelKey: 'email' }, 'Email is required'],
    ['[S0-5.1] [S1-5.4] visitor mobile', undefined, { labelKey: 'mobile' }, 'Mobile number is required'],
    ['[S0-5.1] [S1-5.36] reset password', '', { labelKey: 'confirmPassword' }, 'Confirm password is required'],
    ['[S1-5.16] additional field by its name', [], 'Blood group', 'Blood group is required'],
    ['[S1-5.61] lead form field by its field name', null, 'Company', 'Company is required'],
    ['[S0-5.1] a filled field', 'Sara', { labelKey: 'name' }, undefined],
  ])('%s', (_title, value, field, expected) => {
    expect(text(required(value, field))).toBe(expected);
  });
});

describe('form-level messages', () => {
  it.each([
    ['[S0-5.21] general form error', FIX_ALL_ERRORS, 'Please fix all errors'],
    ['[S1-5.26] [S1-5.66] customer modal or lead form incomplete', FILL_REQUIRED_FIELDS, 'Please fill all the required fields'],
    ['[S1-5.27] login required', LOGIN_REQUIRED, 'Please Login!'],
  ])('%s', (_title, descriptor, expected) => {
    expect(messageText(descriptor)).toBe(expected);
  });
});

describe('validateFields', () => {
  type Reset = { password: string; confirm_password: string };
  const resetRules = {
    password: [(value: string) => required(value, { labelKey: 'password' }), validatePassword],
    confirm_password: [
      (value: string) => required(value, { labelKey: 'confirmPassword' }),
      (value: string, values: Reset) => validatePasswordConfirmation(values.password, value, 'reset'),
    ],
  };

  it('[S1-5.36] [S1-5.38] reports the first failing rule of each field', () => {
    const errors = validateFields<Reset>({ password: '', confirm_password: 'x' }, resetRules);
    expect(text(errors.password)).toBe('Password is required');
    expect(text(errors.confirm_password)).toBe('The passwords do not match');
    expect(hasErrors(errors)).toBe(true);
  });

  it('[S1-5.37] a valid form has no errors', () => {
    const errors = validateFields<Reset>({ password: 'Secret#123', confirm_password: 'Secret#123' }, resetRules);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('[S1-5.62] [S1-5.63] [S1-5.64] lead form: a single rule per field and an optional one', () => {
    type Lead = { Email: string; Phone: string; Website?: string };
    const url: Rule<string | undefined, Lead> = (value) => (value?.startsWith('http') ? undefined : { key: 'form.fixErrors' });
    const rules = {
      Email: (value: string) => validateEmail(value, 'lead'),
      Phone: (value: string) => validateMobile('971', value),
      Website: optional(url),
    };
    const empty = validateFields<Lead>({ Email: 'nope', Phone: '', Website: '' }, rules);
    expect(text(empty.Email)).toBe('Please enter a valid email address');
    expect(text(empty.Phone)).toBe('Please enter valid mobile number');
    expect(empty.Website).toBeUndefined();
    expect(text(validateFields<Lead>({ Email: 'a@b.co', Phone: '12', Website: 'x' }, rules).Phone)).toBe('Mobile number is not valid');
  });
});
