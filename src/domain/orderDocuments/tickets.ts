import { type OrderStatus } from '../contract/orders';
import { type OrderTicket, type TicketStatus } from '../contract/orderDocuments';
import { DATE_FORMATS, dayjs } from '../dates';
import { type Lang } from '../lang';
import { type VenueNow } from '../venueTime';

/** Orders whose lines are tickets: paid, or paid and waiting for the venue's approval. */
export const TICKETED_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'awaiting_approval'];

type TicketLine = { date: string | null; startTime: string | null; endTime: string | null; cancelled: boolean };

/** `HH:mm` of a stored `HH:mm` or `HH:mm:ss`, comparable as text. */
const minuteOf = (time: string) => time.slice(0, 5);

/** Whether the line's time is over at the venue's `now`; what has no date never ends. */
export function isPastLine(line: Pick<TicketLine, 'date' | 'startTime' | 'endTime'>, now: Pick<VenueNow, 'today' | 'time'>): boolean {
  if (line.date === null) return false;
  if (line.date !== now.today) return line.date < now.today;
  const end = line.endTime ?? line.startTime;
  // An end at midnight ("00:00") is the end of the day.
  return end !== null && minuteOf(end) !== '00:00' && minuteOf(end) <= minuteOf(now.time);
}

/** A ticket of a ticketed order: cancelled first, then past, then waiting for approval, else valid. */
export function ticketStatus(line: TicketLine, orderStatus: OrderStatus, now: Pick<VenueNow, 'today' | 'time'>): TicketStatus {
  if (line.cancelled) return 'cancelled';
  if (isPastLine(line, now)) return 'past';
  return orderStatus === 'awaiting_approval' ? 'awaiting_approval' : 'valid';
}

/** A ticket still to be used at the gate: dated, not over, not given up. */
export const isUpcomingTicket = (ticket: Pick<OrderTicket, 'status' | 'date'>) =>
  ticket.date !== null && (ticket.status === 'valid' || ticket.status === 'awaiting_approval');

/** Soonest first; undated last. */
export function bySoonest(a: Pick<OrderTicket, 'date' | 'start_time'>, b: Pick<OrderTicket, 'date' | 'start_time'>): number {
  const key = (ticket: Pick<OrderTicket, 'date' | 'start_time'>) => `${ticket.date ?? '9999-99-99'} ${ticket.start_time ?? ''}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

const clock = (time: string, lang: Lang) => dayjs(`2000-01-01T${minuteOf(time)}`).locale(lang).format(DATE_FORMATS.time12);

/** When, as tickets show it: 'Tue, 01 Dec 2026' and '07:00 PM – 09:30 PM' in the ticket's language; null parts left out. */
export function ticketWhen(ticket: Pick<OrderTicket, 'date' | 'start_time' | 'end_time'>, lang: Lang): { day: string | null; time: string | null } {
  const day = ticket.date === null ? null : dayjs(ticket.date).locale(lang).format(DATE_FORMATS.display);
  const times = [ticket.start_time, ticket.end_time].filter((time): time is string => time !== null).map((time) => clock(time, lang));
  return { day, time: times.length > 0 ? times.join(' – ') : null };
}

/** A moment (an order placed, a payment, a refund) at the venue: 'Fri, 30 May 2025 10:30 AM' in the venue's time zone. */
export const venueMoment = (iso: string, timeZone: string, lang: Lang) => dayjs(iso).tz(timeZone).locale(lang).format(`${DATE_FORMATS.display} ${DATE_FORMATS.time12}`);
