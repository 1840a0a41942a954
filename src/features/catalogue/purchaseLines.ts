import type { AcademyCartLine, EventCartLine, MembershipCartLine, TrainerCartLine } from '../../domain/cart/lines';
import type { Academy, CatalogueEvent, EventPlaces, Trainer } from '../../domain/contract/catalogue';
import type { Membership } from '../../domain/contract/memberships';
import { VAT_PERCENT } from '../../domain/constants';
import { sameStartTime } from '../../domain/booking/ticketCapacity';
import { dayjs, DATE_FORMATS } from '../../domain/dates';

/** The product types the cart gives each kind (facility products are 6); orders price them by their own ids. */
const EVENT_PRODUCT_TYPE = 1;
const TRAINER_PRODUCT_TYPE = 2;
const ACADEMY_PRODUCT_TYPE = 3;
const MEMBERSHIP_PRODUCT_TYPE = 4;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Catalogue prices (events, trainers, academies) are before VAT; orders add VAT_PERCENT of them (server/routes/orders/otherLines.ts). */
export function catalogueUnitPrice(price: number): { price: number; tax_amount: number } {
  return { price, tax_amount: cents((price * VAT_PERCENT) / 100) };
}

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

export interface EventTicketChoice {
  venueId: number;
  date: string;
  schedule: { start_time: string; end_time: string };
  quantity: number;
  group: string;
}

/** Tickets of an event on one day at one of its schedules, priced as the order will charge them. */
export function eventTicketLine(event: CatalogueEvent & { price: number }, choice: EventTicketChoice): EventCartLine {
  const unit = catalogueUnitPrice(event.price);
  return {
    type: 'event',
    venue_id: choice.venueId,
    product_id: event.id,
    product_type_id: EVENT_PRODUCT_TYPE,
    name: event.name,
    ar_name: event.ar_name ?? null,
    image: event.image_path ?? null,
    quantity: choice.quantity,
    ...unit,
    total_price: cents(unit.price + unit.tax_amount),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
    event_id: event.id,
    date: choice.date,
    start_time: choice.schedule.start_time,
    end_time: choice.schedule.end_time,
  };
}

export interface MembershipChoice {
  venueId: number;
  startDate: string;
  group: string;
}

/** One membership from `startDate`; a renewal is only ever marked by the cart, when the visitor accepts it. */
export function membershipLine(plan: Membership, choice: MembershipChoice): MembershipCartLine {
  return {
    type: 'membership',
    venue_id: choice.venueId,
    product_id: plan.id,
    product_type_id: MEMBERSHIP_PRODUCT_TYPE,
    name: plan.name,
    ar_name: plan.ar_name ?? null,
    image: null,
    quantity: 1,
    price: plan.price,
    tax_amount: plan.tax_amount,
    total_price: cents(plan.price + plan.tax_amount),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
    membership_id: plan.id,
    package_id: null,
    start_date: choice.startDate,
    is_renewal: 0,
  };
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

const timeOn = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;

/** The hourly starts on `date` where a session of `sessionMinutes` ends by closing; on today only those still ahead. */
export function trainerStartTimes(sessionMinutes: number, date: string, now: VenueNow): string[] {
  const starts: string[] = [];
  for (let hour = TRAINER_OPENS_HOUR; hour * 60 + sessionMinutes <= TRAINER_CLOSES_HOUR * 60; hour += 1) {
    const start = timeOn(hour * 60);
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

/** When a session starting at `start` (HH:mm:ss) ends. */
export function sessionEnd(start: string, sessionMinutes: number): string {
  const [hours = 0, minutes = 0] = start.split(':').map(Number);
  return timeOn(hours * 60 + minutes + sessionMinutes);
}

export type SellableTrainer = Trainer & { session_price: number; session_minutes: number };

export interface TrainerSessionChoice {
  venueId: number;
  date: string;
  startTime: string;
  group: string;
}

/** One session with the trainer, at the session price plus VAT as the order charges it. */
export function trainerSessionLine(trainer: SellableTrainer, choice: TrainerSessionChoice): TrainerCartLine {
  const unit = catalogueUnitPrice(trainer.session_price);
  return {
    type: 'trainer',
    venue_id: choice.venueId,
    product_id: trainer.id,
    product_type_id: TRAINER_PRODUCT_TYPE,
    name: trainer.name,
    ar_name: trainer.ar_name ?? null,
    image: trainer.image_path ?? null,
    quantity: 1,
    ...unit,
    total_price: cents(unit.price + unit.tax_amount),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
    trainer_id: trainer.id,
    date: choice.date,
    start_time: choice.startTime,
    end_time: sessionEnd(choice.startTime, trainer.session_minutes),
  };
}

/** The first day a workshop place can start on: its first day, or the venue's today once it has begun. */
export const academyFirstDay = (academy: Pick<Academy, 'start_date'>, today: string) => (academy.start_date > today ? academy.start_date : today);

export interface AcademyPlaceChoice {
  venueId: number;
  startDate: string;
  /** Weekday bit flags (src/domain/weekdays.ts). */
  days: number[];
  /** What POST workshops/check answered. */
  quote: { price: number; tax: number };
  group: string;
}

/** A place in the academy's programme (one per academy, numbered as the academy) from a start date on chosen weekdays. */
export function academyPlaceLine(academy: Academy, choice: AcademyPlaceChoice): AcademyCartLine {
  return {
    type: 'academy',
    venue_id: choice.venueId,
    product_id: academy.id,
    product_type_id: ACADEMY_PRODUCT_TYPE,
    name: academy.name,
    ar_name: academy.ar_name ?? null,
    image: academy.image_path ?? null,
    quantity: 1,
    price: choice.quote.price,
    tax_amount: choice.quote.tax,
    total_price: cents(choice.quote.price + choice.quote.tax),
    customers: [],
    addons: [],
    discount: null,
    group: choice.group,
    workshop_id: academy.id,
    workshop_program_id: academy.id,
    start_date: choice.startDate,
    days: [...choice.days].sort((a, b) => a - b),
  };
}
