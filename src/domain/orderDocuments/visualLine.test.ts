import { describe, expect, it } from 'vitest';
import { isolated, visualPieces } from './visualLine';

const seen = (text: string, direction: 'ltr' | 'rtl') => visualPieces(text, direction).map((piece) => piece.text).join('|');

describe('a line of a PDF seen from left to right', () => {
  it.each([
    ['English in an English document stays as written', 'Order ORD-1A2B3', 'ltr', 'Order| |ORD-1A2B3'],
    ['Arabic words of an Arabic document come right to left, each word in reading order for the shaper', 'رقم الطلب', 'rtl', 'الطلب| |رقم'],
    ['a reference inside Arabic keeps its own left-to-right order', 'الطلب ORD-1A2B3', 'rtl', 'ORD-1A2B3| |الطلب'],
    ['an amount after an Arabic label sits on its left, read left to right', 'المبلغ: AED 150.5', 'rtl', 'AED| |150.5| |:|المبلغ'],
    ['brackets in Arabic text are mirrored, so they still open towards the right', 'تذكرة (٢)', 'rtl', '(|٢|)| |تذكرة'],
    ['an Arabic name in an English line reads right to left inside it', 'Holder: ليلى حسن', 'ltr', 'Holder:| |حسن| |ليلى'],
  ] as const)('%s', (_, text, direction, expected) => {
    expect(seen(text, direction)).toBe(expected);
  });

  it('keeps each isolated name in its place of the list, and never draws the isolating marks', () => {
    const names = ['Layla Hassan', 'Omar Hassan'].map(isolated).join('، ');
    expect(seen(names, 'rtl')).toBe('Omar| |Hassan| |،|Layla| |Hassan');
    expect(seen(`${isolated('ليلى')}, ${isolated('Omar')}`, 'ltr')).toBe('ليلى|,| |Omar');
  });

  it('draws Arabic letters with the Arabic font and the rest with the Latin one', () => {
    expect(visualPieces('تذكرة TKT-1', 'rtl').map(({ script, rtl }) => [script, rtl])).toEqual([
      ['latin', false],
      ['latin', true],
      ['arabic', true],
    ]);
  });

  it('has nothing to draw for an empty line', () => {
    expect(visualPieces('', 'rtl')).toEqual([]);
  });
});
