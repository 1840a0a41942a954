import { timeOfMinutes } from '../booking/availability';
import type { Academy, CatalogueEvent, EventPlaces } from '../contract/catalogue';
import { sameStartTime } from '../booking/ticketCapacity';
import { dayjs, DATE_FORMATS } from '../dates';

/** The day an event page offers: the one chosen while it is still on sale, else the first day on sale. */
export const offeredDay = (days: readonly string[], chosen: string | undefined): string | undefined =>
  chosen !== undefined && days.includes(chosen) ? chosen : days[0];

/** The days of the event a ticket can still be bought for: from its start (or the venue's today) to its end. */
export function eventDays(event: Pick<CatalogueEvent, 'start_date' | 'end_date'>, today: string): string[] {
  const days: string[] = [];
  const last = dayjs(event.end_date);
  for (let day = dayjs(event.start_date > today ? event.start_date : today); !day.isAfter(last, 'day'); day = day.add(1, 'day')) {
    days.push(day.format(DATE_FORMATS.date));
  }
  return days;
}

/**
 * The places one schedule of the day has left, as GET events/{id}/places answered; null when the event sets no
 * capacity or the places are not known (the order checks them again either way).
 */
export function placesLeftAt(places: EventPlaces | null, schedule: { start_time: string }): number | null {
  const session = places?.sessions.find((each) => sameStartTime(each.start_time, schedule.start_time));
  return session ? session.remaining : null;
}

/** The schedule a day opens on: the first with places left (the first of all when every one is sold out). */
export function firstScheduleWithPlaces(schedules: readonly { start_time: string }[], places: EventPlaces | null): number {
  const open = schedules.findIndex((schedule) => placesLeftAt(places, schedule) !== 0);
  return open === -1 ? 0 : open;
}

/** Trainer sessions are booked from the venue's today to 30 days ahead, starting on the hour within opening hours. */
export const TRAINER_BOOKING_DAYS = 30;
const TRAINER_OPENS_HOUR = 8;
const TRAINER_CLOSES_HOUR = 20;

/** The venue's clock: its today and the time of day there (HH:mm:ss). */
export interface VenueNow {
  date: string;
  time: string;
}

/** The hourly starts on `date` where a session of `sessionMinutes` ends by closing; on today only those still ahead. */
export function trainerStartTimes(sessionMinutes: number, date: string, now: VenueNow): string[] {
  const starts: string[] = [];
  for (let hour = TRAINER_OPENS_HOUR; hour * 60 + sessionMinutes <= TRAINER_CLOSES_HOUR * 60; hour += 1) {
    const start = timeOfMinutes(hour * 60);
    if (date > now.date || (date === now.date && start > now.time)) starts.push(start);
  }
  return starts;
}

/** The days a trainer session can be booked on: today (while a start is still ahead) to TRAINER_BOOKING_DAYS ahead. */
export function trainerDays(sessionMinutes: number, now: VenueNow): string[] {
  const days: string[] = [];
  for (let offset = 0; offset <= TRAINER_BOOKING_DAYS; offset += 1) {
    const day = dayjs(now.date).add(offset, 'day').format(DATE_FORMATS.date);
    if (trainerStartTimes(sessionMinutes, day, now).length > 0) days.push(day);
  }
  return days;
}

/** A membership bought now starts between the venue's today and this many days ahead. */
export const MEMBERSHIP_START_MAX_DAYS = 90;

/** The first day a workshop place can start on: its first day, or the venue's today once it has begun. */
export const academyFirstDay = (academy: Pick<Academy, 'start_date'>, today: string) => (academy.start_date > today ? academy.start_date : today);
