import type { Academy, CatalogueEvent, Trainer } from '../contract/catalogue';
import type { Membership } from '../contract/memberships';
import { minutesOfTime } from '../booking/dayTime';
import { timeOfMinutes } from '../booking/availability';
import { vatOn } from '../money';
import { PRODUCT_TYPE } from '../productTypes';
import { newCommonLine, type AcademyCartLine, type EventCartLine, type MembershipCartLine, type TrainerCartLine } from './lines';

/** Catalogue prices (events, trainers, academies) are before VAT; orders add VAT_PERCENT of them (server/routes/orders/otherLines.ts). */
export function catalogueUnitPrice(price: number): { price: number; tax_amount: number } {
  return { price, tax_amount: vatOn(price) };
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
  const product = { product_id: event.id, product_type_id: PRODUCT_TYPE.event, name: event.name, ar_name: event.ar_name, image: event.image_path };
  return {
    ...newCommonLine({ ...product, ...catalogueUnitPrice(event.price) }, choice),
    type: 'event',
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
  const product = { product_id: plan.id, product_type_id: PRODUCT_TYPE.membership, name: plan.name, ar_name: plan.ar_name, price: plan.price, tax_amount: plan.tax_amount };
  return {
    ...newCommonLine(product, { ...choice, quantity: 1 }),
    type: 'membership',
    membership_id: plan.id,
    package_id: null,
    start_date: choice.startDate,
    is_renewal: 0,
  };
}

/** When a session starting at `start` (HH:mm:ss) ends. */
export function sessionEnd(start: string, sessionMinutes: number): string {
  return timeOfMinutes((minutesOfTime(start) ?? 0) + sessionMinutes);
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
  const product = { product_id: trainer.id, product_type_id: PRODUCT_TYPE.trainer, name: trainer.name, ar_name: trainer.ar_name, image: trainer.image_path };
  return {
    ...newCommonLine({ ...product, ...catalogueUnitPrice(trainer.session_price) }, { ...choice, quantity: 1 }),
    type: 'trainer',
    trainer_id: trainer.id,
    date: choice.date,
    start_time: choice.startTime,
    end_time: sessionEnd(choice.startTime, trainer.session_minutes),
  };
}

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
  const product = { product_id: academy.id, product_type_id: PRODUCT_TYPE.academy, name: academy.name, ar_name: academy.ar_name, image: academy.image_path };
  return {
    ...newCommonLine({ ...product, price: choice.quote.price, tax_amount: choice.quote.tax }, { ...choice, quantity: 1 }),
    type: 'academy',
    workshop_id: academy.id,
    workshop_program_id: academy.id,
    start_date: choice.startDate,
    days: [...choice.days].sort((a, b) => a - b),
  };
}
