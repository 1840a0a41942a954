import { type Lang } from './lang';

/** Arabic text lives in an `ar_`-prefixed sibling of the base field and falls back to it when blank. */
export function localized(obj: Record<string, unknown>, field: string, lang: Lang): string {
  if (lang === 'ar') {
    const arabic = obj[`ar_${field}`];
    if (typeof arabic === 'string' && arabic.trim() !== '') return arabic;
  }
  const base = obj[field];
  if (typeof base === 'string') return base;
  if (typeof base === 'number') return String(base);
  return '';
}
