import { type OrderProducts } from '../../src/domain/contract/orders';
import { PRODUCT_TYPE } from '../../src/domain/productTypes';

/** Order lines as the cart sends them, for tests and benchmarks (no test runner needed). */
export type FacilityLine = OrderProducts['capacity_facility'][number];
export type EventLine = OrderProducts['event'][number];

export const emptyProducts = (): OrderProducts => ({ capacity_facility: [], event: [], membership: [], workshop: [], training: [], offers: [], pos: [] });

/** One of a line, at prices as the visitor saw them: the server ignores them and prices from its catalogue. */
const ONE_AS_SEEN = { quantity: 1, price: 1, tax_amount: 0, total_price: 1, customers: [], addons: [], discount: null };

/** A facility line of one ticket or rental, 10:00 to 11:00 unless given. */
export function cartFacilityLine(fields: Pick<FacilityLine, 'venue_id' | 'facility_id' | 'venue_service_id' | 'product_id' | 'date'> & Partial<FacilityLine>): FacilityLine {
  return {
    ...ONE_AS_SEEN,
    product_type_id: PRODUCT_TYPE.facility,
    start_time: '10:00:00',
    end_time: '11:00:00',
    is_full_day: 0,
    is_open_dated: 0,
    save_detail_for_future: 0,
    seasonal_pricing_id: null,
    group: 'g1',
    participant_count: 1,
    ...fields,
  };
}

/** One ticket of an event's session. */
export function cartEventLine(fields: Pick<EventLine, 'venue_id' | 'event_id' | 'date' | 'start_time' | 'end_time'> & Partial<EventLine>): EventLine {
  return { ...ONE_AS_SEEN, product_id: fields.event_id, product_type_id: PRODUCT_TYPE.event, ...fields };
}

/** A guest's first name of letters only (names take no digits), different for every index: the index in base 26. */
export function guestName(prefix: string, index: number): string {
  let letters = '';
  let rest = index;
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `${prefix} ${letters}`;
}
