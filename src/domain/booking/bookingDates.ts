import { addDays, dayNumber } from './dayTime';

export interface BookingDateOptions {
  /** The venue's today, 'YYYY-MM-DD'. */
  today: string;
  advanceBookingDaysLimit: number | null;
  /** Non-null exactly when qube_enable_custom_booking_date_range is on; a null end leaves that side open. */
  customRange: { start: string | null; end: string | null } | null;
}

/**
 * The first and last dates a visitor may book ('YYYY-MM-DD', inclusive; max null when open-ended): not before
 * today, not after today + advance_booking_days_limit days (0 or null: no limit), and inside the custom range
 * when it is on. When the range lies wholly in the past, min comes out after max and no date is selectable.
 */
export function bookingDateBounds({ today, advanceBookingDaysLimit, customRange }: BookingDateOptions): { min: string; max: string | null } {
  const limit = advanceBookingDaysLimit !== null && advanceBookingDaysLimit > 0 ? addDays(today, Math.floor(advanceBookingDaysLimit)) : null;
  const starts = [today, customRange?.start].filter(isDate);
  const ends = [limit, customRange?.end].filter(isDate);
  return { min: starts.reduce(later, today), max: ends.length > 0 ? ends.reduce(earlier) : null };
}

export function isBookingDateSelectable(date: string, options: BookingDateOptions): boolean {
  if (!isDate(date)) return false;
  const { min, max } = bookingDateBounds(options);
  return date >= min && (max === null || date <= max);
}

function isDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && dayNumber(value) !== null;
}

// Zero-padded ISO dates order the same as text and as time.
const later = (a: string, b: string) => (b > a ? b : a);
const earlier = (a: string, b: string) => (b < a ? b : a);
