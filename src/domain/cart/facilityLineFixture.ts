import { PRODUCT_TYPE } from '../productTypes';
import type { FacilityAddonLine, FacilityCartLine } from './facilityLine';

/** A complete facility line for tests; override what the test is about. */
export function facilityLineFixture(overrides: Partial<FacilityCartLine> = {}): FacilityCartLine {
  return {
    type: 'facility',
    venue_id: 1,
    product_id: 1,
    product_type_id: PRODUCT_TYPE.facility,
    name: 'Pitch rental',
    ar_name: null,
    image: null,
    quantity: 1,
    price: 100,
    tax_amount: 5,
    total_price: 105,
    customers: [],
    addons: [],
    date: '2026-11-22',
    start_time: '10:00:00',
    end_time: '11:00:00',
    facility_id: 1,
    facility_name: 'Pitch 1',
    venue_service_id: 1,
    is_full_day: 0,
    is_open_dated: 0,
    save_detail_for_future: 0,
    seasonal_pricing_id: null,
    group: 'group-1',
    participant_count: 1,
    ...overrides,
  };
}

export function facilityAddonFixture(overrides: Partial<FacilityAddonLine> = {}): FacilityAddonLine {
  return {
    venue_id: 1,
    product_id: 90,
    product_type_id: PRODUCT_TYPE.facility,
    category_id: 1,
    name: 'Water',
    ar_name: null,
    quantity: 1,
    price: 5,
    tax_amount: 0.25,
    total_price: 5.25,
    group: 'group-1',
    ...overrides,
  };
}
