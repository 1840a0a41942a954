// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise } from 'xstate';
import { type BookingFlags, type FacilityBookingInput } from '../../../machines/facilityBooking';
import { type FacilityBookingActors } from '../../../machines/facilityBookingActors';
import { type CartTicket } from '../../domain/booking/ticketCapacity';
import { type AvailableFacility, type FacilityWithProducts, type RentalShort, type Schedule, type ServiceFilters, type VenueService } from '../../domain/contract/facilities';
import english from '../../i18n/locales/en/facilityBooking.json';
import { installDialogPolyfill, renderWithI18n } from '../../ui/testing';
import { PortalProvider, type Portal } from '../../app/portal';
import { BookFacilityButton } from './BookFacilityButton';
import { FacilityBookingView } from './FacilityBookingView';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { PRODUCT_TYPE } from '../../domain/productTypes';

beforeAll(async () => {
  installDialogPolyfill();
  // An open modal preloads the visitor details dialog's code without waiting for it; loaded here first, so no test
  // ends while vitest is still loading that module (on a busy machine it was, after the file's environment was gone).
  await import('./visitors/VisitorDetailsDialog');
});
afterEach(cleanup);

const FLAGS: BookingFlags = {
  venue_id: 1,
  is_baps: 0,
  show_time_range_filter: 0,
  show_facility_image: 0,
  enable_fb_participant_details: 0,
  allow_facility_items_reservation: 0,
  customer_threshold: null,
  tnc: null,
  qube_enable_custom_booking_date_range: 0,
  custom_booking_start_date: null,
  custom_booking_end_date: null,
};

const SERVICES: VenueService[] = [
  { id: 1, name: 'Football', ar_name: 'كرة القدم', is_public: 1, filter_by: 0, facilities: [] },
  { id: 2, name: 'Swimming', ar_name: 'سباحة', is_public: 1, filter_by: 0, facilities: [] },
  { id: 3, name: 'pos', is_public: 1, filter_by: 0, facilities: [] },
];

const SCHEDULE: Schedule = {
  date: '2030-01-10',
  channel: 'B2C',
  configuration: { min_booking_time: 60, max_booking_time: 120, time_increment: 60, per_capacity: 0, online_booking_delay: 0, advance_booking_days_limit: null },
  facilities: [
    {
      id: 11,
      name: 'Pitch A',
      per_capacity: 0,
      capacity: 1,
      is_enable_per_day_capacity: 0,
      is_outdoor: 1,
      game_formation_ids: [],
      parent_facilities: [],
      child_facilities: [],
      schedule_control: [{ start_time: '08:00:00', end_time: '12:00:00' }],
      bookings: [],
      maintenances: [],
      event_schedules: [],
      workshop_program_schedules: [],
      cart_items: [],
      day_booked_quantity: 0,
    },
  ],
};

const PITCH: AvailableFacility = { id: 11, name: 'Pitch A', per_capacity: 0, capacity_left: 1, price: 210 };
const POOL: AvailableFacility = { id: 21, name: 'Pool', per_capacity: 1, capacity_left: 20, price: null };

const POOL_PRODUCTS: FacilityWithProducts = {
  facility: { id: 21, name: 'Pool', per_capacity: 1, capacity: 20 },
  default_products: [],
  products: [
    {
      product_id: 60,
      product_type_id: PRODUCT_TYPE.facility,
      name: 'Adult',
      price: 100,
      tax_amount: 5,
      total_price: 105,
      facility_id: 21,
      participant_count: 1,
      inventory_enable: 0,
      remaining_capacity: 0,
      available_capacity: 20,
      reserved_slots: [],
      dependencies: [],
    },
  ],
  categories: [],
};

type Source = 'network' | 'cache';

/** `source` answers every schedule load; a list answers them in turn (the last one from then on). */
function actors(facilities: AvailableFacility[], products: FacilityWithProducts, source: Source | Source[] = 'network') {
  const added = vi.fn();
  const sources = [source].flat();
  let loads = 0;
  const nextSource = () => sources[Math.min(loads++, sources.length - 1)] ?? 'network';
  const fakes: FacilityBookingActors = {
    loadServices: fromPromise(async () => SERVICES),
    loadFilters: fromPromise(async (): Promise<ServiceFilters> => ({ surfaces: [], formations: [], outdoor: [] })),
    loadRentals: fromPromise(async (): Promise<RentalShort[]> => []),
    loadSchedule: fromPromise(async () => ({ schedule: SCHEDULE, savedAt: Date.UTC(2030, 0, 10, 3, 0), source: nextSource() })),
    loadAvailableFacilities: fromPromise(async () => facilities),
    loadFacilityProducts: fromPromise(async () => products),
    readCartTickets: fromPromise(async (): Promise<CartTicket[]> => []),
    addLines: fromPromise(async ({ input }) => void added(input)),
  };
  return { fakes, added };
}

