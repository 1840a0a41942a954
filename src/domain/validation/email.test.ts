import { describe, expect, it } from 'vitest';
import { isEmail, validateEmail, type EmailWording } from './email';
import { messageText } from './messageText';

describe('email', () => {
  it.each<[string, boolean]>([
    ['sara@example.com', true],
    ['  sara@example.ae ', true],
    ['first.last+tag@sub.example.org', true],
    ['sara@example', false],
    ['sara.example.com', false],
    ['sara @example.com', false],
    ['@example.com', false],
    ['sara@@example.com', false],
    ['', false],
  ])('[S0-5.2] simple pattern: %j → %s', (value, valid) => {
    expect(isEmail(value)).toBe(valid);
  });

  it.each<[string, string | null | undefined, EmailWording, string | undefined]>([
    ['[S0-5.2] [S1-5.3] standard, malformed', 'sara@', 'standard', 'Please input correct email address'],
    ['[S0-5.2] standard, empty (pair with required)', '', 'standard', 'Please input correct email address'],
    ['[S0-5.2] standard, valid', 'sara@example.com', 'standard', undefined],
    ['[S0-5.3] [S1-5.31] login, empty', '  ', 'login', 'Please input a valid email address'],
    ['[S0-5.3] [S1-5.31] login, missing', undefined, 'login', 'Please input a valid email address'],
    ['[S0-5.3] [S1-5.31] login, malformed', 'sara@example', 'login', 'Invalid Email'],
    ['[S0-5.3] login, valid', 'sara@example.com', 'login', undefined],
    ['[S1-5.25] additional email field, malformed', 'x', 'additionalField', 'E-mail must be valid'],
    ['[S1-5.25] additional email field, valid', 'a@b.co', 'additionalField', undefined],
    ['[S1-5.62] lead form, malformed', 'x@y', 'lead', 'Please enter a valid email address'],
    ['[S1-5.62] lead form, valid', 'a@b.co', 'lead', undefined],
  ])('%s', (_title, value, wording, expected) => {
    const error = validateEmail(value, wording);
    expect(error && messageText(error)).toBe(expected);
  });
});
