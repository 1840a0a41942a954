import { assign, emit, setup } from 'xstate';
import { addonMax, checkAddonQuantity } from '../src/domain/booking/addonLimits';
import { availableSpanMinutes, slotOptions, type SlotOption } from '../src/domain/booking/availability';
import { bookingDateBounds, isBookingDateSelectable } from '../src/domain/booking/bookingDates';
import { checkTicketDependencies } from '../src/domain/booking/dependencies';
import { durationChoices } from '../src/domain/booking/durations';
import { wholeQuantity, type BookingMessage } from '../src/domain/booking/messages';
import { checkParticipantThreshold, participantsInSession } from '../src/domain/booking/participantThreshold';
import { DEFAULT_SCHEDULE_CONFIG, effectiveScheduleConfig, type ScheduleConfig } from '../src/domain/booking/scheduleConfig';
import { visibleSlotStarts } from '../src/domain/booking/slotRules';
import { checkTicketQuantity, participantsPerTicket, type CapacityContext, type CartTicket } from '../src/domain/booking/ticketCapacity';
import { ALL_SLOTS_RANGE, isInTimeRange, offeredTimeRanges, TIME_RANGES, type TimeRange } from '../src/domain/booking/timeRanges';
import { type SiteConfig } from '../src/domain/contract/config';
import {
  type AvailableFacility,
  type FacilityWithProducts,
  type RentalShort,
  type ServiceFilters,
  type Ticket,
  type VenueService,
} from '../src/domain/contract/facilities';
import { type VisitorEntry } from '../src/domain/contract/visitors';
import { FACILITY_BOOKING_PLACEHOLDERS, WordedFailure, type ScheduleLoad } from './facilityBookingActors';
import { addonLines, defaultLines, productsRequest, scheduleRequest, slotRequest, ticketLines } from './facilityBookingRequests';
import {
  addonOf,
  bookableServices,
  dateOptions,
  hasAddonProducts,
  itemFilterKind,
  publicServices,
  selectedFacility,
  ticketOf,
} from './facilityBookingSelectors';

/**
 * The facility booking modal (spec 001 §2 "Facility booking modal", §4 "Booking modal", "Adding a ticket").
 *
 * - `closed` → 'modal.open' → `open` (or `toLogin` in the is_baps variant without a login).
 * - `open.loadingServices` → `open.step1`, the 'slot' step (filters, schedule, slot grid, facility picker) →
 *   'booking.continue': a per-capacity facility goes to `open.step2`, the 'tickets' step; any other adds its
 *   default products with one group id (`open.addingDefaults`) then goes to `open.step3`, the 'add-ons' step, when a
 *   category has products, else `open.confirm`.
 * - `open.step2`: ticket steppers and Add to cart (through `visitorDetails` or `loginRequired` when participant
 *   details are on); 'booking.proceed' → step 3 or confirm. is_baps: adding a ticket ends in `toCart`.
 * - `open.confirm` ('show more tickets'): 'confirm.yes' → step 1 with no slot and the minimum duration;
 *   'confirm.no' → `closed`. 'modal.close' from anywhere open → `closed`, which resets everything.
 * - The ways out are emitted (FacilityBookingEmitted): `toLogin` and `toCart` emit where to go and wait for the
 *   UI's 'redirect.done'; every way into `closed` but the start emits 'modal.closed'.
 *
 * What the UI reads of the context is in facilityBookingSelectors.ts; what the calls send, cart lines included, is
 * built in facilityBookingRequests.ts.
 *
 * Busy states carry the 'pending' tag. `context.notice` (with a rising `id`) is what the UI toasts: a rule's
 * message (a key of the 'booking' namespace), one of this modal's ('facilityBooking'), or the server's text.
 */

export type BookingFlags = Pick<
  SiteConfig,
  | 'venue_id'
  | 'is_baps'
  | 'show_time_range_filter'
  | 'show_facility_image'
  | 'enable_fb_participant_details'
  | 'allow_facility_items_reservation'
  | 'customer_threshold'
  | 'tnc'
  | 'qube_enable_custom_booking_date_range'
  | 'custom_booking_start_date'
  | 'custom_booking_end_date'
>;

export type UserKind = 'B2C' | 'Member' | 'Partner';
export interface BookingUser {
  loggedIn: boolean;
  isGuest: boolean;
  kind: UserKind;
}

/** The venue's date and time of day now, and the instant (epoch ms) for ages. */
export interface VenueNow {
  today: string;
  time: string;
  epochMs: number;
}

export interface FacilityBookingInput {
  config: BookingFlags;
  user: BookingUser;
  /** The service of /service/{id}, preselected when the modal opens. */
  serviceId?: number | null;
  sessionId: string | null;
  /** How long today's nearest passed slot stays offered (slotGraceMinutes of the host). */
  graceMinutes: number;
  now: () => VenueNow;
  newGroupId: () => string;
}

