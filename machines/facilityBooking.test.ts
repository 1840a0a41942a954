import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import { type CartTicket } from '../src/domain/booking/ticketCapacity';
import {
  type AvailableFacility,
  type FacilityWithProducts,
  type RentalShort,
  type Schedule,
  type ScheduleFacility,
  type ServiceFilters,
  type Ticket,
  type VenueService,
} from '../src/domain/contract/facilities';
import { type VisitorEntry } from '../src/domain/contract/visitors';
import { actorDone, actorError, fakeCall, unreachedStates, type GraphEvent } from './accountTesting';
import { facilityBookingMachine, type BookingFlags, type FacilityBookingContext, type FacilityBookingInput } from './facilityBooking';
import {
  bookableServices,
  cachedScheduleAgeMinutes,
  itemFilterKind,
  pendingVisitorCount,
  runningPrice,
  searchServices,
  shownFilters,
  shownSlots,
  showsServicePicker,
} from './facilityBookingSelectors';
import { type AddLinesRequest, type FacilityProductsRequest, type ScheduleLoad, type ScheduleRequest, type SlotRequest } from './facilityBookingActors';

// ---------------------------------------------------------------------------------------------------------------
// Fixtures: a venue with pitches (service 1), a pool with tickets (service 2), a POS service and a private one.

const TODAY = '2030-01-10';

const service = (id: number, name: string, extra: Partial<VenueService> = {}): VenueService => ({
  id,
  name,
  ar_name: `${name} ع`,
  is_public: 1,
  filter_by: 0,
  facilities: [],
  ...extra,
});

const SERVICES: VenueService[] = [
  service(1, 'Football', { ar_name: 'كرة القدم', facilities: [{ id: 11, name: 'Pitch A' }, { id: 12, name: 'Pitch B' }], filter_by: 1 }),
  service(2, 'Swimming', { ar_name: 'سباحة' }),
  service(3, 'POS'),
  service(4, 'Private', { is_public: 0 }),
  service(5, 'Padel', { filter_by: 2, is_surface_enabled: 0 }),
];

const FILTERS: ServiceFilters = {
  surfaces: [{ id: 1, name: 'Grass' }],
  formations: [{ id: 5, name: '5 a side' }],
  outdoor: [0, 1],
};

const RENTALS: RentalShort[] = [{ name: 'Court rental', product_id: 70 }];

const scheduleFacility = (id: number, extra: Partial<ScheduleFacility> = {}): ScheduleFacility => ({
  id,
  name: `Facility ${id}`,
  per_capacity: 0,
  capacity: 1,
  is_enable_per_day_capacity: 0,
  is_outdoor: 1,
  game_formation_ids: [],
  parent_facilities: [],
  child_facilities: [],
  schedule_control: [{ start_time: '06:00:00', end_time: '23:00:00' }],
  bookings: [],
  maintenances: [],
  event_schedules: [],
  workshop_program_schedules: [],
  cart_items: [],
  day_booked_quantity: 0,
  ...extra,
});

const schedule = (extra: Partial<Schedule['configuration']> = {}): Schedule => ({
  date: TODAY,
  facilities: [scheduleFacility(11), scheduleFacility(12)],
  configuration: {
    min_booking_time: 60,
    max_booking_time: 180,
    time_increment: 60,
    per_capacity: 0,
    online_booking_delay: 0,
    advance_booking_days_limit: 30,
    ...extra,
  },
  channel: 'B2C',
});

const live = (value: Schedule = schedule()): ScheduleLoad => ({ schedule: value, savedAt: 0, source: 'network' });

const PITCH: AvailableFacility = { id: 11, name: 'Pitch A', per_capacity: 0, capacity_left: 1, price: 210 };
const PITCH_B: AvailableFacility = { id: 12, name: 'Pitch B', per_capacity: 0, capacity_left: 1, price: 262.5 };
const POOL: AvailableFacility = { id: 21, name: 'Pool', per_capacity: 1, capacity_left: 30, price: null };

const ticket = (productId: number, extra: Partial<Ticket> = {}): Ticket => ({
  product_id: productId,
  product_type_id: 6,
  name: `Ticket ${productId}`,
  price: 100,
  tax_amount: 5,
  total_price: 105,
  facility_id: 21,
  participant_count: 1,
  inventory_enable: 0,
  remaining_capacity: 0,
  available_capacity: 10,
  reserved_slots: [],
  dependencies: [],
  ...extra,
});

const ADDON_CATEGORY = {
  id: 9,
  name: 'Drinks',
  products: [
    {
      product_id: 90,
      product_type_id: 7,
      name: 'Water',
      price: 5,
      tax_amount: 0.25,
      total_price: 5.25,
      category_id: 9,
      inventory_enable: 1 as const,
      total_stock: 10,
      sold: 7,
    },
  ],
};

const pitchProducts = (withAddons = true): FacilityWithProducts => ({
  facility: { id: 11, name: 'Pitch A', per_capacity: 0, capacity: 1 },
  default_products: [
    { product_id: 50, product_type_id: 6, name: 'Pitch hour', price: 200, tax_amount: 10, total_price: 210, facility_id: 11, quantity: 1 },
    { product_id: 51, product_type_id: 6, name: 'Lights', price: 20, tax_amount: 1, total_price: 21, facility_id: 11, quantity: 1 },
  ],
  products: [],
  categories: withAddons ? [ADDON_CATEGORY] : [{ ...ADDON_CATEGORY, products: [] }],
});

const poolProducts = (tickets: Ticket[] = [ticket(60), ticket(61, { participant_count: 2 })], withAddons = true): FacilityWithProducts => ({
  facility: { id: 21, name: 'Pool', per_capacity: 1, capacity: 30 },
  default_products: [],
  products: tickets,
  categories: withAddons ? [ADDON_CATEGORY] : [],
});

