export type CardBrand = 'Visa' | 'Mastercard' | 'Unknown';

const MASK_CHARACTERS = new Set(['*', 'X', 'x', '•']);
const MIN_VISIBLE_CHARACTERS = 6;

/** A guess from the leading digit, made only when enough of the number is visible to trust it. */
export function guessCardBrand(masked: string): CardBrand {
  const characters = Array.from(masked.replace(/[\s-]/g, ''));
  const visible = characters.filter((c) => !MASK_CHARACTERS.has(c)).length;
  if (visible < MIN_VISIBLE_CHARACTERS) return 'Unknown';
  if (characters[0] === '4') return 'Visa';
  if (characters[0] === '5') return 'Mastercard';
  return 'Unknown';
}
