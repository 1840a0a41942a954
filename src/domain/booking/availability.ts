import { type ScheduleFacility, type TimeWindow } from '../contract/facilities';
import { asMinutes, MINUTES_PER_DAY, minutesOfTime, type Minutes } from './dayTime';
import { EVENT_BLOCK_FREE_MINUTES } from './slotRules';

/** What working out a facility's free time needs of a schedule facility (GET facilities/schedule). */
export type AvailabilityFacility = Pick<
  ScheduleFacility,
  | 'id'
  | 'per_capacity'
  | 'capacity'
  | 'is_enable_per_day_capacity'
  | 'parent_facilities'
  | 'child_facilities'
  | 'schedule_control'
  | 'bookings'
  | 'maintenances'
  | 'event_schedules'
  | 'workshop_program_schedules'
  | 'cart_items'
  | 'day_booked_quantity'
>;

export interface SlotShape {
  durationMinutes: number;
  incrementMinutes: number;
}

export interface SlotOption {
  start_time: string;
  end_time: string;
  facility_ids: number[];
}

/** Minutes since the day's midnight, end exclusive. */
interface Span {
  start: Minutes;
  end: Minutes;
}

/** An occupied span with the participants it takes (1 on a pitch). */
interface Load extends Span {
  quantity: number;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'HH:mm:ss' of a minute of the day; the day's end reads '24:00:00'. */
export function timeOfMinutes(minutes: number): string {
  const seconds = Math.round(minutes * 60);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * A window that takes time on the day. One ending at or before its start runs past midnight, so it is
 * carried into the next day's minutes (the day's slots never reach them, but a late start still meets it).
 */
function occupiedSpan(window: TimeWindow): Span | null {
  const start = minutesOfTime(window.start_time);
  const end = minutesOfTime(window.end_time);
  if (start === null || end === null) return null;
  return { start, end: end <= start ? asMinutes(end + MINUTES_PER_DAY) : end };
}

/** An opening window; one ending at or before its start (or at '00:00:00') closes at the end of the day. */
function openingSpan(window: TimeWindow): Span | null {
  const start = minutesOfTime(window.start_time);
  const end = minutesOfTime(window.end_time);
  if (start === null || end === null || start >= MINUTES_PER_DAY) return null;
  return { start, end: end <= start ? MINUTES_PER_DAY : end };
}

/** Opening windows merged where they overlap or touch, in order: two windows 06–12 and 12–23 open one span. */
function openingSpans(facility: Pick<AvailabilityFacility, 'schedule_control'>): Span[] {
  const spans = facility.schedule_control
    .map(openingSpan)
    .filter((span): span is Span => span !== null)
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = asMinutes(Math.max(last.end, span.end));
    else merged.push({ ...span });
  }
  return merged;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** A facility's day read once: opening spans, closures, events and what takes its time (and, for a pitch, its relatives'). */
interface PreparedFacility {
  perCapacity: boolean;
  capacity: number;
  /** Participants already counted for the whole day (per-day capacity); null when capacity is per slot. */
  dayTaken: number | null;
  open: Span[];
  closures: Span[];
  events: { start: Minutes; lastHidden: Minutes }[];
  loads: Load[];
}

function spans(windows: readonly TimeWindow[]): Span[] {
  return windows.map(occupiedSpan).filter((span): span is Span => span !== null);
}

function loads(windows: readonly { start_time: string; end_time: string; quantity: number }[]): Load[] {
  return windows.flatMap((window) => {
    const span = occupiedSpan(window);
    return span ? [{ ...span, quantity: Math.max(0, window.quantity) }] : [];
  });
}

/**
 * Spec §9, "event schedule blocks hide times up to the last hour before the block's end": an event takes its
 * facility from its start to one hour before its end, both inclusive for a start (as hideEventBlockedStarts
 * reads it), so a slot starting in its last hour is offered. A slot starting earlier that runs into the event
 * is taken too. An event of an hour or less hides only starts at its very start.
 */
function eventHides(windows: readonly TimeWindow[]) {
  return spans(windows)
    .map((span) => ({ start: span.start, lastHidden: asMinutes(span.end - EVENT_BLOCK_FREE_MINUTES) }))
    .filter((event) => event.lastHidden >= event.start);
}

/** Parent and child facilities: booking either blocks the other. Either side naming the other is enough. */
function relatedFacilities(facility: AvailabilityFacility, all: readonly AvailabilityFacility[]): AvailabilityFacility[] {
  return all.filter(
    (other) =>
      other.id !== facility.id &&
      (facility.parent_facilities.includes(other.id) ||
        facility.child_facilities.includes(other.id) ||
        other.parent_facilities.includes(facility.id) ||
        other.child_facilities.includes(facility.id)),
  );
}

/**
 * Maintenances, workshop programmes and events close a facility whatever its capacity. A pitch is also taken by
 * whatever takes its parent or child facilities (their bookings, holds and closures), each taking it whole.
 */
