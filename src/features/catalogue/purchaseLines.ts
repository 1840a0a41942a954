import type { EventCartLine, MembershipCartLine } from '../../domain/cart/lines';
import type { CatalogueEvent } from '../../domain/contract/catalogue';
import type { Membership } from '../../domain/contract/memberships';
import { VAT_PERCENT } from '../../domain/constants';
import { dayjs, DATE_FORMATS } from '../../domain/dates';

/** The product types the cart gives event tickets and memberships (facility products are 6); orders price them by their own ids. */
const EVENT_PRODUCT_TYPE = 1;
const MEMBERSHIP_PRODUCT_TYPE = 4;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** Catalogue prices (events, trainers, academies) are before VAT; orders add VAT_PERCENT of them (server/orders/otherLines.ts). */
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