const FLAGS: BookingFlags = {
  venue_id: 1,
  is_baps: 0,
  show_time_range_filter: 0,
  show_facility_image: 1,
  enable_fb_participant_details: 0,
  allow_facility_items_reservation: 0,
  customer_threshold: null,
  tnc: null,
  qube_enable_custom_booking_date_range: 0,
  custom_booking_start_date: null,
  custom_booking_end_date: null,
};

const VISITOR: VisitorEntry = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  mobile_number: '501234567',
  country_code: '971',
  documents: [],
  additional_fields: [],
  save_detail_for_future: false,
};

function input(flags: Partial<BookingFlags> = {}, extra: Partial<FacilityBookingInput> = {}): FacilityBookingInput {
  let groups = 0;
  return {
    config: { ...FLAGS, ...flags },
    user: { loggedIn: true, isGuest: false, kind: 'B2C' },
    sessionId: 'session-1',
    graceMinutes: 15,
    now: () => ({ today: TODAY, time: '07:10:00', epochMs: Date.UTC(2030, 0, 10, 3, 10) }),
    newGroupId: () => `group-${++groups}`,
    ...extra,
  };
}

interface Answers {
  services?: VenueService[] | Error;
  filters?: ServiceFilters | Error;
  rentals?: RentalShort[] | Error;
  schedules?: (ScheduleLoad | Error)[];
  facilities?: (AvailableFacility[] | Error)[];
  products?: (FacilityWithProducts | Error)[];
  cart?: (CartTicket[] | Error)[];
  adds?: ('added' | Error)[];
}

/** fakeCall for addLines, which resolves with nothing: 'added' stands for success. */
function fakeAdds(answers: ('added' | Error)[]) {
  const inputs: AddLinesRequest[] = [];
  const logic = fromPromise<void, AddLinesRequest>(async ({ input }) => {
    inputs.push(input);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
  });
  return { inputs, logic };
}

function start(given: FacilityBookingInput = input(), answers: Answers = {}) {
  const calls = {
    services: fakeCall<void, VenueService[]>(answers.services ?? SERVICES),
    filters: fakeCall<{ serviceId: number }, ServiceFilters>(answers.filters ?? FILTERS),
    rentals: fakeCall<{ serviceId: number }, RentalShort[]>(answers.rentals ?? RENTALS),
    schedule: fakeCall<ScheduleRequest, ScheduleLoad>(...(answers.schedules ?? [live()])),
    facilities: fakeCall<SlotRequest, AvailableFacility[]>(...(answers.facilities ?? [[PITCH, PITCH_B]])),
    products: fakeCall<FacilityProductsRequest, FacilityWithProducts>(...(answers.products ?? [pitchProducts()])),
    cart: fakeCall<void, CartTicket[]>(...(answers.cart ?? [[]])),
    adds: fakeAdds(answers.adds ?? ['added']),
  };
  const machine = facilityBookingMachine.provide({
    actors: {
      loadServices: calls.services.logic,
      loadFilters: calls.filters.logic,
      loadRentals: calls.rentals.logic,
      loadSchedule: calls.schedule.logic,
      loadAvailableFacilities: calls.facilities.logic,
      loadFacilityProducts: calls.products.logic,
      readCartTickets: calls.cart.logic,
      addLines: calls.adds.logic,
    },
  });
  const actor = createActor(machine, { input: given }).start();
  const state = () => actor.getSnapshot();
  const context = () => state().context;
  const settled = () => waitFor(actor, (snapshot) => !snapshot.hasTag('pending'));
  const send = async (event: Parameters<typeof actor.send>[0]) => {
    actor.send(event);
    await settled();
  };
  return { actor, calls, state, context, settled, send };
}

type Run = ReturnType<typeof start>;

async function openAt(run: Run, serviceId?: number) {
  await run.send({ type: 'modal.open', serviceId: serviceId ?? null });
}

async function pickSlot(run: Run, startTime = '09:00:00') {
  await openAt(run);
  await run.send({ type: 'slot.select', startTime });
}

async function toTickets(run: Run) {
  await pickSlot(run);
  await run.send({ type: 'booking.continue' });
}

const at = (run: Run, value: Parameters<ReturnType<Run['state']>['matches']>[0]) => run.state().matches(value);

// ---------------------------------------------------------------------------------------------------------------