const input = (flags: Partial<BookingFlags> = {}): FacilityBookingInput => ({
  config: { ...FLAGS, ...flags },
  user: { loggedIn: true, isGuest: false, kind: 'B2C' },
  sessionId: 's',
  graceMinutes: 15,
  now: () => ({ today: '2030-01-10', time: '07:00:00', epochMs: Date.UTC(2030, 0, 10, 3, 30) }),
  newGroupId: () => 'g-1',
});

function renderView(options: { flags?: Partial<BookingFlags>; facilities?: AvailableFacility[]; products?: FacilityWithProducts; source?: Source | Source[]; lang?: 'en' | 'ar' } = {}) {
  const { fakes, added } = actors(options.facilities ?? [PITCH], options.products ?? POOL_PRODUCTS, options.source);
  const callbacks = { onClose: vi.fn(), onLogin: vi.fn(), onCart: vi.fn() };
  renderWithI18n(
    <FacilityBookingView
      open
      input={input(options.flags)}
      actors={fakes}
      user={{ loggedIn: true, isGuest: false, kind: 'B2C' }}
      currency="AED"
      imageBase="/media/"
      {...callbacks}
    />,
    options.lang,
  );
  return { added, ...callbacks };
}

describe('FacilityBookingView', () => {
  it('[S1-2.11] [S1-2.16] [S1-2.27] [S1-2.28] [S1-2.29] [S1-2.30] full width: services, slots, then the facility picker and Continue with its price', async () => {
    renderView();
    const slot = await screen.findByRole('button', { name: '08:00 AM – 09:00 AM' });
    expect(document.querySelector('dialog')?.className).toContain('dialog-full');
    expect(screen.getByRole('combobox', { name: 'Service' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'pos' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Choose a facility' })).toBeNull();
    const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(continueButton.disabled).toBe(true);
    fireEvent.click(slot);
    const pitch = await screen.findByRole('button', { name: /Pitch A/ });
    expect(pitch.className).toBe('slot-button facility-button');
    expect(pitch.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Total AED 210')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('[S1-2.29] facility cards carry images when show_facility_image allows', async () => {
    renderView({ flags: { show_facility_image: 1 } });
    fireEvent.click(await screen.findByRole('button', { name: '08:00 AM – 09:00 AM' }));
    const card = await screen.findByRole('button', { name: /Pitch A/ });
    expect(card.className).toBe('facility-card');
  });

  it('[S1-2.31] [S1-2.33] [S1-2.34] [S1-2.36] [S1-2.37] [S1-2.38] step 2: visit info and ticket cards with price with tax, stepper and Add to cart', async () => {
    const { added } = renderView({ facilities: [POOL] });
    fireEvent.click(await screen.findByRole('button', { name: '08:00 AM – 09:00 AM' }));
    await screen.findByRole('button', { name: /Pool/ });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Pool · Thu, 10 Jan 2030 · 60 minutes')).toBeTruthy();
    expect(screen.getByText('AED 105')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeTruthy();
    const stepper = screen.getByRole('spinbutton', { name: 'Number of Tickets' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'More: Number of Tickets' }));
    expect(stepper.value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(added).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(stepper.value).toBe('0'));
  });

  it("[S1-2.32] [S1-2.35] is_baps: 'Your Visit: ddd, DD MMM YYYY | time' and no Proceed", async () => {
    renderView({ facilities: [POOL], flags: { is_baps: 1 } });
    fireEvent.click(await screen.findByRole('button', { name: '08:00 AM – 09:00 AM' }));
    await screen.findByRole('button', { name: /Pool/ });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your Visit: Thu, 10 Jan 2030 | 08:00 AM – 09:00 AM')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed' })).toBeNull();
  });

  it('[S1-2.35] is_baps: adding a ticket goes to the cart, and the modal closes', async () => {
    const { added, onCart, onClose } = renderView({ facilities: [POOL], flags: { is_baps: 1 } });
    fireEvent.click(await screen.findByRole('button', { name: '08:00 AM – 09:00 AM' }));
    await screen.findByRole('button', { name: /Pool/ });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const addToCart = (await screen.findByRole('button', { name: 'Add to cart' })) as HTMLButtonElement;
    expect(addToCart.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'More: Number of Tickets' }));
    expect(addToCart.disabled).toBe(false);
    fireEvent.click(addToCart);
    await waitFor(() => expect(onCart).toHaveBeenCalledTimes(1));
    expect(added).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("[S1-2.41] [S1-4.7] a pitch without add-ons asks 'show more tickets'; No closes", async () => {
    const { added, onClose } = renderView({ products: { ...POOL_PRODUCTS, default_products: [{ ...POOL_PRODUCTS.products[0]!, quantity: 1 }], products: [] } });
    fireEvent.click(await screen.findByRole('button', { name: '08:00 AM – 09:00 AM' }));
    await screen.findByRole('button', { name: /Pitch A/ });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(english.confirm.message)).toBeTruthy();
    expect(added).toHaveBeenCalledTimes(1);
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('[S1-8.1] a cached schedule shows its age and pauses choosing a slot', async () => {
    renderView({ source: 'cache' });
    expect(await screen.findByText('Showing slots saved 30 min ago')).toBeTruthy();
    expect((screen.getByRole('button', { name: '08:00 AM – 09:00 AM' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a cached schedule refreshes by itself when the connection comes back, as its notice promises', async () => {
    renderView({ source: ['cache', 'network'] });
    expect(await screen.findByText('Showing slots saved 30 min ago')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('Showing slots saved 30 min ago')).toBeNull());
    expect((screen.getByRole('button', { name: '08:00 AM – 09:00 AM' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('renders in Arabic with the Arabic strings', async () => {
    renderView({ lang: 'ar' });
    expect(await screen.findByRole('heading', { name: 'احجز مرفقًا' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'الخدمة' })).toBeTruthy();
  });

  it('[S1-8.2] [S1-8.3] [S1-5.27] the English wording of the modal notices is the spec wording', () => {
    expect(english.notices.noFacility).toBe('No facility available for selected time slot');
    expect(english.notices.invalidConfig).toBe('Invalid Config');
    expect(english.loginRequired.title).toBe('Please Login!');
    expect(english.tickets.numberOfTickets).toBe('Number of Tickets');
    expect(english.button).toBe('Book a Facility');
  });
});

describe('QuantityStepper', () => {
  it('is a labelled control whose value is the owner (a refused change reverts)', () => {
    const onChange = vi.fn();
    renderWithI18n(<QuantityStepper label="Number of Tickets" value={2} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fewer: Number of Tickets' }));
    expect(onChange).toHaveBeenCalledWith(1);
    expect((screen.getByRole('spinbutton', { name: 'Number of Tickets' }) as HTMLInputElement).value).toBe('2');
  });
});

describe('BookFacilityButton', () => {
  function renderButton(config: Record<string, unknown>, lang: 'en' | 'ar' = 'en') {
    const shell = createActor(createMachine({ context: { config } })).start();
    const portal = { shell } as unknown as Portal;
    renderWithI18n(
      <PortalProvider portal={portal}>
        <BookFacilityButton />
      </PortalProvider>,
      lang,
    );
  }

  it('[S1-2.14] shows only when enable_facility_booking is set', () => {
    renderButton({ enable_facility_booking: 0 });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("[S1-2.13] the label defaults to 'Book a Facility'", () => {
    renderButton({ enable_facility_booking: 1, facility_button_label: null });
    expect(screen.getByRole('button', { name: 'Book a Facility' })).toBeTruthy();
  });

  it('[S1-2.12] the label comes from facility_button_label, in Arabic from ar_facility_button_label', async () => {
    renderButton({ enable_facility_booking: 1, facility_button_label: 'Book a pitch', ar_facility_button_label: 'احجز ملعبًا' });
    expect(screen.getByRole('button', { name: 'Book a pitch' })).toBeTruthy();
    cleanup();
    await act(async () => renderButton({ enable_facility_booking: 1, facility_button_label: 'Book a pitch', ar_facility_button_label: 'احجز ملعبًا' }, 'ar'));
    expect(screen.getByRole('button', { name: 'احجز ملعبًا' })).toBeTruthy();
  });
});
