import { describe, expect, it } from 'vitest';
import { cartTicketOfLine, facilityAddonLine, facilityLineTotal, facilityProductLine, type FacilityCartLine, type FacilitySlotChoice } from './facilityLine';

const line: FacilityCartLine = {
  type: 'facility',
  venue_id: 1,
  product_id: 60,
  product_type_id: 6,
  name: 'Adult',
  ar_name: null,
  image: null,
  quantity: 3,
  price: 100,
  tax_amount: 5,
  total_price: 105,
  customers: [],
  addons: [
    { venue_id: 1, product_id: 90, product_type_id: 7, category_id: 9, name: 'Water', ar_name: null, quantity: 2, price: 5, tax_amount: 0.25, total_price: 5.25, group: 'g' },
  ],
  date: '2030-01-10',
  start_time: '09:00:00',
  end_time: '10:00:00',
  facility_id: 21,
  facility_name: 'Pool',
  venue_service_id: 2,
  is_full_day: 0,
  is_open_dated: 0,
  save_detail_for_future: 0,
  seasonal_pricing_id: null,
  group: 'g',
  participant_count: 2,
};

describe('facility cart lines', () => {
  it('[S1-3.18] a facility line reads as the booking state cart ticket the capacity rules count', () => {
    expect(cartTicketOfLine(line)).toEqual({
      facility_id: 21,
      bookingDate: '2030-01-10',
      product_id: 60,
      quantity: 3,
      participant_count: 2,
      selectedFacilityTiming: '09:00:00',
      selectedFacilityEndTiming: '10:00:00',
      selectedFacilityDate: '2030-01-10',
      group: 'g',
    });
  });

  it('[S1-9.18] [S1-9.20] a line costs price plus tax times quantity, add-ons included', () => {
    expect(facilityLineTotal(line)).toBe(3 * 105 + 2 * 5.25);
  });

  it('[S1-3.18] a ticket becomes a line of the chosen slot; a product of no picked facility books its own', () => {
    const choice: FacilitySlotChoice = { venueId: 1, serviceId: 2, date: '2030-01-10', startTime: '09:00:00', endTime: '10:00:00', facilityId: 21, facilityName: 'Pool', group: 'g' };
    const ticket = { product_id: 60, product_type_id: 6, name: 'Adult', price: 100, tax_amount: 5, total_price: 105, facility_id: 22, participant_count: 2 };
    const visitor = { name: 'Ann Lee', email: 'ann@example.com', mobile_number: '501234567', country_code: '971', documents: [], additional_fields: [], save_detail_for_future: true };
    const built = facilityProductLine(
      { ...ticket, inventory_enable: 0, remaining_capacity: 0, available_capacity: 10, reserved_slots: [], dependencies: [] },
      { ...choice, quantity: 3, customers: [visitor] },
    );
    expect(built).toEqual({ ...line, addons: [], customers: [visitor], save_detail_for_future: 1, discount: null });
    const { participant_count: _perTicket, ...pitchHour } = ticket;
    expect(facilityProductLine({ ...pitchHour, quantity: 1 }, { ...choice, facilityId: null, quantity: 1, customers: [] })).toMatchObject({ facility_id: 22, participant_count: 1 });
  });

  it('[S1-2.40] an add-on line carries its category and the group of its base line', () => {
    const water = { product_id: 90, product_type_id: 7, category_id: 9, name: 'Water', price: 5, tax_amount: 0.25, total_price: 5.25, inventory_enable: 0 as const };
    expect(facilityAddonLine(water, { venueId: 1, quantity: 2, group: 'g' })).toEqual(line.addons[0]);
  });
});