describe('facilityBookingMachine: step 1', () => {
  it('[S1-2.18] the service named pos is hidden, whatever its case', () => {
    const names = bookableServices([...SERVICES, service(6, ' pos ')]).map((each) => each.name);
    expect(names).toEqual(['Football', 'Swimming', 'Private', 'Padel']);
  });

  it('[S1-2.16] the service picker shows only with more than one public service', () => {
    expect(showsServicePicker(bookableServices(SERVICES))).toBe(true);
    expect(showsServicePicker(bookableServices([service(1, 'Football'), service(3, 'pos'), service(4, 'Private', { is_public: 0 })]))).toBe(false);
  });

  it('[S1-2.17] services can be searched by English or Arabic name', () => {
    const services = bookableServices(SERVICES);
    expect(searchServices(services, 'foot').map((each) => each.id)).toEqual([1]);
    expect(searchServices(services, 'سباحة').map((each) => each.id)).toEqual([2]);
    expect(searchServices(services, '  ').length).toBe(services.length);
  });

  it('[S1-2.16] [S1-2.27] opening loads services, filters and the schedule, selecting the first public service', async () => {
    const run = start();
    run.actor.send({ type: 'modal.open' });
    expect(at(run, { open: 'loadingServices' })).toBe(true);
    expect(run.state().hasTag('pending')).toBe(true);
    await run.settled();
    expect(at(run, { open: { step1: 'slots' } })).toBe(true);
    expect(run.context().services.map((each) => each.id)).toEqual([1, 2, 4, 5]);
    expect(run.context().serviceId).toBe(1);
    expect(run.calls.filters.inputs).toEqual([{ serviceId: 1 }]);
    expect(run.calls.schedule.inputs).toEqual([{ venue_service_id: 1, date: TODAY, game_formations: [] }]);
    // 06:00–23:00 by the hour, 60 minutes; today at 07:10 the 07:00 slot is within the 15-minute grace.
    expect(run.context().slots.map((slot) => slot.start_time)[0]).toBe('07:00:00');
    expect(run.context().slots).toHaveLength(16);
  });

  it('[S1-2.9] a service id from /service/{id} is preselected', async () => {
    const run = start(input({}, { serviceId: 2 }));
    await openAt(run, 2);
    expect(run.context().serviceId).toBe(2);
    expect(run.calls.filters.inputs).toEqual([{ serviceId: 2 }]);
  });

  it('shows an empty state when the venue has no bookable service', async () => {
    const run = start(input(), { services: [service(3, 'pos')] });
    await openAt(run);
    expect(at(run, { open: 'noServices' })).toBe(true);
  });

  it('[S1-8.1] a failed services call shows the server message and can be retried', async () => {
    const run = start(input(), { services: new Error('Invalid venue') });
    await openAt(run);
    expect(at(run, { open: 'servicesFailed' })).toBe(true);
    expect(run.context().notice).toMatchObject({ kind: 'error', message: { ns: null, text: 'Invalid venue' } });
    run.actor.send({ type: 'services.retry' });
    expect(at(run, { open: 'loadingServices' })).toBe(true);
  });

  it('a network failure (no server message) notices with the modal own wording', async () => {
    const run = start(input(), { filters: new Error('') });
    await openAt(run);
    expect(run.context().notice?.message).toEqual({ ns: 'facilityBooking', key: 'notices.requestFailed' });
  });

  it('[S1-2.27] a schedule with no answer and no saved copy fails in the grid alone, without a toast, and is asked again', async () => {
    const run = start(input(), { schedules: [new Error(''), live(schedule())] });
    await openAt(run);
    expect(at(run, { open: { step1: 'scheduleFailed' } })).toBe(true);
    expect(run.context().notice).toBeNull();
    await run.send({ type: 'schedule.retry' });
    expect(at(run, { open: { step1: 'slots' } })).toBe(true);
  });

  it('a schedule refused by the server shows its message', async () => {
    const run = start(input(), { schedules: [new Error('Venue closed')] });
    await openAt(run);
    expect(at(run, { open: { step1: 'scheduleFailed' } })).toBe(true);
    expect(run.context().notice).toMatchObject({ kind: 'error', message: { ns: null, text: 'Venue closed' } });
  });

  it('[S1-2.19] [S1-2.23] [S1-3.12] filter_by 1 offers the service facilities and narrows the slots and the call', async () => {
    const run = start(input(), {
      schedules: [live({ ...schedule(), facilities: [scheduleFacility(11), scheduleFacility(12, { bookings: [{ start_time: '09:00:00', end_time: '10:00:00', quantity: 1 }] })] })],
    });
    await openAt(run);
    expect(itemFilterKind(run.context())).toBe('facility');
    expect(run.calls.rentals.inputs).toEqual([]);
    await run.send({ type: 'item.select', id: 12 });
    expect(run.context().slots.map((slot) => slot.start_time)).not.toContain('09:00:00');
    await run.send({ type: 'slot.select', startTime: '10:00:00' });
    expect(run.calls.facilities.inputs.at(-1)).toMatchObject({ facility_id: 12, start_time: '10:00:00', end_time: '11:00:00' });
  });

  it('[S1-2.23] [S1-3.12] filter_by 2 loads the ticket options (with All tickets = 0) and sends product_id', async () => {
    const run = start(input(), { schedules: [live(), live()] });
    await openAt(run, 5);
    expect(itemFilterKind(run.context())).toBe('product');
    expect(run.calls.rentals.inputs).toEqual([{ serviceId: 5 }]);
    expect(run.context().rentals).toEqual(RENTALS);
    expect(run.context().itemFilterId).toBe(0);
    await run.send({ type: 'item.select', id: 70 });
    await run.send({ type: 'slot.select', startTime: '09:00:00' });
    expect(run.calls.facilities.inputs.at(-1)).toMatchObject({ product_id: 70 });
    expect(run.calls.facilities.inputs.at(-1)).not.toHaveProperty('facility_id');
  });

  it('[S1-2.24] [S1-2.25] [S1-2.26] formation, surface and outdoor show unless the service disables them', async () => {
    const run = start();
    await openAt(run);
    expect(shownFilters(run.context())).toEqual({ formation: true, surface: true, outdoor: true });
    expect(shownFilters({ ...run.context(), serviceId: 5 })).toEqual({ formation: true, surface: false, outdoor: true });
    await run.send({ type: 'formation.select', id: 5 });
    await run.send({ type: 'surface.select', id: 1 });
    await run.send({ type: 'outdoor.select', value: 0 });
    expect(run.calls.schedule.inputs.at(-1)).toEqual({ venue_service_id: 1, date: TODAY, game_formations: [5], facility_surface_id: 1, is_outdoor: 0 });
  });

  it('[S1-2.20] [S1-5.58] [S1-5.59] the booking date stays between today and the advance limit', async () => {
    const run = start();
    await openAt(run);
    run.actor.send({ type: 'date.select', date: '2030-01-09' });
    expect(run.context().date).toBe(TODAY);
    run.actor.send({ type: 'date.select', date: '2030-02-10' });
    expect(run.context().date).toBe(TODAY);
    await run.send({ type: 'date.select', date: '2030-02-09' });
    expect(run.context().date).toBe('2030-02-09');
    expect(run.calls.schedule.inputs.at(-1)?.date).toBe('2030-02-09');
  });

  it('[S1-2.20] [S1-5.60] the custom booking date range starts the date and bounds it', () => {
    const run = start(input({ qube_enable_custom_booking_date_range: 1, custom_booking_start_date: '2030-01-15', custom_booking_end_date: '2030-01-20' }));
    expect(run.context().date).toBe('2030-01-15');
  });

  it('[S1-2.21] [S1-4.11] [S1-9.7] durations run from the minimum by the increment; changing duration clears the slot and facilities', async () => {
    const run = start();
    await pickSlot(run);
    expect(run.context().durations).toEqual([60, 120, 180]);
    expect(run.context().durationMinutes).toBe(60);
    expect(run.context().facilityId).toBe(11);
    run.actor.send({ type: 'duration.select', minutes: 120 });
    expect(at(run, { open: { step1: 'slots' } })).toBe(true);
    expect(run.context()).toMatchObject({ durationMinutes: 120, slot: null, facilities: [], facilityId: null });
    expect(run.context().slots[0]).toMatchObject({ start_time: '07:00:00', end_time: '09:00:00' });
    run.actor.send({ type: 'duration.select', minutes: 75 });
    expect(run.context().durationMinutes).toBe(120);
  });

  it('[S1-2.22] [S1-9.10] [S1-9.12] the time-range filter shows only with show_time_range_filter 1, offering ranges that hold a slot', async () => {
    const off = start();
    await openAt(off);
    expect(off.context().timeRanges.map((range) => range.id)).toEqual(['all']);

    const on = start(input({ show_time_range_filter: 1 }));
    await openAt(on);
    expect(on.context().timeRanges.map((range) => range.id)).toEqual(['all', '06-09', '09-12', '12-15', '15-18', '18-21', '21-24']);
    on.actor.send({ type: 'timeRange.select', id: '09-12' });
    expect(on.context().slots.map((slot) => slot.start_time)).toEqual(['09:00:00', '10:00:00', '11:00:00']);
    on.actor.send({ type: 'timeRange.select', id: '00-03' });
    expect(on.context().timeRangeId).toBe('09-12');
  });

  it('[S1-2.27] [S1-9.8] [S1-9.9] the grid shows 11 slots and show more adds 12', async () => {
    const run = start(input(), { schedules: [live(schedule({ time_increment: 30, min_booking_time: 30 }))] });
    await openAt(run);
    expect(run.context().slots.length).toBeGreaterThan(23);
    expect(shownSlots(run.context())).toHaveLength(11);
    run.actor.send({ type: 'slots.more' });
    expect(shownSlots(run.context())).toHaveLength(23);
  });

  it('[S1-4.12] [S1-4.13] [S1-2.28] choosing a slot fetches available facilities and selects the first', async () => {
    const run = start();
    await openAt(run);
    expect(run.context().facilities).toEqual([]);
    run.actor.send({ type: 'slot.select', startTime: '09:00:00' });
    expect(at(run, { open: { step1: 'loadingFacilities' } })).toBe(true);
    expect(run.state().hasTag('pending')).toBe(true);
    await run.settled();
    expect(run.calls.facilities.inputs).toEqual([
      { venue_service_id: 1, date: TODAY, start_time: '09:00:00', end_time: '10:00:00', per_capacity: 0 },
    ]);
    expect(at(run, { open: { step1: 'picking' } })).toBe(true);
    expect(run.context().facilityId).toBe(11);
    run.actor.send({ type: 'facility.select', facilityId: 12 });
    expect(run.context().facilityId).toBe(12);
    run.actor.send({ type: 'facility.select', facilityId: 99 });
    expect(run.context().facilityId).toBe(12);
  });

  it('[S1-2.30] the running price is the chosen pitch price with tax', async () => {
    const run = start();
    await pickSlot(run);
    expect(runningPrice(run.context())).toBe(210);
    run.actor.send({ type: 'facility.select', facilityId: 12 });
    expect(runningPrice(run.context())).toBe(262.5);
  });

  it("[S1-8.2] no facility for the slot: 'No facility available for selected time slot', back to the grid", async () => {
    const run = start(input(), { facilities: [[]] });
    await pickSlot(run);
    expect(at(run, { open: { step1: 'slots' } })).toBe(true);
    expect(run.context().slot).toBeNull();
    expect(run.context().notice?.message).toEqual({ ns: 'facilityBooking', key: 'notices.noFacility' });
  });

  it('[S1-4.1] Continue needs a chosen time slot', async () => {
    const run = start();
    await openAt(run);
    run.actor.send({ type: 'booking.continue' });
    expect(at(run, { open: { step1: 'slots' } })).toBe(true);
    expect(run.calls.adds.inputs).toEqual([]);
  });

  it('[S1-4.10] changing the service resets surface, outdoor, formation, pitch and time', async () => {
    const run = start(input({ show_time_range_filter: 1 }), { schedules: [live(), live(), live(), live(), live()] });
    await openAt(run);
    await run.send({ type: 'formation.select', id: 5 });
    await run.send({ type: 'surface.select', id: 1 });
    await run.send({ type: 'outdoor.select', value: 1 });
    await run.send({ type: 'timeRange.select', id: '09-12' });
    await run.send({ type: 'slot.select', startTime: '09:00:00' });
    expect(run.context()).toMatchObject({ facilityId: 11, timeRangeId: '09-12' });
    run.actor.send({ type: 'service.select', serviceId: 2 });
    expect(run.context()).toMatchObject({
      serviceId: 2,
      formationId: null,
      surfaceId: null,
      outdoor: null,
      timeRangeId: 'all',
      slot: null,
      facilityId: null,
      facilities: [],
    });
    await run.settled();
    expect(run.calls.filters.inputs.at(-1)).toEqual({ serviceId: 2 });
    expect(run.calls.schedule.inputs.at(-1)).toEqual({ venue_service_id: 2, date: TODAY, game_formations: [] });
  });

  it('[S1-8.1] a schedule from the cache shows its slots with their age and pauses booking', async () => {
    const savedAt = Date.UTC(2030, 0, 10, 2, 25);
    const run = start(input(), { schedules: [{ schedule: schedule(), savedAt, source: 'cache' }, live()] });
    await openAt(run);
    expect(run.context().slots.length).toBeGreaterThan(0);
    expect(cachedScheduleAgeMinutes(run.context())).toBe(45);
    run.actor.send({ type: 'slot.select', startTime: '09:00:00' });
    expect(at(run, { open: { step1: 'slots' } })).toBe(true);
    expect(run.calls.facilities.inputs).toEqual([]);
    await run.send({ type: 'schedule.retry' });
    expect(cachedScheduleAgeMinutes(run.context())).toBeNull();
    await run.send({ type: 'slot.select', startTime: '09:00:00' });
    expect(at(run, { open: { step1: 'picking' } })).toBe(true);
  });
});

