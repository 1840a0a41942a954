import type { AcademyCartLine, CommonCartLine, EventCartLine, MembershipCartLine, OfferCartLine, PosCartLine, TrainerCartLine } from './lines';
import { PRODUCT_TYPE } from '../productTypes';

/** Complete lines of every kind but facility (see facilityLineFixture) for tests; override what the test is about. */

function common(overrides: Partial<CommonCartLine>): CommonCartLine {
  return {
    venue_id: 1,
    product_id: 10,
    product_type_id: PRODUCT_TYPE.event,
    name: 'Item',
    ar_name: null,
    image: null,
    quantity: 1,
    price: 50,
    tax_amount: 2.5,
    total_price: 52.5,
    customers: [],
    addons: [],
    discount: null,
    group: 'line-1',
    ...overrides,
  };
}

export function eventLineFixture(overrides: Partial<EventCartLine> = {}): EventCartLine {
  return { ...common(overrides), type: 'event', event_id: 3, date: '2026-11-22', start_time: '18:00:00', end_time: '20:00:00', ...overrides };
}

export function trainerLineFixture(overrides: Partial<TrainerCartLine> = {}): TrainerCartLine {
  return { ...common(overrides), type: 'trainer', trainer_id: 4, date: '2026-11-22', start_time: '09:00:00', end_time: '10:00:00', ...overrides };
}

export function membershipLineFixture(overrides: Partial<MembershipCartLine> = {}): MembershipCartLine {
  return { ...common(overrides), type: 'membership', membership_id: 5, package_id: 51, start_date: '2026-12-01', is_renewal: 0, ...overrides };
}

export function academyLineFixture(overrides: Partial<AcademyCartLine> = {}): AcademyCartLine {
  return { ...common(overrides), type: 'academy', workshop_id: 6, workshop_program_id: 61, start_date: '2026-12-01', days: [2, 8], ...overrides };
}

export function offerLineFixture(overrides: Partial<OfferCartLine> = {}): OfferCartLine {
  return { ...common(overrides), type: 'offer', offer_id: 7, ...overrides };
}

export function posLineFixture(overrides: Partial<PosCartLine> = {}): PosCartLine {
  return { ...common(overrides), type: 'pos', outlet_id: 8, ...overrides };
}