/** Keys of this modal's own messages in the 'facilityBooking' namespace. */
export type FacilityBookingNoticeKey =
  | 'notices.noFacility'
  | 'notices.invalidConfig'
  | 'notices.addedToCart'
  | 'notices.addonNeedsTicket'
  | 'notices.requestFailed'
  | 'notices.holdPlacesLimit'
  | 'notices.holdAddressLimit';

export type NoticeMessage =
  | ({ ns: 'booking' } & BookingMessage)
  | { ns: 'facilityBooking'; key: FacilityBookingNoticeKey; values?: Record<string, string | number> }
  | { ns: null; text: string };

export interface Notice {
  id: number;
  kind: 'error' | 'success';
  message: NoticeMessage;
}

export interface FacilityBookingContext {
  config: BookingFlags;
  user: BookingUser;
  sessionId: string | null;
  graceMinutes: number;
  now: () => VenueNow;
  newGroupId: () => string;
  preselectedServiceId: number | null;

  /** Every bookable service (the one named pos left out), public or not. */
  services: VenueService[];
  serviceId: number | null;
  serviceQuery: string;
  filters: ServiceFilters | null;
  rentals: RentalShort[];
  /** The facility-or-ticket filter: a facility id (filter_by 1) or product id (filter_by 2); 0 for all. */
  itemFilterId: number;
  formationId: number | null;
  surfaceId: number | null;
  outdoor: 0 | 1 | null;
  date: string;
  durationMinutes: number;
  timeRangeId: string;

  schedule: ScheduleLoad | null;
  scheduleConfig: ScheduleConfig;
  durations: number[];
  /** Every slot on offer for the date and duration, before the time-range filter. */
  allSlots: SlotOption[];
  /** The slots of the grid: `allSlots` in the chosen time range. Show the first `slotLimit`. */
  slots: SlotOption[];
  timeRanges: TimeRange[];
  slotLimit: number;
  slot: SlotOption | null;
  facilities: AvailableFacility[];
  facilityId: number | null;

  products: FacilityWithProducts | null;
  cartTickets: CartTicket[];
  ticketQuantities: Record<number, number>;
  addonQuantities: Record<number, number>;
  /** The ticket waiting for visitor details (or a login) before it is added. */
  pendingTicketId: number | null;
  /** The add-on being added. */
  pendingAddonId: number | null;
  /** The group of the last base line added, which add-ons attach to. */
  baseGroup: string | null;
  notice: Notice | null;
}

export type FacilityBookingEvent =
  | { type: 'modal.open'; serviceId?: number | null }
  | { type: 'modal.close' }
  | { type: 'redirect.done' }
  | { type: 'user.change'; user: BookingUser }
  | { type: 'services.retry' }
  | { type: 'service.search'; query: string }
  | { type: 'service.select'; serviceId: number }
  | { type: 'item.select'; id: number }
  | { type: 'formation.select'; id: number | null }
  | { type: 'surface.select'; id: number | null }
  | { type: 'outdoor.select'; value: 0 | 1 | null }
  | { type: 'date.select'; date: string }
  | { type: 'duration.select'; minutes: number }
  | { type: 'timeRange.select'; id: string }
  | { type: 'schedule.retry' }
  | { type: 'slots.more' }
  | { type: 'slot.select'; startTime: string }
  | { type: 'facility.select'; facilityId: number }
  | { type: 'booking.continue' }
  | { type: 'step.back' }
  | { type: 'booking.proceed' }
  | { type: 'ticket.quantity'; productId: number; quantity: number }
  | { type: 'ticket.add'; productId: number }
  | { type: 'visitors.submit'; entries: VisitorEntry[] }
  | { type: 'visitors.close' }
  | { type: 'login.go' }
  | { type: 'loginRequired.close' }
  | { type: 'addon.quantity'; productId: number; quantity: number }
  | { type: 'addon.add'; productId: number }
  | { type: 'addons.done' }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' };

/**
 * The modal's ways out, for the UI to carry out: to /login?nextUrl=… or to the cart (then it answers
 * 'redirect.done'), and closed (Close, Confirm No, or after a redirect).
 */
export type FacilityBookingEmitted = { type: 'navigate.login' } | { type: 'navigate.cart' } | { type: 'modal.closed' };

/** Spec §9: the slot grid shows 11, and 'show more' adds 12 each time. */
const SLOT_PAGE_SIZE = 11;
const SLOT_PAGE_STEP = 12;

// ---------------------------------------------------------------------------------------------------------------
// Ticket rules

function capacityContext(context: FacilityBookingContext): CapacityContext {
  return { cartTickets: context.cartTickets, sessionId: context.sessionId, date: context.date, startTime: context.slot?.start_time ?? '' };
}