function prepare(facility: AvailabilityFacility, all: readonly AvailabilityFacility[]): PreparedFacility {
  const perCapacity = facility.per_capacity === 1;
  const related = perCapacity ? [] : relatedFacilities(facility, all);
  const asPitch = (each: AvailabilityFacility) => loads([...each.bookings, ...each.cart_items]).map((load) => ({ ...load, quantity: 1 }));
  return {
    perCapacity,
    capacity: facility.capacity,
    dayTaken:
      perCapacity && facility.is_enable_per_day_capacity === 1
        ? facility.day_booked_quantity + loads(facility.cart_items).reduce((sum, load) => sum + load.quantity, 0)
        : null,
    open: openingSpans(facility),
    closures: spans([facility, ...related].flatMap((each) => [...each.maintenances, ...each.workshop_program_schedules])),
    events: eventHides([facility, ...related].flatMap((each) => each.event_schedules)),
    loads: perCapacity ? loads([...facility.bookings, ...facility.cart_items]) : [facility, ...related].flatMap(asPitch),
  };
}

/** The most participants on the facility at any moment of the slot. */
function peakLoad(slot: Span, taken: readonly Load[]): number {
  const during = taken.filter((load) => overlaps(load, slot));
  const moments = [slot.start, ...during.map((load) => load.start).filter((start) => start > slot.start)];
  return moments.reduce(
    (peak, moment) => Math.max(peak, during.filter((load) => load.start <= moment && moment < load.end).reduce((sum, load) => sum + load.quantity, 0)),
    0,
  );
}

function spanOf(window: TimeWindow): Span | null {
  const start = minutesOfTime(window.start_time);
  const end = minutesOfTime(window.end_time);
  if (start === null || end === null || end <= start) return null;
  return { start, end };
}

function capacityLeftInSpan(slot: Span, facility: PreparedFacility): number {
  if (!facility.open.some((open) => open.start <= slot.start && slot.end <= open.end)) return 0;
  if (facility.closures.some((closure) => overlaps(closure, slot))) return 0;
  if (facility.events.some((event) => slot.start <= event.lastHidden && event.start < slot.end)) return 0;
  if (!facility.perCapacity) return facility.loads.some((load) => overlaps(load, slot)) ? 0 : 1;
  const taken = facility.dayTaken ?? peakLoad(slot, facility.loads);
  return Math.max(0, facility.capacity - taken);
}

/**
 * What is left of a facility for a window of its day: participants still free on a per-capacity facility (per
 * day with is_enable_per_day_capacity), or 1 for a free pitch and 0 for a taken one. 0 as well when the window
 * is not inside an opening window, or a maintenance, event or workshop closes it. A pitch is taken by any
 * booking or other session's hold that overlaps, and by anything that takes its parent or child facilities.
 */
export function capacityLeft(facility: AvailabilityFacility, allFacilities: readonly AvailabilityFacility[], window: TimeWindow): number {
  const slot = spanOf(window);
  return slot ? capacityLeftInSpan(slot, prepare(facility, allFacilities)) : 0;
}

/**
 * The starts ('HH:mm:ss', in order) of the free slots of a duration: stepping by the increment from the start of
 * each opening window, every slot that fits the window and has capacity left.
 */
export function facilityFreeStarts(facility: AvailabilityFacility, allFacilities: readonly AvailabilityFacility[], shape: SlotShape): string[] {
  const { durationMinutes, incrementMinutes } = shape;
  if (!(durationMinutes > 0) || !(incrementMinutes > 0)) return [];
  const prepared = prepare(facility, allFacilities);
  const starts: string[] = [];
  for (const open of prepared.open) {
    for (let start = open.start; start + durationMinutes <= open.end; start = asMinutes(start + incrementMinutes)) {
      if (capacityLeftInSpan({ start, end: asMinutes(start + durationMinutes) }, prepared) > 0) starts.push(timeOfMinutes(start));
    }
  }
  return starts;
}

/** The slots of a duration across facilities (or those asked for), each with the facilities free for it, by start. */
export function slotOptions(
  facilities: readonly AvailabilityFacility[],
  { durationMinutes, incrementMinutes, facilityIds }: SlotShape & { facilityIds?: readonly number[] },
): SlotOption[] {
  const byStart = new Map<Minutes, number[]>();
  for (const facility of facilities) {
    if (facilityIds && !facilityIds.includes(facility.id)) continue;
    for (const start of facilityFreeStarts(facility, facilities, { durationMinutes, incrementMinutes })) {
      const minute = minutesOfTime(start) ?? asMinutes(0);
      const ids = byStart.get(minute) ?? [];
      if (!ids.includes(facility.id)) ids.push(facility.id);
      byStart.set(minute, ids);
    }
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, ids]) => ({ start_time: timeOfMinutes(start), end_time: timeOfMinutes(start + durationMinutes), facility_ids: ids }));
}

/** The longest opening window of the day across the facilities (minutes); null when all are closed. */
export function availableSpanMinutes(facilities: readonly Pick<AvailabilityFacility, 'schedule_control'>[]): Minutes | null {
  const lengths = facilities.flatMap((facility) => openingSpans(facility).map((span) => span.end - span.start));
  return lengths.length > 0 ? asMinutes(Math.max(...lengths)) : null;
}
