import { describe, expect, it } from 'vitest';
import { toOrderProducts } from '../cart/orderPayload';
import { checkAdd } from '../cart/rules';
import type { Academy, CatalogueEvent } from '../contract/catalogue';
import { eventOrderLine, membershipOrderLine, trainingOrderLine, workshopOrderLine } from '../contract/orders';
import { WEEKDAY_FLAGS } from '../weekdays';
import { academyPlaceLine, eventTicketLine, membershipLine, sessionEnd, trainerSessionLine, type SellableTrainer } from '../cart/catalogueLines';
import { academyFirstDay, eventDays, firstScheduleWithPlaces, offeredDay, placesLeftAt, trainerDays, trainerStartTimes } from './purchaseDays';

const EVENT: CatalogueEvent & { price: number } = {
  id: 2,
  name: 'Summer Music Night',
  ar_name: 'ليلة الموسيقى الصيفية',
  start_date: '2025-06-24',
  end_date: '2025-06-26',
  event_schedules: [{ start_time: '20:00:00', end_time: '23:00:00' }],
  price: 120,
};
const GOLD = { id: 1, name: 'Gold Membership', ar_name: 'العضوية الذهبية', price: 2500, tax_amount: 125, duration_days: 365 };
const RULES = { pendingOrder: false, sessionId: null, customerThreshold: null };
const ticket = (group = 'e1') => eventTicketLine(EVENT, { venueId: 1, date: '2025-06-25', schedule: EVENT.event_schedules[0]!, quantity: 3, group });
const plan = (group = 'm1') => membershipLine(GOLD, { venueId: 1, startDate: '2025-06-01', group });

describe('lines the catalogue sells', () => {
  it('offers the event’s days from today (or its first day) to its last', () => {
    expect(eventDays(EVENT, '2025-06-01')).toEqual(['2025-06-24', '2025-06-25', '2025-06-26']);
    expect(eventDays(EVENT, '2025-06-25')).toEqual(['2025-06-25', '2025-06-26']);
    expect(eventDays(EVENT, '2025-06-27')).toEqual([]);
  });

  it('[S1-3.19] an event ticket line carries the event, day, schedule and the price the order charges (5% VAT on top)', () => {
    const line = ticket();
    expect(line).toMatchObject({ type: 'event', event_id: 2, product_id: 2, quantity: 3, price: 120, tax_amount: 6, total_price: 126, date: '2025-06-25', start_time: '20:00:00', end_time: '23:00:00' });
    expect(eventOrderLine.parse(toOrderProducts([line]).event[0])).toMatchObject({ event_id: 2, quantity: 3 });
    expect(eventTicketLine({ ...EVENT, price: 75 }, { venueId: 1, date: '2025-06-25', schedule: EVENT.event_schedules[0]!, quantity: 1, group: 'g' })).toMatchObject({ price: 75, tax_amount: 3.75, total_price: 78.75 });
  });

  it('[S1-8.5] reads the places each time of an event day has left; a day opens on the first time with places', () => {
    const schedules = [
      { start_time: '18:00:00', end_time: '19:00:00' },
      { start_time: '20:00:00', end_time: '23:00:00' },
    ];
    const places = {
      date: '2025-06-25',
      capacity: 10,
      sessions: [
        { ...schedules[0]!, taken: 10, remaining: 0 },
        { ...schedules[1]!, taken: 3, remaining: 7 },
      ],
    };
    expect(placesLeftAt(places, schedules[0]!)).toBe(0);
    expect(placesLeftAt(places, { start_time: '20:00' })).toBe(7);
    expect(placesLeftAt(places, { start_time: '21:00:00' })).toBeNull();
    expect(placesLeftAt(null, schedules[0]!)).toBeNull();
    expect(placesLeftAt({ ...places, capacity: null, sessions: places.sessions.map((each) => ({ ...each, remaining: null })) }, schedules[0]!)).toBeNull();
    expect(firstScheduleWithPlaces(schedules, places)).toBe(1);
    expect(firstScheduleWithPlaces(schedules, null)).toBe(0);
    expect(firstScheduleWithPlaces(schedules, { ...places, sessions: places.sessions.map((each) => ({ ...each, remaining: 0 })) })).toBe(0);
  });

  it('[S1-3.19] a membership line starts on the chosen day, not as a renewal, at the plan’s price and VAT', () => {
    const line = plan();
    expect(line).toMatchObject({ type: 'membership', membership_id: 1, start_date: '2025-06-01', is_renewal: 0, quantity: 1, price: 2500, tax_amount: 125, total_price: 2625 });
    expect(membershipOrderLine.parse(toOrderProducts([line]).membership[0])).toMatchObject({ membership_id: 1, is_renewal: 0 });
  });

  it('[S0-5.27] [S1-5.45] [S1-5.43] [S1-5.44] [S1-5.47] [S0-5.30] the cart rules read these lines as the spec asks', () => {
    expect(checkAdd([ticket('a')], ticket('b'), RULES)).toMatchObject({ ok: false, message: { key: 'rules.productInCart' } });
    expect(checkAdd([ticket('a')], plan(), RULES)).toMatchObject({ ok: false, message: { key: 'rules.membershipWithOthers' } });
    expect(checkAdd([plan()], ticket(), RULES)).toMatchObject({ ok: false, message: { key: 'rules.othersWithMembership' } });
    expect(checkAdd([plan('a')], plan('b'), RULES)).toEqual({ ok: false, message: { ns: 'cart', key: 'rules.membershipInCart' }, renewIndex: 0 });
  });
});