/** Why a ticket cannot move to `quantity`: capacity first, then (is_baps) the participant threshold. */
function ticketQuantityRefusal(context: FacilityBookingContext, ticket: Ticket, quantity: number): BookingMessage | null {
  const capacity = checkTicketQuantity(ticket, quantity, capacityContext(context));
  if (!capacity.ok) return capacity.message;
  if (context.config.is_baps !== 1) return null;
  const threshold = checkParticipantThreshold({
    threshold: context.config.customer_threshold ?? null,
    alreadyInSession: participantsInSession(context.cartTickets, { date: context.date, startTime: context.slot?.start_time ?? '' }),
    requested: capacity.quantity * participantsPerTicket(ticket),
  });
  return threshold.ok ? null : threshold.message;
}

/** Why the ticket cannot be added now: a dependency in the cart, or the quantity no longer fits. */
function ticketAddRefusal(context: FacilityBookingContext, productId: number): BookingMessage | null {
  const ticket = ticketOf(context, productId);
  if (!ticket) return null;
  const slot = { date: context.date, startTime: context.slot?.start_time ?? '', endTime: context.slot?.end_time ?? '' };
  const dependency = checkTicketDependencies(ticket, slot, context.cartTickets);
  if (!dependency.ok) return dependency.message;
  return ticketQuantityRefusal(context, ticket, context.ticketQuantities[productId] ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Slots

function rangeOf(id: string): TimeRange {
  return TIME_RANGES.find((range) => range.id === id) ?? ALL_SLOTS_RANGE;
}

/** The grid for the current schedule, duration, facility filter, clock and time range. */
function slotGrid(context: FacilityBookingContext) {
  const facilities = context.schedule?.schedule.facilities ?? [];
  const facilityIds = itemFilterKind(context) === 'facility' && context.itemFilterId > 0 ? [context.itemFilterId] : undefined;
  const options = slotOptions(facilities, {
    durationMinutes: context.durationMinutes,
    incrementMinutes: context.scheduleConfig.time_increment,
    ...(facilityIds ? { facilityIds } : {}),
  });
  const now = context.now();
  const visible = new Set(
    visibleSlotStarts({
      starts: options.map((option) => option.start_time),
      date: context.date,
      today: now.today,
      nowTime: now.time,
      graceMinutes: context.graceMinutes,
      onlineBookingDelay: context.scheduleConfig.online_booking_delay,
    }),
  );
  const allSlots = options.filter((option) => visible.has(option.start_time));
  const timeRanges = context.config.show_time_range_filter === 1 ? offeredTimeRanges(allSlots.map((slot) => slot.start_time)) : [ALL_SLOTS_RANGE];
  const timeRangeId = timeRanges.some((range) => range.id === context.timeRangeId) ? context.timeRangeId : ALL_SLOTS_RANGE.id;
  const range = rangeOf(timeRangeId);
  return { allSlots, timeRanges, timeRangeId, slots: allSlots.filter((slot) => isInTimeRange(slot.start_time, range)), slotLimit: SLOT_PAGE_SIZE };
}

const NO_SLOT: Pick<FacilityBookingContext, 'slot' | 'facilities' | 'facilityId'> = { slot: null, facilities: [], facilityId: null };

const NO_PRODUCTS: Pick<FacilityBookingContext, 'products' | 'ticketQuantities' | 'addonQuantities' | 'pendingTicketId' | 'pendingAddonId'> = {
  products: null,
  ticketQuantities: {},
  addonQuantities: {},
  pendingTicketId: null,
  pendingAddonId: null,
};

const NO_SCHEDULE: Pick<FacilityBookingContext, 'schedule' | 'allSlots' | 'slots' | 'timeRanges' | 'slotLimit' | 'slot' | 'facilities' | 'facilityId'> = {
  schedule: null,
  allSlots: [],
  slots: [],
  timeRanges: [ALL_SLOTS_RANGE],
  slotLimit: SLOT_PAGE_SIZE,
  ...NO_SLOT,
};

function initialDate(context: Pick<FacilityBookingContext, 'now' | 'config'>): string {
  return bookingDateBounds(dateOptions({ ...context, scheduleConfig: DEFAULT_SCHEDULE_CONFIG })).min;
}

/** Everything a fresh modal starts from; closing comes back to it. */
function resetContext(context: FacilityBookingContext) {
  return {
    services: [],
    serviceId: null,
    serviceQuery: '',
    filters: null,
    rentals: [],
    itemFilterId: 0,
    formationId: null,
    surfaceId: null,
    outdoor: null,
    date: initialDate(context),
    durationMinutes: DEFAULT_SCHEDULE_CONFIG.min_booking_time,
    timeRangeId: ALL_SLOTS_RANGE.id,
    scheduleConfig: DEFAULT_SCHEDULE_CONFIG,
    durations: [],
    ...NO_SCHEDULE,
    ...NO_PRODUCTS,
    cartTickets: [],
    baseGroup: null,
    notice: null,
  } satisfies Partial<FacilityBookingContext>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}

function failureNotice(context: FacilityBookingContext, error: unknown): Notice {
  if (error instanceof WordedFailure) return notice(context, 'error', error.notice);
  const text = errorText(error);
  return {
    id: (context.notice?.id ?? 0) + 1,
    kind: 'error',
    message: text ? { ns: null, text } : { ns: 'facilityBooking', key: 'notices.requestFailed' },
  };
}

function notice(context: FacilityBookingContext, kind: Notice['kind'], message: NoticeMessage): Notice {
  return { id: (context.notice?.id ?? 0) + 1, kind, message };
}

const ruleNotice = (context: FacilityBookingContext, message: BookingMessage) => notice(context, 'error', { ns: 'booking', ...message });

// ---------------------------------------------------------------------------------------------------------------

export const facilityBookingMachine = setup({
  types: {
    input: {} as FacilityBookingInput,
    context: {} as FacilityBookingContext,
    events: {} as FacilityBookingEvent,
    emitted: {} as FacilityBookingEmitted,
  },
  actors: FACILITY_BOOKING_PLACEHOLDERS,
  guards: {
    isBapsVisitor: ({ context }) => context.config.is_baps === 1 && !context.user.loggedIn,
    isBaps: ({ context }) => context.config.is_baps === 1,
    isNotBaps: ({ context }) => context.config.is_baps !== 1,
    hasService: ({ context }) => context.serviceId !== null,
    gotNoAnswer: (_, failed: { error: unknown }) => errorText(failed.error) === '',
    usesRentals: ({ context }) => itemFilterKind(context) === 'product',
    isDateSelectable: ({ context, event }) => event.type === 'date.select' && isBookingDateSelectable(event.date, dateOptions(context)),
    isDurationOffered: ({ context, event }) => event.type === 'duration.select' && context.durations.includes(event.minutes),
    isTimeRangeOffered: ({ context, event }) =>
      event.type === 'timeRange.select' && context.schedule !== null && context.timeRanges.some((range) => range.id === event.id),
    /** A schedule read from the cache is shown, but choosing a slot from it waits for the network. */
    isSlotBookable: ({ context, event }) =>
      event.type === 'slot.select' && context.schedule?.source === 'network' && context.slots.some((slot) => slot.start_time === event.startTime),
    isFacilityOffered: ({ context, event }) => event.type === 'facility.select' && context.facilities.some((facility) => facility.id === event.facilityId),
    hasFacilities: (_, facilities: AvailableFacility[]) => facilities.length > 0,
    lacksVenue: ({ context }) => context.config.venue_id === null,
    hasVenue: ({ context }) => context.config.venue_id !== null,
    isPerCapacity: ({ context }) => selectedFacility(context)?.per_capacity === 1,
    hasAddons: ({ context }) => hasAddonProducts(context.products),
    hasAddonsAndNotBaps: ({ context }) => context.config.is_baps !== 1 && hasAddonProducts(context.products),
    lacksTicketQuantity: ({ context, event }) => event.type === 'ticket.add' && wholeQuantity(context.ticketQuantities[event.productId] ?? 0) === 0,
    isTicketRefused: ({ context, event }) => event.type === 'ticket.add' && ticketAddRefusal(context, event.productId) !== null,
    needsVisitorDetails: ({ context }) => context.config.enable_fb_participant_details === 1,
    needsVisitorDetailsFromUser: ({ context }) => context.config.enable_fb_participant_details === 1 && context.user.loggedIn,
    lacksAddonQuantity: ({ context, event }) => event.type === 'addon.add' && wholeQuantity(context.addonQuantities[event.productId] ?? 0) === 0,
    lacksBaseGroup: ({ context }) => context.baseGroup === null,
  },
  actions: {
    reset: assign(({ context }) => resetContext(context)),
    emitLogin: emit({ type: 'navigate.login' as const }),
    emitCart: emit({ type: 'navigate.cart' as const }),
    emitClosed: emit({ type: 'modal.closed' as const }),
    preselect: assign((_, serviceId: number | null | undefined) => ({ preselectedServiceId: serviceId ?? null })),
    setUser: assign((_, user: BookingUser) => ({ user })),
    storeServices: assign(({ context }, services: VenueService[]) => {
      const bookable = bookableServices(services);
      const preselected = bookable.find((service) => service.id === context.preselectedServiceId);
      const first = preselected ?? publicServices(bookable)[0] ?? bookable[0] ?? null;
      return { services: bookable, serviceId: first?.id ?? null };
    }),
    setServiceQuery: assign((_, query: string) => ({ serviceQuery: query })),
    /** Spec §4: changing the service resets surface, outdoor, formation, pitch and time (the time range and the slot). */
    selectService: assign((_, serviceId: number) => ({
      serviceId,
      filters: null,
      rentals: [],
      itemFilterId: 0,
      surfaceId: null,
      outdoor: null,
      formationId: null,
      timeRangeId: ALL_SLOTS_RANGE.id,
      ...NO_SCHEDULE,
      ...NO_PRODUCTS,
    })),
    storeFilters: assign((_, filters: ServiceFilters) => ({ filters })),
    storeRentals: assign((_, rentals: RentalShort[]) => ({ rentals })),
    setItemFilter: assign((_, id: number) => ({ itemFilterId: id, ...NO_SLOT })),
    setFormation: assign((_, id: number | null) => ({ formationId: id, ...NO_SLOT })),
    setSurface: assign((_, id: number | null) => ({ surfaceId: id, ...NO_SLOT })),
    setOutdoor: assign((_, value: 0 | 1 | null) => ({ outdoor: value, ...NO_SLOT })),
    setDate: assign((_, date: string) => ({ date, ...NO_SLOT })),
    /** Spec §4: changing duration clears the time slot and facilities. */
    setDuration: assign((_, minutes: number) => ({ durationMinutes: minutes, ...NO_SLOT })),
    setTimeRange: assign((_, id: string) => ({ timeRangeId: id, ...NO_SLOT })),
    storeSchedule: assign(({ context }, load: ScheduleLoad) => {
      const scheduleConfig = effectiveScheduleConfig(load.schedule.configuration);
      const durations = durationChoices(scheduleConfig, availableSpanMinutes(load.schedule.facilities));
      const durationMinutes = durations.includes(context.durationMinutes) ? context.durationMinutes : (durations[0] ?? scheduleConfig.min_booking_time);
      return { schedule: load, scheduleConfig, durations, durationMinutes, ...NO_SLOT };
    }),
    layOutSlots: assign(({ context }) => slotGrid(context)),
    showMoreSlots: assign(({ context }) => ({ slotLimit: context.slotLimit + SLOT_PAGE_STEP })),
    chooseSlot: assign(({ context }, startTime: string) => ({
      slot: context.slots.find((slot) => slot.start_time === startTime) ?? null,
      facilities: [],
      facilityId: null,
    })),
    /** Spec §4: choosing a time slot selects the first available facility. */
    storeFacilities: assign((_, facilities: AvailableFacility[]) => ({ facilities, facilityId: facilities[0]?.id ?? null })),
    clearSlot: assign(() => NO_SLOT),
    chooseFacility: assign((_, facilityId: number) => ({ facilityId })),
    storeProducts: assign((_, products: FacilityWithProducts) => ({
      products,
      ticketQuantities: Object.fromEntries(products.products.map((ticket) => [ticket.product_id, 0])),
      addonQuantities: Object.fromEntries(products.categories.flatMap((category) => category.products.map((addon) => [addon.product_id, 0]))),
    })),
    storeCartTickets: assign((_, cartTickets: CartTicket[]) => ({ cartTickets })),
    newBaseGroup: assign(({ context }) => ({ baseGroup: context.newGroupId() })),
    /** The stepper moves only to a quantity the rules allow; otherwise it stays (reverts) and the reason shows. */
    stepTicket: assign(({ context }, change: { productId: number; quantity: number }) => {
      const ticket = ticketOf(context, change.productId);
      if (!ticket) return {};
      const quantity = wholeQuantity(change.quantity);
      const refusal = quantity === 0 ? null : ticketQuantityRefusal(context, ticket, quantity);
      if (refusal) return { notice: ruleNotice(context, refusal) };
      return { ticketQuantities: { ...context.ticketQuantities, [ticket.product_id]: quantity } };
    }),
    refuseTicket: assign(({ context }, productId: number) => {
      const refusal = ticketAddRefusal(context, productId);
      return refusal ? { notice: ruleNotice(context, refusal) } : {};
    }),
    holdTicket: assign((_, productId: number) => ({ pendingTicketId: productId })),
    releaseTicket: assign(() => ({ pendingTicketId: null })),
    /** Spec §4: after the ticket is added its quantity is reset to 0. */
    ticketAdded: assign(({ context }) => ({
      ticketQuantities: context.pendingTicketId !== null ? { ...context.ticketQuantities, [context.pendingTicketId]: 0 } : context.ticketQuantities,
      pendingTicketId: null,
      notice: notice(context, 'success', { ns: 'facilityBooking', key: 'notices.addedToCart' }),
    })),
    stepAddon: assign(({ context }, change: { productId: number; quantity: number }) => {
      const addon = addonOf(context, change.productId);
      if (!addon) return {};
      const checked = checkAddonQuantity(addon, change.quantity);
      if (!checked.ok) return { notice: ruleNotice(context, checked.message), addonQuantities: { ...context.addonQuantities, [addon.product_id]: addonMax(addon) } };
      return { addonQuantities: { ...context.addonQuantities, [addon.product_id]: checked.quantity } };
    }),
    holdAddon: assign((_, productId: number) => ({ pendingAddonId: productId })),
    addonAdded: assign(({ context }) => ({
      addonQuantities: context.pendingAddonId !== null ? { ...context.addonQuantities, [context.pendingAddonId]: 0 } : context.addonQuantities,
      pendingAddonId: null,
      notice: notice(context, 'success', { ns: 'facilityBooking', key: 'notices.addedToCart' }),
    })),
    releaseAddon: assign(() => ({ pendingAddonId: null })),
    noticeAdded: assign(({ context }) => ({ notice: notice(context, 'success', { ns: 'facilityBooking', key: 'notices.addedToCart' }) })),
    noticeFailure: assign(({ context }, failed: { error: unknown }) => ({ notice: failureNotice(context, failed.error) })),
    noticeNoFacility: assign(({ context }) => ({ notice: notice(context, 'error', { ns: 'facilityBooking', key: 'notices.noFacility' }) })),
    noticeInvalidConfig: assign(({ context }) => ({ notice: notice(context, 'error', { ns: 'facilityBooking', key: 'notices.invalidConfig' }) })),
    noticeAddonNeedsTicket: assign(({ context }) => ({ notice: notice(context, 'error', { ns: 'facilityBooking', key: 'notices.addonNeedsTicket' }) })),
    /** Spec §4: Confirm Yes resets the slot and sets the duration to the minimum booking time. */
    startOver: assign(({ context }) => ({
      durationMinutes: context.durations[0] ?? context.scheduleConfig.min_booking_time,
      ...NO_SLOT,
      ...NO_PRODUCTS,
      baseGroup: null,
    })),
  },
}).createMachine({
  id: 'facilityBooking',
  context: ({ input }) => {
    const base = {
      config: input.config,
      user: input.user,
      sessionId: input.sessionId,
      graceMinutes: input.graceMinutes,
      now: input.now,
      newGroupId: input.newGroupId,
      preselectedServiceId: input.serviceId ?? null,
    };
    return { ...base, ...resetContext(base as FacilityBookingContext) };
  },
  on: {
    'user.change': { actions: { type: 'setUser', params: ({ event }) => event.user } },
  },
  initial: 'closed',
  states: {
    closed: {
      entry: 'reset',
      on: {
        'modal.open': [
          { guard: 'isBapsVisitor', target: 'toLogin', actions: { type: 'preselect', params: ({ event }) => event.serviceId } },
          { target: 'open', actions: { type: 'preselect', params: ({ event }) => event.serviceId } },
        ],
      },
    },
    /** The UI sends the visitor to /login?nextUrl=… (is_baps open, or 'Please Login!'), then answers 'redirect.done'. */
    toLogin: { entry: 'emitLogin', on: { 'redirect.done': { target: 'closed', actions: 'emitClosed' } } },
    /** is_baps: a ticket was added; the UI goes to the cart, then answers 'redirect.done'. */
    toCart: { entry: 'emitCart', on: { 'redirect.done': { target: 'closed', actions: 'emitClosed' } } },
    open: {
      on: { 'modal.close': { target: '#facilityBooking.closed', actions: 'emitClosed' } },
      initial: 'loadingServices',
      states: {
        loadingServices: {
          tags: 'pending',
          invoke: {
            id: 'loadServices',
            src: 'loadServices',
            onDone: { target: 'routing', actions: { type: 'storeServices', params: ({ event }) => event.output } },
            onError: { target: 'servicesFailed', actions: { type: 'noticeFailure', params: ({ event }) => event } },
          },
        },
        servicesFailed: { on: { 'services.retry': 'loadingServices' } },
        routing: { always: [{ guard: 'hasService', target: 'step1' }, { target: 'noServices' }] },
        noServices: {},

        step1: {
          initial: 'loadingFilters',
          on: {
            'service.search': { actions: { type: 'setServiceQuery', params: ({ event }) => event.query } },
            'service.select': { target: '.loadingFilters', actions: { type: 'selectService', params: ({ event }) => event.serviceId } },
            'item.select': { target: '.loadingSchedule', actions: { type: 'setItemFilter', params: ({ event }) => event.id } },
            'formation.select': { target: '.loadingSchedule', actions: { type: 'setFormation', params: ({ event }) => event.id } },
            'surface.select': { target: '.loadingSchedule', actions: { type: 'setSurface', params: ({ event }) => event.id } },
            'outdoor.select': { target: '.loadingSchedule', actions: { type: 'setOutdoor', params: ({ event }) => event.value } },
            'date.select': {
              guard: 'isDateSelectable',
              target: '.loadingSchedule',
              actions: { type: 'setDate', params: ({ event }) => event.date },
            },
            'duration.select': {
              guard: 'isDurationOffered',
              target: '.slots',
              actions: [{ type: 'setDuration', params: ({ event }) => event.minutes }, 'layOutSlots'],
            },
            'timeRange.select': {
              guard: 'isTimeRangeOffered',
              target: '.slots',
              actions: [{ type: 'setTimeRange', params: ({ event }) => event.id }, 'layOutSlots'],
            },
          },
          states: {
            loadingFilters: {
              tags: 'pending',
              invoke: {
                id: 'loadFilters',
                src: 'loadFilters',
                input: ({ context }) => ({ serviceId: context.serviceId ?? 0 }),
                onDone: { target: 'afterFilters', actions: { type: 'storeFilters', params: ({ event }) => event.output } },
                onError: { target: 'afterFilters', actions: { type: 'noticeFailure', params: ({ event }) => event } },
              },
            },
            afterFilters: { always: [{ guard: 'usesRentals', target: 'loadingRentals' }, { target: 'loadingSchedule' }] },
            loadingRentals: {
              tags: 'pending',
              invoke: {
                id: 'loadRentals',
                src: 'loadRentals',
                input: ({ context }) => ({ serviceId: context.serviceId ?? 0 }),
                onDone: { target: 'loadingSchedule', actions: { type: 'storeRentals', params: ({ event }) => event.output } },
                onError: { target: 'loadingSchedule', actions: { type: 'noticeFailure', params: ({ event }) => event } },
              },
            },
            loadingSchedule: {
              tags: 'pending',
              invoke: {
                id: 'loadSchedule',
                src: 'loadSchedule',
                input: ({ context }) => scheduleRequest(context),
                onDone: { target: 'slots', actions: [{ type: 'storeSchedule', params: ({ event }) => event.output }, 'layOutSlots'] },
                // No answer and no saved copy: the grid itself says so (offline or not), so no toast covers it.
                onError: [
                  { guard: { type: 'gotNoAnswer', params: ({ event }) => event }, target: 'scheduleFailed' },
                  { target: 'scheduleFailed', actions: { type: 'noticeFailure', params: ({ event }) => event } },
                ],
              },
            },
            scheduleFailed: { on: { 'schedule.retry': 'loadingSchedule' } },
            /** A schedule read from the cache is shown, but choosing a slot from it waits for the network. */
            slots: {
              on: {
                'schedule.retry': 'loadingSchedule',
                'slots.more': { actions: 'showMoreSlots' },
                'slot.select': {
                  guard: 'isSlotBookable',
                  target: 'loadingFacilities',
                  actions: { type: 'chooseSlot', params: ({ event }) => event.startTime },
                },
              },
            },
            loadingFacilities: {
              tags: 'pending',
              invoke: {
                id: 'loadAvailableFacilities',
                src: 'loadAvailableFacilities',
                input: ({ context }) => slotRequest(context),
                onDone: [
                  {
                    guard: { type: 'hasFacilities', params: ({ event }) => event.output },
                    target: 'picking',
                    actions: { type: 'storeFacilities', params: ({ event }) => event.output },
                  },
                  { target: 'slots', actions: ['clearSlot', 'noticeNoFacility'] },
                ],
                onError: { target: 'slots', actions: ['clearSlot', { type: 'noticeFailure', params: ({ event }) => event }] },
              },
            },
            /** A slot is chosen and a facility picked: Continue is offered. */
            picking: {
              on: {
                'schedule.retry': 'loadingSchedule',
                'slots.more': { actions: 'showMoreSlots' },
                'slot.select': {
                  guard: 'isSlotBookable',
                  target: 'loadingFacilities',
                  actions: { type: 'chooseSlot', params: ({ event }) => event.startTime },
                },
                'facility.select': {
                  guard: 'isFacilityOffered',
                  actions: { type: 'chooseFacility', params: ({ event }) => event.facilityId },
                },
                'booking.continue': [
                  { guard: 'isPerCapacity', target: '#facilityBooking.open.step2' },
                  { target: '#facilityBooking.open.addingDefaults' },
                ],
              },
            },
          },
        },

        /** A pitch: its default products join the cart with one shared group id. */
        addingDefaults: {
          initial: 'loadingProducts',
          states: {
            loadingProducts: {
              tags: 'pending',
              invoke: {
                id: 'loadFacilityProducts',
                src: 'loadFacilityProducts',
                input: ({ context }) => productsRequest(context),
                onDone: { target: 'checking', actions: { type: 'storeProducts', params: ({ event }) => event.output } },
                onError: { target: '#facilityBooking.open.step1.picking', actions: { type: 'noticeFailure', params: ({ event }) => event } },
              },
            },
            checking: {
              always: [
                { guard: 'hasVenue', target: 'adding', actions: 'newBaseGroup' },
                { target: '#facilityBooking.open.step1.picking', actions: 'noticeInvalidConfig' },
              ],
            },
            adding: {
              tags: 'pending',
              invoke: {
                id: 'addDefaultProducts',
                src: 'addLines',
                input: ({ context }) => defaultLines(context),
                onDone: [
                  { guard: 'hasAddons', target: '#facilityBooking.open.step3', actions: 'noticeAdded' },
                  { target: '#facilityBooking.open.confirm', actions: 'noticeAdded' },
                ],
                onError: { target: '#facilityBooking.open.step1.picking', actions: { type: 'noticeFailure', params: ({ event }) => event } },
              },
            },
          },
        },

        /** Tickets of a per-capacity facility. */
        step2: {
          initial: 'loadingProducts',
          on: { 'step.back': '#facilityBooking.open.step1.picking' },
          states: {
            loadingProducts: {
              tags: 'pending',
              invoke: {
                id: 'loadTickets',
                src: 'loadFacilityProducts',
                input: ({ context }) => productsRequest(context),
                onDone: { target: 'loadingCart', actions: { type: 'storeProducts', params: ({ event }) => event.output } },
                onError: { target: '#facilityBooking.open.step1.picking', actions: { type: 'noticeFailure', params: ({ event }) => event } },
              },
            },
            loadingCart: {
              tags: 'pending',
              invoke: {
                id: 'readCartTickets',
                src: 'readCartTickets',
                onDone: { target: 'ready', actions: { type: 'storeCartTickets', params: ({ event }) => event.output } },
                onError: { target: 'ready', actions: { type: 'noticeFailure', params: ({ event }) => event } },
              },
            },
            ready: {
              on: {
                'ticket.quantity': { actions: { type: 'stepTicket', params: ({ event }) => event } },
                'ticket.add': [
                  { guard: 'lacksTicketQuantity' },
                  { guard: 'lacksVenue', actions: 'noticeInvalidConfig' },
                  {
                    guard: 'isTicketRefused',
                    actions: { type: 'refuseTicket', params: ({ event }) => event.productId },
                  },
                  {
                    guard: 'needsVisitorDetailsFromUser',
                    target: 'visitorDetails',
                    actions: { type: 'holdTicket', params: ({ event }) => event.productId },
                  },
                  {
                    guard: 'needsVisitorDetails',
                    target: 'loginRequired',
                    actions: { type: 'holdTicket', params: ({ event }) => event.productId },
                  },
                  { target: 'addingTicket', actions: [{ type: 'holdTicket', params: ({ event }) => event.productId }, 'newBaseGroup'] },
                ],
                // Proceed is hidden in the is_baps variant.
                'booking.proceed': [
                  { guard: 'hasAddonsAndNotBaps', target: '#facilityBooking.open.step3' },
                  { guard: 'isNotBaps', target: '#facilityBooking.open.confirm' },
                ],
              },
            },
            /** The UI shows VisitorDetailsDialog for the pending ticket. */
            visitorDetails: {
              on: {
                'visitors.submit': { target: 'addingTicket', actions: 'newBaseGroup' },
                'visitors.close': { target: 'ready', actions: 'releaseTicket' },
              },
            },
            /** 'Please Login!' with a login button. */
            loginRequired: {
              on: {
                'login.go': '#facilityBooking.toLogin',
                'loginRequired.close': { target: 'ready', actions: 'releaseTicket' },
              },
            },
            addingTicket: {
              tags: 'pending',
              invoke: {
                id: 'addTicket',
                src: 'addLines',
                input: ({ context, event }) => ticketLines(context, event.type === 'visitors.submit' ? event.entries : []),
                onDone: [
                  { guard: 'isBaps', target: '#facilityBooking.toCart', actions: 'ticketAdded' },
                  { target: 'loadingCart', actions: 'ticketAdded' },
                ],
                onError: { target: 'ready', actions: ['releaseTicket', { type: 'noticeFailure', params: ({ event }) => event }] },
              },
            },
          },
        },

        /** Add-ons by category, attached to the last base line added. */
        step3: {
          initial: 'ready',
          states: {
            ready: {
              on: {
                'addon.quantity': { actions: { type: 'stepAddon', params: ({ event }) => event } },
                'addon.add': [
                  { guard: 'lacksAddonQuantity' },
                  { guard: 'lacksVenue', actions: 'noticeInvalidConfig' },
                  { guard: 'lacksBaseGroup', actions: 'noticeAddonNeedsTicket' },
                  { target: 'addingAddon', actions: { type: 'holdAddon', params: ({ event }) => event.productId } },
                ],
                'addons.done': '#facilityBooking.open.confirm',
              },
            },
            addingAddon: {
              tags: 'pending',
              invoke: {
                id: 'addAddon',
                src: 'addLines',
                input: ({ context }) => addonLines(context),
                onDone: { target: 'ready', actions: 'addonAdded' },
                onError: { target: 'ready', actions: ['releaseAddon', { type: 'noticeFailure', params: ({ event }) => event }] },
              },
            },
          },
        },

        /** 'Show more tickets?' */
        confirm: {
          on: {
            'confirm.yes': { target: 'step1.loadingSchedule', actions: 'startOver' },
            'confirm.no': { target: '#facilityBooking.closed', actions: 'emitClosed' },
          },
        },
      },
    },
  },
});
