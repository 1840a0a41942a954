/** WCAG 2 contrast helpers: venue colours arrive from config and must stay readable. */
export const AA_NORMAL_TEXT = 4.5;

const DARK_TEXT = '#0f172a';
const LIGHT_TEXT = '#ffffff';

export function parseHex(color: string): [number, number, number] | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.split('').map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: [number, number, number]): string {
  return '#' + [r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('');
}

function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour (near-black or white) that reads best on a background. */
export function readableTextOn(background: string): string {
  return contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * Darkens (on light surfaces) or lightens (on dark surfaces) a brand colour until it reaches the ratio
 * against the surface, so a venue's pale brand colour can still be used for text and links.
 */
export function ensureContrast(color: string, surface: string, ratio = AA_NORMAL_TEXT): string {
  const rgb = parseHex(color);
  if (!rgb) return readableTextOn(surface);
  const towardsBlack = readableTextOn(surface) === DARK_TEXT;
  let current = rgb;
  for (let step = 0; step < 20 && contrastRatio(toHex(current), surface) < ratio; step++) {
    current = current.map((v) => (towardsBlack ? v * 0.88 : v + (255 - v) * 0.18)) as [number, number, number];
  }
  return toHex(current);
}
