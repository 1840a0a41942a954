import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableFacilitiesResponse,
  customerConfigurationsResponse,
  facilityWithProductsResponse,
  rentalsShortResponse,
  serviceFiltersResponse,
  venueServicesResponse,
  type Schedule,
} from '../../../src/domain/contract/facilities';
import { facilityFreeStarts, slotOptions } from '../../../src/domain/booking/availability';
import { createTestApp, type TestApp } from '../../testing/testApp';
import { profileResponse } from '../../../src/domain/contract/session';
import { FACILITY_MESSAGES } from './facilitiesData';
import { DEMO_NOW, day, facilityApi, refusedWith } from './facilitiesTestSupport';

const hourly = { durationMinutes: 60, incrementMinutes: 60 };

describe('facility calls', () => {
  let t: TestApp;
  let api: ReturnType<typeof facilityApi>;
  let ids: Awaited<ReturnType<ReturnType<typeof facilityApi>['ids']>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(DEMO_NOW) });
    api = facilityApi(t);
    ids = await api.ids();
  });
  afterAll(() => t.close());

  const facilityOf = (schedule: Schedule, id: number) => {
    const found = schedule.facilities.find((facility) => facility.id === id);
    if (!found) throw new Error(`facility ${id} not in the schedule`);
    return found;
  };

  describe('venue/services and filters', () => {
    it('[S1-7.8] [S1-3.10] [S1-2.18] lists the public services by sort with their facilities; pos is still sent, non-public ones are not', async () => {
      const res = await api.get('venue/services');
      expect(res.statusCode).toBe(200);
      const services = venueServicesResponse.parse(res.json()).data;
      expect(services.map((service) => service.name)).toEqual(['Football Pitches', 'Aqua Park', 'Bowling', 'pos']);
      expect(services.every((service) => service.is_public === 1 && service.ar_name)).toBe(true);
      const [football, aqua, bowling] = services;
      expect(football?.facilities.map((facility) => facility.name)).toEqual([
        'Main Stadium Pitch',
        'Main Pitch Half A',
        'Main Pitch Half B',
        'Indoor Arena',
        'Five-a-side Cage',
      ]);
      expect(football).toMatchObject({ filter_by: 1, is_game_formation_enabled: null, is_surface_enabled: null });
      expect(aqua).toMatchObject({ filter_by: 0, is_game_formation_enabled: 0, is_surface_enabled: 0 });
      expect(bowling).toMatchObject({ filter_by: 2, is_outdoor_enabled: 0 });
    });

    it('[S1-7.9] [S1-3.11] gives the surfaces, formations and outdoor values of a service', async () => {
      const football = serviceFiltersResponse.parse((await api.get(`facilities/services/filters/${ids.football}`)).json()).data;
      expect(football.surfaces.map((surface) => [surface.name, surface.ar_name])).toEqual([
        ['Natural grass', 'عشب طبيعي'],
        ['Artificial turf', 'عشب صناعي'],
      ]);
      expect(football.formations.map((formation) => formation.name)).toEqual(['5-a-side', '7-a-side', '11-a-side']);
      expect(football.outdoor).toEqual([0, 1]);
      const aqua = serviceFiltersResponse.parse((await api.get(`facilities/services/filters/${ids.aqua}`)).json()).data;
      expect(aqua).toEqual({ surfaces: [], formations: [], outdoor: [1] });
    });

    it('[S1-7.9] answers 404 for a service of no venue and 400 for a broken id', async () => {
      refusedWith(await api.get('facilities/services/filters/999'), 404, FACILITY_MESSAGES.serviceNotFound);
      refusedWith(await api.get('facilities/services/filters/abc'), 400, /^serviceId: /);
    });
  });

  describe('facilities/schedule', () => {
    it('[S1-7.10] [S1-3.13] [S1-3.15] gives each facility its opening, bookings and relatives, and the service configuration', async () => {
      const schedule = await api.schedule(`venue_service_id=${ids.football}&date=${day(0)}`);
      expect(schedule.channel).toBe('B2C');
      expect(schedule.configuration).toEqual({
        min_booking_time: 60,
        max_booking_time: 180,
        time_increment: 30,
        per_capacity: 0,
        online_booking_delay: 0,
        advance_booking_days_limit: 30,
      });
      expect(schedule.facilities).toHaveLength(5);
      const main = facilityOf(schedule, ids.mainPitch);
      expect(main).toMatchObject({
        per_capacity: 0,
        parent_facilities: [],
        child_facilities: [ids.halfA, ids.halfB],
        schedule_control: [{ start_time: '06:00:00', end_time: '23:00:00' }],
        bookings: [{ start_time: '19:00:00', end_time: '21:00:00', quantity: 1 }],
        cart_items: [],
        // Two half-hour units of 200 + 5% VAT.
        from_price: 420,
      });
      expect(facilityOf(schedule, ids.halfA).parent_facilities).toEqual([ids.mainPitch]);
    });

    it('a rejected booking frees its time', async () => {
      const schedule = await api.schedule(`venue_service_id=${ids.football}&date=${day(0)}`);
      expect(facilityOf(schedule, ids.cage).bookings).toEqual([{ start_time: '18:00:00', end_time: '19:00:00', quantity: 1 }]);
    });

    it('[S1-7.10] filters by surface, outdoor and any of the game formations', async () => {
      const filters = serviceFiltersResponse.parse((await api.get(`facilities/services/filters/${ids.football}`)).json()).data;
      const turf = filters.surfaces.find((surface) => surface.name === 'Artificial turf')?.id;
      const [five, seven, eleven] = filters.formations.map((formation) => formation.id);
      const names = (schedule: Schedule) => schedule.facilities.map((facility) => facility.name);
      const base = `venue_service_id=${ids.football}&date=${day(1)}`;
      expect(names(await api.schedule(`${base}&facility_surface_id=${turf}`))).toEqual(['Indoor Arena', 'Five-a-side Cage']);
      expect(names(await api.schedule(`${base}&is_outdoor=0`))).toEqual(['Indoor Arena']);
      expect(names(await api.schedule(`${base}&game_formations[]=${eleven}`))).toEqual(['Main Stadium Pitch']);
      expect(names(await api.schedule(`${base}&game_formations[]=${five}&game_formations[]=${eleven}`))).toEqual([
        'Main Stadium Pitch',
        'Indoor Arena',
        'Five-a-side Cage',
      ]);
      expect(names(await api.schedule(`${base}&game_formations[]=${seven}&is_outdoor=1`))).toEqual([
        'Main Pitch Half A',
        'Main Pitch Half B',
        'Five-a-side Cage',
      ]);
    });

    it('[S1-7.10] a parent booking still blocks its halves when the filters leave the parent out', async () => {
      const filters = serviceFiltersResponse.parse((await api.get(`facilities/services/filters/${ids.football}`)).json()).data;
      const seven = filters.formations.find((formation) => formation.name === '7-a-side')?.id;
      const schedule = await api.schedule(`venue_service_id=${ids.football}&date=${day(1)}&game_formations[]=${seven}`);
      const halfB = facilityOf(schedule, ids.halfB);
      // The full pitch is booked 18:00–20:00 on day(1); half A 07:00–08:30.
      expect(facilityFreeStarts(halfB, schedule.facilities, hourly)).not.toContain('18:00:00');
      expect(facilityFreeStarts(halfB, schedule.facilities, hourly)).not.toContain('19:00:00');
      expect(facilityFreeStarts(halfB, schedule.facilities, hourly)).toContain('07:00:00');
      const full = await api.schedule(`venue_service_id=${ids.football}&date=${day(1)}`);
      // Half A's own booking blocks the full pitch; the full pitch's booking blocks half A.
      expect(facilityFreeStarts(facilityOf(full, ids.mainPitch), full.facilities, hourly)).not.toContain('07:00:00');
      expect(facilityFreeStarts(facilityOf(full, ids.halfA), full.facilities, hourly)).not.toContain('18:00:00');
    });

    it('[S1-1.7] [S1-1.8] members (is_member) and partners get their own opening windows', async () => {
      const query = `venue_service_id=${ids.football}&date=${day(1)}&facility_id=${ids.cage}`;
      const isMemberOf = async (account: 'member' | 'customer') =>
        profileResponse.parse((await api.get('customers/profile', await api.bearer(account))).json()).data.is_member;
      expect(await isMemberOf('member')).toBe(true);
      expect(await isMemberOf('customer')).toBe(false);
      const member = await api.schedule(query, await api.bearer('member'));
      expect(member.channel).toBe('Members');
      expect(facilityOf(member, ids.cage).schedule_control).toEqual([{ start_time: '05:00:00', end_time: '23:00:00' }]);
      const partner = await api.schedule(query, await api.bearer('partner'));
      expect(partner.channel).toBe('Partners');
      expect(facilityOf(partner, ids.cage).schedule_control).toEqual([{ start_time: '06:00:00', end_time: '24:00:00' }]);
      const customer = await api.schedule(query, await api.bearer('customer'));
      expect(customer.channel).toBe('B2C');
      expect(slotOptions(member.facilities, hourly)[0]?.start_time).toBe('05:00:00');
      expect(slotOptions(customer.facilities, hourly)[0]?.start_time).toBe('06:00:00');
    });

    it('[S1-3.13] a maintenance block closes the arena on day(1) and removes its slots', async () => {
      const schedule = await api.schedule(`venue_service_id=${ids.football}&date=${day(1)}`);
      const arena = facilityOf(schedule, ids.arena);
      expect(arena.maintenances).toEqual([{ start_time: '08:00:00', end_time: '12:00:00' }]);
      const starts = facilityFreeStarts(arena, schedule.facilities, hourly);
      expect(starts).not.toContain('08:00:00');
      expect(starts).not.toContain('11:00:00');
      expect(starts).toContain('12:00:00');
    });

    it('[S1-9.6] an event schedule block on the Aqua Park hides times up to the last hour before its end', async () => {
      const schedule = await api.schedule(`venue_service_id=${ids.aqua}&date=${day(2)}`);
      const park = facilityOf(schedule, ids.aquaPark);
      expect(park.event_schedules).toEqual([{ start_time: '14:00:00', end_time: '17:00:00' }]);
      // Starts 14:00 to 16:00 (one hour before the end) are hidden; 13:00–14:00 only touches the event.
      expect(facilityFreeStarts(park, schedule.facilities, hourly)).toEqual(['10:00:00', '11:00:00', '12:00:00', '13:00:00', '17:00:00', '18:00:00', '19:00:00']);
    });

    it('[S1-3.39] a workshop block applies on its weekdays only', async () => {
      const monday = await api.schedule(`venue_service_id=${ids.football}&date=${day(1)}&facility_id=${ids.cage}`);
      expect(facilityOf(monday, ids.cage).workshop_program_schedules).toEqual([{ start_time: '16:00:00', end_time: '18:00:00' }]);
      const sunday = await api.schedule(`venue_service_id=${ids.football}&date=${day(0)}`);
      expect(facilityOf(sunday, ids.cage).workshop_program_schedules).toEqual([]);
    });

    it('[S1-3.14] per-capacity facilities count participants; a per-day facility its day total', async () => {
      const schedule = await api.schedule(`venue_service_id=${ids.aqua}&date=${day(0)}`);
      expect(schedule.configuration.per_capacity).toBe(1);
      const park = facilityOf(schedule, ids.aquaPark);
      expect(park).toMatchObject({ per_capacity: 1, capacity: 120, is_enable_per_day_capacity: 0, from_price: 63 });
      // Add-ons sold with a booking are stock, not time.
      expect(park.bookings.map((booking) => booking.quantity)).toEqual([30, 8, 3, 116]);
      expect(facilityOf(schedule, ids.wavePool)).toMatchObject({ is_enable_per_day_capacity: 1, capacity: 200, day_booked_quantity: 150 });
    });

    it('[S1-5.58] [S1-5.59] refuses a date before today or beyond the advance booking limit', async () => {
      refusedWith(await api.get(`facilities/schedule?venue_service_id=${ids.football}&date=${day(-1)}`), 400, FACILITY_MESSAGES.pastDate);
      refusedWith(await api.get(`facilities/schedule?venue_service_id=${ids.bowling}&date=${day(15)}`), 400, FACILITY_MESSAGES.beyondLimit(14));
      expect((await api.get(`facilities/schedule?venue_service_id=${ids.bowling}&date=${day(14)}`)).statusCode).toBe(200);
    });

    it('answers 400 for a broken query and 404 for an unknown service', async () => {
      refusedWith(await api.get(`facilities/schedule?venue_service_id=${ids.football}`), 400, /^date: /);
      refusedWith(await api.get(`facilities/schedule?venue_service_id=${ids.football}&date=${day(1)}&is_outdoor=yes`), 400, /^is_outdoor: /);
      refusedWith(await api.get(`facilities/schedule?venue_service_id=999&date=${day(1)}`), 404, FACILITY_MESSAGES.serviceNotFound);
    });
  });

  describe('facilities/fetchAvailableFacilities', () => {
    const available = async (query: string) => {
      const res = await api.get(`facilities/fetchAvailableFacilities?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return availableFacilitiesResponse.parse(res.json()).data;
    };

    it('[S1-7.11] lists the pitches free for the slot with the price of their default products, tax included', async () => {
      const free = await available(`venue_service_id=${ids.football}&date=${day(1)}&start_time=18:00:00&end_time=19:00:00`);
      // The full pitch is booked, so neither half is free either.
      expect(free.map((facility) => [facility.name, facility.capacity_left, facility.price])).toEqual([
        ['Indoor Arena', 1, 315],
        ['Five-a-side Cage', 1, 189],
      ]);
    });

    it('[S1-7.11] adds the floodlights from 18:00 and charges a part unit as a whole one', async () => {
      const [main] = await available(`venue_service_id=${ids.football}&date=${day(2)}&start_time=18:00:00&end_time=19:30:00&facility_id=${ids.mainPitch}`);
      expect(main?.price).toBe(3 * 210 + 3 * 26.25);
      const [morning] = await available(`venue_service_id=${ids.football}&date=${day(2)}&start_time=09:00:00&end_time=10:00:00&facility_id=${ids.mainPitch}`);
      expect(morning?.price).toBe(420);
    });

    it('[S1-7.11] filters by ticket (product_id) and gives participants left on per-capacity facilities', async () => {
      const short = rentalsShortResponse.parse((await api.get(`facilities/facility-rentals/short?venue_service_id=${ids.bowling}`)).json()).data;
      const vipGame = short.find((product) => product.name === 'VIP Bowling Game')?.product_id;
      const vip = await available(`venue_service_id=${ids.bowling}&date=${day(0)}&start_time=18:00:00&end_time=19:00:00&product_id=${vipGame}`);
      expect(vip.map((facility) => [facility.name, facility.capacity_left, facility.price])).toEqual([['VIP Lanes', 12, null]]);
      const all = await available(`venue_service_id=${ids.bowling}&date=${day(0)}&start_time=18:00:00&end_time=19:00:00&per_capacity=1`);
      expect(all.map((facility) => [facility.name, facility.capacity_left])).toEqual([
        ['Bowling Lanes', 6],
        ['VIP Lanes', 12],
      ]);
    });

    it('[S1-8.2] answers 404 "No facility available for selected time slot" when nothing is free', async () => {
      const taken = `venue_service_id=${ids.football}&date=${day(1)}&start_time=18:00:00&end_time=19:00:00&facility_id=${ids.mainPitch}`;
      refusedWith(await api.get(`facilities/fetchAvailableFacilities?${taken}`), 404, 'No facility available for selected time slot');
      const closed = `venue_service_id=${ids.football}&date=${day(1)}&start_time=23:00:00&end_time=24:00:00`;
      refusedWith(await api.get(`facilities/fetchAvailableFacilities?${closed}`), 404, FACILITY_MESSAGES.noFacility);
      // Today at 08:00 in Dubai, a 06:00 start is long gone.
      const past = `venue_service_id=${ids.football}&date=${day(0)}&start_time=06:00:00&end_time=07:00:00`;
      refusedWith(await api.get(`facilities/fetchAvailableFacilities?${past}`), 404, FACILITY_MESSAGES.noFacility);
    });

    it('answers 400 for a slot that does not run forward', async () => {
      const query = `venue_service_id=${ids.football}&date=${day(1)}&start_time=10:00:00&end_time=09:00:00`;
      refusedWith(await api.get(`facilities/fetchAvailableFacilities?${query}`), 400, FACILITY_MESSAGES.endBeforeStart);
    });
  });

  describe('facilities/auto', () => {
    const auto = async (query: string) => {
      const res = await api.get(`facilities/auto?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return facilityWithProductsResponse.parse(res.json()).data;
    };

    it('[S1-7.12] gives a pitch its default products for the duration and its add-on categories', async () => {
      const data = await auto(`venue_service_id=${ids.football}&date=${day(2)}&start_time=17:00:00&end_time=19:00:00&facility_id=${ids.halfA}`);
      expect(data.facility).toMatchObject({ id: ids.halfA, name: 'Main Pitch Half A', per_capacity: 0 });
      expect(data.products).toEqual([]);
      // Floodlights are sold from 18:00, so a 17:00 start has only the rental: four half-hour units.
      expect(data.default_products.map((product) => [product.name, product.quantity, product.total_price])).toEqual([['Half Pitch Rental', 4, 115.5]]);
      expect(data.categories.map((category) => [category.name, category.products.map((product) => product.name)])).toEqual([
        ['Equipment', ['Football Hire', 'Training Bibs Set']],
        ['Food & Drinks', ['Water Bottle', 'Sports Drink']],
      ]);
    });

    it('[S1-7.12] [S1-3.16] [S1-3.17] gives the tickets of a per-capacity facility with what is left of them', async () => {
      const data = await auto(`venue_service_id=${ids.aqua}&date=${day(0)}&start_time=12:00:00&end_time=13:00:00&facility_id=${ids.aquaPark}`);
      expect(data.default_products).toEqual([]);
      const ticket = (name: string) => data.products.find((product) => product.name === name);
      // 120 less 30 adults, 2 family passes (8) and 3 cabanas.
      expect(ticket('Adult')).toMatchObject({ participant_count: 1, available_capacity: 79, remaining_capacity: 79, inventory_enable: 0, total_price: 105 });
      expect(ticket('Family Pass')).toMatchObject({ participant_count: 4, available_capacity: 79 });
      // A stock of 4 cabanas per slot, 3 sold.
      expect(ticket('Cabana Pass')).toMatchObject({ inventory_enable: 1, remaining_capacity: 1, available_capacity: 79 });
      const slides = ticket('Slides Day Pass');
      expect(ticket('Adult')?.dependencies).toEqual([{ product_id: slides?.product_id, period: 'D' }]);
      expect(slides?.dependencies).toEqual([{ product_id: ticket('Adult')?.product_id, period: 'D' }]);
      const goggles = data.categories.flatMap((category) => category.products).find((product) => product.name === 'Swim Goggles');
      expect(goggles).toMatchObject({ inventory_enable: 1, total_stock: 20, sold: 6, inventory_period: 'D' });
    });

    it('[S1-7.12] stock counts per day: the next day has no goggles sold', async () => {
      const data = await auto(`venue_service_id=${ids.aqua}&date=${day(1)}&start_time=12:00:00&end_time=13:00:00&facility_id=${ids.aquaPark}`);
      const goggles = data.categories.flatMap((category) => category.products).find((product) => product.name === 'Swim Goggles');
      expect(goggles?.sold).toBe(0);
    });

    it('[S1-3.14] a per-day facility counts the day, and a nearly full slot still answers', async () => {
      const wave = await auto(`venue_service_id=${ids.aqua}&date=${day(0)}&start_time=15:00:00&end_time=16:00:00&facility_id=${ids.wavePool}`);
      expect(wave.products[0]).toMatchObject({ name: 'Wave Pool Entry', available_capacity: 50 });
      const park = await auto(`venue_service_id=${ids.aqua}&date=${day(0)}&start_time=15:00:00&end_time=16:00:00&facility_id=${ids.aquaPark}`);
      expect(park.products[0]).toMatchObject({ name: 'Adult', available_capacity: 4 });
    });

    it('[S1-4.13] without a facility it answers the first free one', async () => {
      const data = await auto(`venue_service_id=${ids.football}&date=${day(1)}&start_time=18:00:00&end_time=19:00:00`);
      expect(data.facility.name).toBe('Indoor Arena');
    });

    it('[S1-8.2] answers 404 for a taken pitch or a closed per-capacity slot, and for an unknown facility', async () => {
      refusedWith(
        await api.get(`facilities/auto?venue_service_id=${ids.football}&date=${day(1)}&start_time=18:00:00&end_time=19:00:00&facility_id=${ids.halfA}`),
        404,
        FACILITY_MESSAGES.noFacility,
      );
      refusedWith(
        await api.get(`facilities/auto?venue_service_id=${ids.aqua}&date=${day(2)}&start_time=14:00:00&end_time=15:00:00&facility_id=${ids.aquaPark}`),
        404,
        FACILITY_MESSAGES.noFacility,
      );
      refusedWith(
        await api.get(`facilities/auto?venue_service_id=${ids.football}&date=${day(1)}&start_time=10:00:00&end_time=11:00:00&facility_id=${ids.aquaPark}`),
        404,
        FACILITY_MESSAGES.facilityNotFound,
      );
    });
  });

  describe('ticket filter and customer configuration', () => {
    it('[S1-7.14] [S1-7.15] facility-rentals/short lists the names and product ids a service sells', async () => {
      const res = await api.get(`facilities/facility-rentals/short?venue_service_id=${ids.bowling}`);
      expect(rentalsShortResponse.parse(res.json()).data.map((product) => [product.name, product.ar_name])).toEqual([
        ['Bowling Game', 'مباراة بولينج'],
        ['VIP Bowling Game', 'مباراة بولينج لكبار الشخصيات'],
      ]);
      refusedWith(await api.get('facilities/facility-rentals/short'), 400, /^venue_service_id: /);
    });

    it('[S1-7.16] [S1-3.9] customer-configurations gives the venue customer_threshold', async () => {
      expect(customerConfigurationsResponse.parse((await api.get('facilities/customer-configurations')).json()).data).toEqual({ customer_threshold: null });
      expect((await api.send('POST', 'dev/config', { customer_threshold: 6 })).statusCode).toBe(200);
      expect(customerConfigurationsResponse.parse((await api.get('facilities/customer-configurations')).json()).data).toEqual({ customer_threshold: 6 });
      refusedWith(await api.get('facilities/customer-configurations', { 'X-Visitor-Token': 'no-such-venue' }), 404, 'Venue not found');
    });
  });
});
