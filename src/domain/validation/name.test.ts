import { describe, expect, it } from 'vitest';
import { messageText } from './messageText';
import { validateName } from './name';

describe('name', () => {
  it.each<[string, string | undefined, string | undefined]>([
    ['[S0-5.10] Latin letters and spaces', 'Sara Al Mansoori', undefined],
    ['[S0-5.10] Arabic letters and spaces', 'سارة المنصوري', undefined],
    ['[S0-5.10] Arabic with vowel marks', 'مُحَمَّد', undefined],
    ['[S0-5.10] accented Latin letters', 'José Zoë', undefined],
    ['[S0-5.10] surrounding spaces are ignored', '  Ali  ', undefined],
    ['[S0-5.10] digits', 'Sara2', 'First name must be a valid name in Latin or Arabic'],
    ['[S0-5.10] Arabic-Indic digits', 'سارة٢', 'First name must be a valid name in Latin or Arabic'],
    ['[S0-5.10] punctuation', "O'Brien", 'First name must be a valid name in Latin or Arabic'],
    ['[S0-5.10] hyphen', 'Al-Hashimi', 'First name must be a valid name in Latin or Arabic'],
    ['[S0-5.10] another script', 'Ελένη', 'First name must be a valid name in Latin or Arabic'],
    ['[S0-5.10] tatweel', 'سـارة', 'First name must be a valid name in Latin or Arabic'],
    ['[S0-5.11] one letter', 'A', 'First name must be at least 2 characters long'],
    ['[S0-5.11] one letter with spaces', ' A ', 'First name must be at least 2 characters long'],
    ['[S0-5.11] one Arabic letter with a vowel mark', 'عَ', 'First name must be at least 2 characters long'],
    ['[S0-5.11] empty', '', 'First name must be at least 2 characters long'],
    ['[S0-5.11] two letters', 'Al', undefined],
  ])('%s', (_title, value, expected) => {
    const error = validateName(value, { labelKey: 'firstName' });
    expect(error && messageText(error)).toBe(expected);
  });

  it('[S0-5.10] names the field as the caller gives it', () => {
    const error = validateName('R2D2', 'Guardian name');
    expect(error && messageText(error)).toBe('Guardian name must be a valid name in Latin or Arabic');
  });
});
