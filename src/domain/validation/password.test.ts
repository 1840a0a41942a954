import { describe, expect, it } from 'vitest';
import { type MessageDescriptor } from './messages';
import { messageText } from './messageText';
import { passwordRequirements, validatePassword, validatePasswordConfirmation } from './password';

const text = (descriptor: MessageDescriptor | undefined) => descriptor && messageText(descriptor);

describe('password', () => {
  it.each<[string, string, string | undefined]>([
    ['[S0-5.7] [S0-9.11] 7 characters', 'Ab1#xyz', 'Must Contain 8 Characters'],
    ['[S0-5.7] empty', '', 'Must Contain 8 Characters'],
    ['[S0-5.8] [S1-5.37] no uppercase letter', 'abcdef1#', 'Must contain at least one uppercase letter'],
    ['[S0-5.8] [S1-5.37] no lowercase letter', 'ABCDEF1#', 'Must contain at least one lowercase letter'],
    ['[S0-5.8] [S1-5.37] no digit', 'Abcdefg#', 'Must contain at least one digit'],
    ['[S0-5.8] [S1-5.37] no special character', 'Abcdefg1', 'Must contain at least one special character, such as ! @ # or $'],
    ['[S0-5.8] Arabic letters are not special characters', 'Abcdefg1سلام', 'Must contain at least one special character, such as ! @ # or $'],
    ['[S0-5.8] a space is not a special character', 'Abc defg1', 'Must contain at least one special character, such as ! @ # or $'],
    ['[S0-5.7] [S0-5.8] exactly 8 characters with all four kinds', 'Abcdef1#', undefined],
    ['[S0-5.8] accented capitals count as uppercase', 'Élan-2024', undefined],
  ])('%s', (_title, password, expected) => {
    expect(text(validatePassword(password))).toBe(expected);
  });

  it('[S0-5.7] [S0-5.8] lists every requirement with whether it is met', () => {
    expect(passwordRequirements('abc1').map(({ requirement, met }) => [requirement, met])).toEqual([
      ['minLength', false],
      ['uppercase', false],
      ['lowercase', true],
      ['digit', true],
      ['special', false],
    ]);
  });

  it.each<[string, string, string, 'registration' | 'reset', string | undefined]>([
    ['[S0-5.9] registration mismatch', 'Abcdef1#', 'Abcdef1$', 'registration', 'Passwords must match'],
    ['[S0-5.9] [S1-5.38] reset mismatch', 'Abcdef1#', 'abcdef1#', 'reset', 'The passwords do not match'],
    ['[S0-5.9] matching', 'Abcdef1#', 'Abcdef1#', 'reset', undefined],
  ])('%s', (_title, password, confirmation, flow, expected) => {
    expect(text(validatePasswordConfirmation(password, confirmation, flow))).toBe(expected);
  });
});
