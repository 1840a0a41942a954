/** In dayjs/Date order: index 0 is Sunday. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_FLAGS: Record<Weekday, number> = {
  sunday: 1,
  monday: 2,
  tuesday: 4,
  wednesday: 8,
  thursday: 16,
  friday: 32,
  saturday: 64,
};

export const ALL_WEEKDAYS_MASK = 127;

/** The days a bit mask names, Sunday first; bits beyond Saturday are ignored. */
export function daysFromMask(mask: number): Weekday[] {
  if (!Number.isInteger(mask) || mask <= 0) return [];
  return WEEKDAYS.filter((day) => (mask & WEEKDAY_FLAGS[day]) !== 0);
}

export function maskFromDays(days: Iterable<Weekday>): number {
  let mask = 0;
  for (const day of days) mask |= WEEKDAY_FLAGS[day];
  return mask;
}

export function weekdayOfIndex(dayIndex: number): Weekday | null {
  return WEEKDAYS[dayIndex] ?? null;
}
