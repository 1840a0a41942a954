import { type Lang } from '../domain/lang';
import { type KeypadKind } from './kioskContext';

/*
 * simple-keyboard layouts: rows of space-separated keys; {name} keys are actions.
 * Letters sit where they are on a physical keyboard of that language, so the board is always laid out
 * left to right, as the keys of a real keyboard are. Digits are Western (DESIGN.md).
 * Keys must not contain '<', '>' or '&': simple-keyboard writes key captions as HTML.
 */
const BOTTOM_ROW = '{lang} @ . {space} , {done}';

export const KEYBOARD_LAYOUTS: Record<string, string[]> = {
  en: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    'q w e r t y u i o p',
    "a s d f g h j k l '",
    '{shift} z x c v b n m - _',
    BOTTOM_ROW,
  ],
  'en-shift': [
    '! ? # $ % * ( ) / + {bksp}',
    'Q W E R T Y U I O P',
    'A S D F G H J K L "',
    '{shift} Z X C V B N M : ;',
    BOTTOM_ROW,
  ],
  ar: [
    '1 2 3 4 5 6 7 8 9 0 {bksp}',
    'ض ص ث ق ف غ ع ه خ ح ج د',
    'ش س ي ب ل ا ت ن م ك ط',
    '{shift} ئ ء ؤ ر لا ى ة و ز ظ ذ',
    '{lang} @ . {space} ، {done}',
  ],
  'ar-shift': [
    '! ؟ # $ % * ( ) - _ {bksp}',
    'أ إ آ لأ لإ لآ ـ « » / +',
    '" \' : ؛ = ~ [ ] |',
    '{shift} ً ٌ ٍ َ ُ ِ ّ ْ',
    '{lang} @ . {space} ، {done}',
  ],
  numeric: ['1 2 3', '4 5 6', '7 8 9', '{bksp} 0 {done}'],
  tel: ['1 2 3', '4 5 6', '7 8 9', '+ 0 {bksp}', '{done}'],
};

export function layoutName(keypad: KeypadKind, language: Lang, shifted: boolean): string {
  if (keypad !== 'text') return keypad;
  return shifted ? `${language}-shift` : language;
}

/** Every key of every layout, for attributes that all keys share. */
export const ALL_KEYS: string = [
  ...new Set(Object.values(KEYBOARD_LAYOUTS).flatMap((rows) => rows.flatMap((row) => row.split(' ')))),
].join(' ');
