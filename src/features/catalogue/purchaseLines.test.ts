import { describe, expect, it } from 'vitest';
import { toOrderProducts } from '../../domain/cart/orderPayload';
import { checkAdd } from '../../domain/cart/rules';
import type { CatalogueEvent } from '../../domain/contract/catalogue';
import { eventOrderLine, membershipOrderLine } from '../../domain/contract/orders';
import { eventDays, eventTicketLine, membershipLine } from './purchaseLines';

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