describe('facilityBookingMachine: Continue, tickets, add-ons and confirm', () => {
  it('[S1-4.2] [S1-4.3] a pitch adds its default products with one shared group, then goes to add-ons', async () => {
    const run = start();
    await pickSlot(run);
    run.actor.send({ type: 'booking.continue' });
    expect(run.state().hasTag('pending')).toBe(true);
    await run.settled();
    expect(run.calls.products.inputs).toEqual([
      { venue_service_id: 1, date: TODAY, start_time: '09:00:00', end_time: '10:00:00', per_capacity: 0, facility_id: 11 },
    ]);
    const [request] = run.calls.adds.inputs;
    expect(request?.addons).toEqual([]);
    expect(request?.lines.map((line) => [line.product_id, line.group, line.quantity])).toEqual([
      [50, 'group-1', 1],
      [51, 'group-1', 1],
    ]);
    expect(request?.lines[0]).toMatchObject({
      type: 'facility',
      venue_id: 1,
      product_type_id: 6,
      price: 200,
      tax_amount: 10,
      total_price: 210,
      customers: [],
      addons: [],
      date: TODAY,
      start_time: '09:00:00',
      end_time: '10:00:00',
      facility_id: 11,
      venue_service_id: 1,
      is_full_day: 0,
      is_open_dated: 0,
      save_detail_for_future: 0,
      seasonal_pricing_id: null,
      participant_count: 1,
    });
    expect(at(run, { open: { step3: 'ready' } })).toBe(true);
    expect(run.context().notice).toMatchObject({ kind: 'success', message: { ns: 'facilityBooking', key: 'notices.addedToCart' } });
  });

  it("[S1-4.3] [S1-2.41] a pitch without add-ons goes to the 'show more tickets' confirm", async () => {
    const run = start(input(), { products: [pitchProducts(false)] });
    await toTickets(run);
    expect(at(run, { open: 'confirm' })).toBe(true);
  });

  it('[S1-8.1] a refused add keeps the slot and shows the server message', async () => {
    const run = start(input(), { adds: [new Error('Slot no longer available')] });
    await toTickets(run);
    expect(at(run, { open: { step1: 'picking' } })).toBe(true);
    expect(run.context().notice?.message).toEqual({ ns: null, text: 'Slot no longer available' });
  });

  it("[S1-8.3] without a venue id the add is refused with 'Invalid Config'", async () => {
    const run = start(input({ venue_id: null }));
    await toTickets(run);
    expect(run.calls.adds.inputs).toEqual([]);
    expect(run.context().notice?.message).toEqual({ ns: 'facilityBooking', key: 'notices.invalidConfig' });
  });

  it('[S1-4.4] [S1-2.33] a per-capacity facility goes to step 2 with its tickets and the cart tickets', async () => {
    const run = start(input(), { facilities: [[POOL]], products: [poolProducts()] });
    await toTickets(run);
    expect(at(run, { open: { step2: 'ready' } })).toBe(true);
    expect(run.calls.products.inputs).toEqual([
      { venue_service_id: 1, date: TODAY, start_time: '09:00:00', end_time: '10:00:00', per_capacity: 1, facility_id: 21 },
    ]);
    expect(run.calls.cart.inputs).toHaveLength(1);
    expect(run.context().ticketQuantities).toEqual({ 60: 0, 61: 0 });
    expect(run.calls.adds.inputs).toEqual([]);
  });

  it('[S1-2.34] Go back returns to the slot and facility of step 1', async () => {
    const run = start(input(), { facilities: [[POOL]], products: [poolProducts()] });
    await toTickets(run);
    run.actor.send({ type: 'step.back' });
    expect(at(run, { open: { step1: 'picking' } })).toBe(true);
    expect(run.context().slot?.start_time).toBe('09:00:00');
  });

  it('[S1-2.38] [S1-4.17] adding a ticket sends one line of its quantity, then resets the stepper to 0', async () => {
    const run = start(input(), { facilities: [[POOL]], products: [poolProducts()], cart: [[], []] });
    await toTickets(run);
    run.actor.send({ type: 'ticket.add', productId: 60 });
    expect(run.calls.adds.inputs).toEqual([]);
    run.actor.send({ type: 'ticket.quantity', productId: 61, quantity: 3 });
    await run.send({ type: 'ticket.add', productId: 61 });
    const line = run.calls.adds.inputs[0]?.lines[0];
    expect(line).toMatchObject({ product_id: 61, quantity: 3, participant_count: 2, facility_id: 21, group: 'group-1', customers: [] });
    expect(run.context().ticketQuantities[61]).toBe(0);
    expect(run.calls.cart.inputs).toHaveLength(2);
    expect(at(run, { open: { step2: 'ready' } })).toBe(true);
  });

  it('[S1-5.52] [S1-5.53] [S1-8.5] [S1-8.6] the stepper refuses more than the capacity left, with both messages', async () => {
    const inCart: CartTicket = {
      facility_id: 21,
      bookingDate: TODAY,
      product_id: 60,
      quantity: 8,
      participant_count: 1,
      selectedFacilityTiming: '09:00:00',
      selectedFacilityEndTiming: '10:00:00',
      selectedFacilityDate: TODAY,
      group: 'g',
    };
    const run = start(input(), { facilities: [[POOL]], products: [poolProducts([ticket(60), ticket(62, { available_capacity: 0 })])], cart: [[inCart]] });
    await toTickets(run);
    run.actor.send({ type: 'ticket.quantity', productId: 60, quantity: 2 });
    expect(run.context().ticketQuantities[60]).toBe(2);
    run.actor.send({ type: 'ticket.quantity', productId: 60, quantity: 3 });
    expect(run.context().ticketQuantities[60]).toBe(2);
    expect(run.context().notice?.message).toEqual({ ns: 'booking', key: 'rules.capacityExceeded', values: { remaining: 2, requested: 3 } });
    run.actor.send({ type: 'ticket.quantity', productId: 62, quantity: 1 });
    expect(run.context().notice?.message).toEqual({ ns: 'booking', key: 'rules.capacityReached' });
    run.actor.send({ type: 'ticket.quantity', productId: 60, quantity: -1 });
    expect(run.context().ticketQuantities[60]).toBe(0);
  });

  it('[S1-5.54] [S1-8.7] is_baps: customer_threshold caps participants per session and the stepper reverts', async () => {
    const run = start(input({ is_baps: 1, customer_threshold: 4 }), { facilities: [[POOL]], products: [poolProducts()] });
    await toTickets(run);
    run.actor.send({ type: 'ticket.quantity', productId: 61, quantity: 2 });
    expect(run.context().ticketQuantities[61]).toBe(2);
    run.actor.send({ type: 'ticket.quantity', productId: 61, quantity: 3 });
    expect(run.context().ticketQuantities[61]).toBe(2);
    expect(run.context().notice?.message).toEqual({ ns: 'booking', key: 'rules.participantThreshold', values: { max: 4 } });
  });

  it('[S1-5.56] [S1-8.8] a dependent ticket cannot be added with its dependency in the cart at the same time', async () => {
    const inCart: CartTicket = {
      facility_id: 21,
      bookingDate: TODAY,
      product_id: 61,
      quantity: 1,
      participant_count: 2,
      selectedFacilityTiming: '09:30:00',
      selectedFacilityEndTiming: '10:30:00',
      selectedFacilityDate: TODAY,
      group: 'g',
    };
    const dependent = ticket(60, { dependencies: [{ product_id: 61, period: 'T' }] });
    const run = start(input(), { facilities: [[POOL]], products: [poolProducts([dependent, ticket(61, { participant_count: 2 })])], cart: [[inCart]] });
    await toTickets(run);
    run.actor.send({ type: 'ticket.quantity', productId: 60, quantity: 1 });
    run.actor.send({ type: 'ticket.add', productId: 60 });
    expect(at(run, { open: { step2: 'ready' } })).toBe(true);
    expect(run.context().notice?.message).toEqual({ ns: 'booking', key: 'rules.dependentTicket' });
    expect(run.calls.adds.inputs).toEqual([]);
  });

  it('[S1-4.14] [S1-4.16] [S1-4.17] [S1-2.42] participant details on, logged in: visitor details first, then the ticket with them as customers', async () => {
    const run = start(input({ enable_fb_participant_details: 1 }), { facilities: [[POOL]], products: [poolProducts()], cart: [[], []] });
    await toTickets(run);
    run.actor.send({ type: 'ticket.quantity', productId: 61, quantity: 1 });
    run.actor.send({ type: 'ticket.add', productId: 61 });
    expect(at(run, { open: { step2: 'visitorDetails' } })).toBe(true);
    expect(pendingVisitorCount(run.context())).toBe(2);
    run.actor.send({ type: 'visitors.close' });
    expect(at(run, { open: { step2: 'ready' } })).toBe(true);
    expect(run.context().pendingTicketId).toBeNull();
    run.actor.send({ type: 'ticket.add', productId: 61 });
    await run.send({ type: 'visitors.submit', entries: [VISITOR, { ...VISITOR, name: 'Bo Lee', save_detail_for_future: true }] });
    const line = run.calls.adds.inputs[0]?.lines[0];
    expect(line?.customers.map((customer) => customer.name)).toEqual(['Ann Lee', 'Bo Lee']);
    expect(line?.save_detail_for_future).toBe(1);
    expect(run.context().ticketQuantities[61]).toBe(0);
  });

  it("[S1-4.15] [S1-5.27] participant details on, not logged in: 'Please Login!' with a way to login", async () => {
    const run = start(input({ enable_fb_participant_details: 1 }, { user: { loggedIn: false, isGuest: false, kind: 'B2C' } }), {
      facilities: [[POOL]],
      products: [poolProducts()],
    });
    await toTickets(run);
    run.actor.send({ type: 'ticket.quantity', productId: 60, quantity: 1 });
    run.actor.send({ type: 'ticket.add', productId: 60 });
    expect(at(run, { open: { step2: 'loginRequired' } })).toBe(true);
    run.actor.send({ type: 'loginRequired.close' });
    expect(at(run, { open: { step2: 'ready' } })).toBe(true);
    run.actor.send({ type: 'ticket.add', productId: 60 });
    run.actor.send({ type: 'login.go' });
    expect(at(run, 'toLogin')).toBe(true);
    run.actor.send({ type: 'redirect.done' });
    expect(at(run, 'closed')).toBe(true);
  });

  it('[S1-4.5] Proceed from step 2 goes to add-ons when a category has products, otherwise to the confirm', async () => {
    const withAddons = start(input(), { facilities: [[POOL]], products: [poolProducts()] });
    await toTickets(withAddons);
    withAddons.actor.send({ type: 'booking.proceed' });
    expect(at(withAddons, { open: { step3: 'ready' } })).toBe(true);

    const without = start(input(), { facilities: [[POOL]], products: [poolProducts(undefined, false)] });
    await toTickets(without);
    without.actor.send({ type: 'booking.proceed' });
    expect(at(without, { open: 'confirm' })).toBe(true);
  });

  it('[S1-2.15] [S1-2.35] [S1-4.7] the ways out are emitted for the UI: to login, to the cart, and closed', async () => {
    const emittedBy = (run: Run) => {
      const emitted: string[] = [];
      run.actor.on('*', (event) => emitted.push(event.type));
      return emitted;
    };
    const visitor = start(input({ is_baps: 1 }, { user: { loggedIn: false, isGuest: false, kind: 'B2C' } }));
    const leftForLogin = emittedBy(visitor);
    visitor.actor.send({ type: 'modal.open' });
    expect(leftForLogin).toEqual(['navigate.login']);
    visitor.actor.send({ type: 'redirect.done' });
    expect(leftForLogin).toEqual(['navigate.login', 'modal.closed']);

    const baps = start(input({ is_baps: 1 }), { facilities: [[POOL]], products: [poolProducts()] });
    const leftForCart = emittedBy(baps);
    await toTickets(baps);
    baps.actor.send({ type: 'ticket.quantity', productId: 60, quantity: 1 });
    await baps.send({ type: 'ticket.add', productId: 60 });
    expect(leftForCart).toEqual(['navigate.cart']);

    const pitch = start(input(), { products: [pitchProducts(false)] });
    const closed = emittedBy(pitch);
    await toTickets(pitch);
    pitch.actor.send({ type: 'confirm.no' });
    await openAt(pitch);
    pitch.actor.send({ type: 'modal.close' });
    expect(closed).toEqual(['modal.closed', 'modal.closed']);
  });

  it('[S1-4.9] [S1-2.35] is_baps: Proceed does nothing and adding a ticket closes the modal for the cart', async () => {
    const run = start(input({ is_baps: 1 }), { facilities: [[POOL]], products: [poolProducts()] });
    await toTickets(run);
    run.actor.send({ type: 'booking.proceed' });
    expect(at(run, { open: { step2: 'ready' } })).toBe(true);
    run.actor.send({ type: 'ticket.quantity', productId: 60, quantity: 1 });
    await run.send({ type: 'ticket.add', productId: 60 });
    expect(at(run, 'toCart')).toBe(true);
    run.actor.send({ type: 'redirect.done' });
    expect(at(run, 'closed')).toBe(true);
    expect(run.context().products).toBeNull();
  });

  it('[S1-2.15] is_baps: a visitor who is not logged in is sent to login instead of opening', () => {
    const run = start(input({ is_baps: 1 }, { user: { loggedIn: false, isGuest: false, kind: 'B2C' } }));
    run.actor.send({ type: 'modal.open' });
    expect(at(run, 'toLogin')).toBe(true);
    expect(run.calls.services.inputs).toEqual([]);
    run.actor.send({ type: 'user.change', user: { loggedIn: true, isGuest: false, kind: 'B2C' } });
    run.actor.send({ type: 'redirect.done' });
    run.actor.send({ type: 'modal.open' });
    expect(at(run, { open: 'loadingServices' })).toBe(true);
  });

  it("[S1-2.39] [S1-2.40] [S1-5.51] [S1-8.4] [S1-8.20] add-ons: 'Max quantity {max} reached', then added under the base line's group", async () => {
    const run = start();
    await toTickets(run);
    run.actor.send({ type: 'addon.quantity', productId: 90, quantity: 4 });
    expect(run.context().addonQuantities[90]).toBe(3);
    expect(run.context().notice?.message).toEqual({ ns: 'booking', key: 'rules.addonMaxReached', values: { max: 3 } });
    run.actor.send({ type: 'addon.quantity', productId: 90, quantity: 2 });
    await run.send({ type: 'addon.add', productId: 90 });
    expect(run.calls.adds.inputs[1]).toEqual({
      lines: [],
      addons: [
        {
          venue_id: 1,
          product_id: 90,
          product_type_id: 7,
          category_id: 9,
          name: 'Water',
          ar_name: null,
          quantity: 2,
          price: 5,
          tax_amount: 0.25,
          total_price: 5.25,
          group: 'group-1',
        },
      ],
    });
    expect(run.context().addonQuantities[90]).toBe(0);
    run.actor.send({ type: 'addons.done' });
    expect(at(run, { open: 'confirm' })).toBe(true);
  });

  it('[S1-5.50] an add-on needs a base ticket first', async () => {
    const run = start(input(), { facilities: [[POOL]], products: [poolProducts()] });
    await toTickets(run);
    run.actor.send({ type: 'booking.proceed' });
    run.actor.send({ type: 'addon.quantity', productId: 90, quantity: 1 });
    run.actor.send({ type: 'addon.add', productId: 90 });
    expect(at(run, { open: { step3: 'ready' } })).toBe(true);
    expect(run.context().notice?.message).toEqual({ ns: 'facilityBooking', key: 'notices.addonNeedsTicket' });
  });

  it('[S1-4.6] Confirm Yes resets the slot, sets the minimum duration and returns to step 1', async () => {
    const run = start(input(), { products: [pitchProducts(false)], schedules: [live(), live()] });
    await openAt(run);
    run.actor.send({ type: 'duration.select', minutes: 120 });
    await run.send({ type: 'slot.select', startTime: '09:00:00' });
    await run.send({ type: 'booking.continue' });
    expect(at(run, { open: 'confirm' })).toBe(true);
    await run.send({ type: 'confirm.yes' });
    expect(at(run, { open: { step1: 'slots' } })).toBe(true);
    expect(run.context()).toMatchObject({ slot: null, facilityId: null, durationMinutes: 60, serviceId: 1 });
    expect(run.calls.schedule.inputs).toHaveLength(2);
  });

  it('[S1-4.7] Confirm No closes the modal', async () => {
    const run = start(input(), { products: [pitchProducts(false)] });
    await toTickets(run);
    run.actor.send({ type: 'confirm.no' });
    expect(at(run, 'closed')).toBe(true);
  });

  it('[S1-4.8] closing resets the booking state', async () => {
    const run = start(input(), { facilities: [[POOL]], products: [poolProducts()] });
    await toTickets(run);
    run.actor.send({ type: 'ticket.quantity', productId: 60, quantity: 2 });
    run.actor.send({ type: 'modal.close' });
    expect(at(run, 'closed')).toBe(true);
    expect(run.context()).toMatchObject({ services: [], serviceId: null, slot: null, facilities: [], products: null, ticketQuantities: {}, schedule: null, date: TODAY, durationMinutes: 60 });
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('facilityBookingMachine: every state is reachable', () => {
  const pitchOrPool = [PITCH, POOL];
  const events = (snapshot: AnyMachineSnapshot): GraphEvent[] => {
    const context = snapshot.context as FacilityBookingContext;
    const firstSlot = context.slots[0]?.start_time ?? '09:00:00';
    return [
      { type: 'modal.open' },
      { type: 'modal.close' },
      { type: 'redirect.done' },
      { type: 'services.retry' },
      { type: 'schedule.retry' },
      { type: 'slot.select', startTime: firstSlot },
      { type: 'booking.continue' },
      { type: 'step.back' },
      { type: 'booking.proceed' },
      { type: 'ticket.quantity', productId: 60, quantity: 1 },
      { type: 'ticket.add', productId: 60 },
      { type: 'visitors.submit', entries: [VISITOR] },
      { type: 'visitors.close' },
      { type: 'login.go' },
      { type: 'loginRequired.close' },
      { type: 'addon.quantity', productId: 90, quantity: 1 },
      { type: 'addon.add', productId: 90 },
      { type: 'addons.done' },
      { type: 'confirm.yes' },
      { type: 'confirm.no' },
      actorDone('loadServices', SERVICES),
      actorDone('loadServices', []),
      actorError('loadServices', new Error('down')),
      actorDone('loadFilters', FILTERS),
      actorDone('loadRentals', RENTALS),
      actorDone('loadSchedule', live()),
      actorError('loadSchedule', new Error('down')),
      ...pitchOrPool.map((facility) => actorDone('loadAvailableFacilities', [facility])),
      actorDone('loadFacilityProducts', pitchProducts()),
      actorDone('loadFacilityProducts', pitchProducts(false)),
      actorDone('loadTickets', poolProducts()),
      actorDone('readCartTickets', []),
      actorDone('addDefaultProducts', undefined),
      actorDone('addTicket', undefined),
      actorDone('addAddon', undefined),
      { type: 'service.select', serviceId: 5 },
    ];
  };
  const identity = (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as FacilityBookingContext;
    return [context.serviceId, context.facilityId, context.ticketQuantities[60] ?? 0, context.addonQuantities[90] ?? 0, context.baseGroup !== null, hasProducts(context)];
  };
  const hasProducts = (context: FacilityBookingContext) => (context.products?.categories ?? []).some((category) => category.products.length > 0);

  it('[S1-2.41] [S1-4.1] [S1-4.9] [S1-4.14] [S1-4.15] shortest paths reach every state across the variants', () => {
    const inputs = [
      input({ enable_fb_participant_details: 1 }, { user: { loggedIn: false, isGuest: false, kind: 'B2C' } }),
      input({ enable_fb_participant_details: 1 }),
      input({ is_baps: 1 }),
    ];
    const unreached = inputs.map((each) => unreachedStates(facilityBookingMachine, each, events, identity));
    const everywhere = unreached.reduce((common, list) => common.filter((value) => list.some((other) => JSON.stringify(other) === JSON.stringify(value))));
    expect(everywhere).toEqual([]);
    // The is_baps variant reaches the cart exit; the others never do.
    expect(unreached[2]).not.toContainEqual('toCart');
    expect(unreached[1]).toContainEqual('toCart');
  });
});