const COACH: SellableTrainer = { id: 4, name: 'Coach Priya Nair', ar_name: 'المدربة بريا ناير', session_minutes: 45, session_price: 200 };
const TENNIS: Academy = { id: 6, name: 'Tennis Academy', ar_name: 'أكاديمية التنس', start_date: '2025-06-15', end_date: '2025-09-12', schedules: [], price: 1500 };
const NOW = { date: '2025-06-01', time: '14:20:00' };
const session = (group = 't1', date = '2025-06-02') => trainerSessionLine(COACH, { venueId: 1, date, startTime: '19:00:00', group });
const place = (group = 'a1', days = [WEEKDAY_FLAGS.wednesday, WEEKDAY_FLAGS.monday], workshop: Academy = TENNIS) =>
  academyPlaceLine(workshop, { venueId: 1, startDate: '2025-06-16', days, quote: { price: 1500, tax: 75 }, group });

describe('trainer sessions and workshop places', () => {
  it('[S0-2.7] offers hourly starts from 08:00 that end by 20:00, only those still ahead today, for today to 30 days on', () => {
    expect(trainerStartTimes(60, '2025-06-02', NOW)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00', '13:00:00', '14:00:00', '15:00:00', '16:00:00', '17:00:00', '18:00:00', '19:00:00']);
    expect(trainerStartTimes(90, '2025-06-02', NOW).at(-1)).toBe('18:00:00');
    expect(trainerStartTimes(60, NOW.date, NOW)).toEqual(['15:00:00', '16:00:00', '17:00:00', '18:00:00', '19:00:00']);
    expect(trainerStartTimes(60, '2025-05-31', NOW)).toEqual([]);
    const days = trainerDays(60, NOW);
    expect([days.length, days[0], days.at(-1)]).toEqual([31, '2025-06-01', '2025-07-01']);
    expect(trainerDays(60, { date: NOW.date, time: '19:30:00' })[0]).toBe('2025-06-02');
    expect(sessionEnd('19:00:00', 45)).toBe('19:45:00');
  });

  it('[S1-3.19] a trainer line books one session at the session price plus 5% VAT, as the order charges it', () => {
    expect(session()).toMatchObject({ type: 'trainer', trainer_id: 4, product_id: 4, quantity: 1, date: '2025-06-02', start_time: '19:00:00', end_time: '19:45:00', price: 200, tax_amount: 10, total_price: 210 });
    expect(trainingOrderLine.parse(toOrderProducts([session()]).training[0])).toMatchObject({ trainer_id: 4, start_time: '19:00:00' });
  });

  it('[S1-3.19] an academy line carries the programme, start date, weekday flags in order and the checked price', () => {
    expect(academyFirstDay(TENNIS, '2025-06-01')).toBe('2025-06-15');
    expect(academyFirstDay(TENNIS, '2025-07-01')).toBe('2025-07-01');
    expect(place()).toMatchObject({ type: 'academy', workshop_id: 6, workshop_program_id: 6, product_id: 6, start_date: '2025-06-16', days: [2, 8], price: 1500, tax_amount: 75, total_price: 1575 });
    expect(workshopOrderLine.parse(toOrderProducts([place()]).workshop[0])).toMatchObject({ workshop_id: 6, workshop_program_id: 6, days: [2, 8] });
  });

  it('[S1-5.45] [S0-5.29] [S1-5.48] [S1-5.57] [S0-5.22] the cart refuses the same session, the same workshop and repeated days', () => {
    expect(checkAdd([session('a')], session('b'), RULES)).toMatchObject({ ok: false, message: { key: 'rules.productInCart' } });
    expect(checkAdd([session('a')], session('b', '2025-06-03'), RULES)).toEqual({ ok: true });
    expect(checkAdd([place('a')], place('b', [WEEKDAY_FLAGS.friday]), RULES)).toMatchObject({ ok: false, message: { key: 'rules.workshopInCart' } });
    const otherProgramme = { ...place('b', [WEEKDAY_FLAGS.monday]), workshop_program_id: 60 };
    expect(checkAdd([place('a')], otherProgramme, RULES)).toMatchObject({ ok: false, message: { key: 'rules.workshopDaysRepeat' } });
    expect(checkAdd([place('a')], { ...otherProgramme, days: [WEEKDAY_FLAGS.friday] }, RULES)).toEqual({ ok: true });
  });
});

describe('offeredDay', () => {
  it.each<[string[], string | undefined, string | undefined]>([
    [['2025-06-24', '2025-06-25'], '2025-06-25', '2025-06-25'],
    [['2025-06-24', '2025-06-25'], '2025-06-20', '2025-06-24'],
    [['2025-06-24', '2025-06-25'], undefined, '2025-06-24'],
    [[], '2025-06-24', undefined],
  ])('%j with %s chosen → %s', (days, chosen, expected) => {
    expect(offeredDay(days, chosen)).toBe(expected);
  });
});
