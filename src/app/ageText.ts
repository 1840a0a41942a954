import { type TFunction } from 'i18next';

/** A saved copy's age in the largest whole unit (the caller's namespace holds the slots.age* keys). */
export function ageText(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('slots.ageMinutes', { count: minutes });
  if (minutes < 24 * 60) return t('slots.ageHours', { count: Math.floor(minutes / 60) });
  return t('slots.ageDays', { count: Math.floor(minutes / (24 * 60)) });
}
