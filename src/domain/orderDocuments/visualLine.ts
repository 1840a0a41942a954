import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** Which font draws a piece: Arabic letters (and Arabic digits and punctuation), or everything else. */
export type PieceScript = 'arabic' | 'latin';

/**
 * One piece of a line ready to draw from left to right. `text` goes to a shaper that (as fontkit does) joins Arabic
 * letters and lays out an Arabic word right to left by itself: Arabic pieces stay in reading order, and every other
 * piece is already in the order it is seen.
 */
export type VisualPiece = { text: string; script: PieceScript; rtl: boolean };

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const SPACE = /\s/;
/** Marks and isolates that steer the ordering and are never drawn. */
const BIDI_CONTROL = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** `text` kept apart from its neighbours' direction, as <bdi> does on a page: a name in a list of names. */
export const isolated = (text: string) => `\u2068${text}\u2069`;

type CharClass = 'arabic' | 'space' | 'other';
const classOf = (char: string): CharClass => (ARABIC.test(char) ? 'arabic' : SPACE.test(char) ? 'space' : 'other');

type LogicalPiece = { text: string; level: number; kind: CharClass };

/** Pieces of one embedding level and one class; words are never shaped across a space. */
function logicalPieces(text: string, levels: Uint8Array): LogicalPiece[] {
  const pieces: LogicalPiece[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (BIDI_CONTROL.test(char)) continue;
    const level = levels[index] ?? 0;
    const kind = classOf(char);
    const last = pieces.at(-1);
    if (last && last.level === level && last.kind === kind) last.text += char;
    else pieces.push({ text: char, level, kind });
  }
  return pieces;
}

/** Rule L2 of the bidirectional algorithm on whole pieces: from the highest level down to the lowest odd one, reverse every run at that level or above. */
function reorder<T extends { level: number }>(pieces: readonly T[]): T[] {
  const out = [...pieces];
  const levels = out.map((piece) => piece.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < out.length; start++) {
      if ((out[start]?.level ?? 0) < level) continue;
      let end = start;
      while (end + 1 < out.length && (out[end + 1]?.level ?? 0) >= level) end++;
      out.splice(start, end - start + 1, ...out.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return out;
}

/** Right-to-left text the shaper will not turn (spaces, punctuation): turned here, with brackets mirrored. */
const seenRightToLeft = (text: string) =>
  [...text]
    .reverse()
    .map((char) => bidi.getMirroredCharacter(char) ?? char)
    .join('');

/**
 * One line of text (no line breaks) as the pieces seen from left to right, for a PDF writer that draws only left to
 * right. `direction` is the paragraph's: 'rtl' for an Arabic document, whatever its text holds.
 */
export function visualPieces(text: string, direction: 'ltr' | 'rtl'): VisualPiece[] {
  if (text === '') return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  return reorder(logicalPieces(text, levels)).map((piece) => {
    const rtl = piece.level % 2 === 1;
    return {
      text: rtl && piece.kind !== 'arabic' ? seenRightToLeft(piece.text) : piece.text,
      script: piece.kind === 'arabic' ? 'arabic' : 'latin',
      rtl,
    };
  });
}
