import { fieldMessage, type FieldName, type MessageDescriptor } from './messages';

export const NAME_MIN_LETTERS = 2;

/**
 * Letters of the Latin or Arabic script, Arabic vowel marks (harakat) and plain spaces. Accented Latin letters
 * (José, Zoë) are Latin letters; digits, punctuation, hyphens, apostrophes and tatweel are not allowed.
 */
const LATIN_OR_ARABIC_NAME = /^(?:(?=\p{L})[\p{Script=Latin}\p{Script=Arabic}]|(?=\p{M})\p{Script_Extensions=Arabic}| )+$/u;

/**
 * '{field} must be a valid name in Latin or Arabic', then at least two letters ('{field} must be at least 2
 * characters long'); spaces and vowel marks do not count towards the two. Surrounding spaces are ignored.
 */
export function validateName(value: string | null | undefined, field: FieldName): MessageDescriptor | undefined {
  const name = (value ?? '').normalize('NFC').trim();
  if (name !== '' && !LATIN_OR_ARABIC_NAME.test(name)) return fieldMessage('name.invalid', field);
  const letters = name.match(/\p{L}/gu)?.length ?? 0;
  return letters < NAME_MIN_LETTERS ? fieldMessage('name.tooShort', field, { min: NAME_MIN_LETTERS }) : undefined;
}
