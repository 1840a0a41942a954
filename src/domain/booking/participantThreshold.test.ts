import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkParticipantThreshold, participantsInSession } from './participantThreshold';
import { type CartTicket } from './ticketCapacity';

const line = (overrides: Partial<CartTicket>): CartTicket => ({
  facility_id: 3,
  bookingDate: '2024-05-10',
  product_id: 7,
  quantity: 1,
  participant_count: 1,
  selectedFacilityTiming: '10:00:00',
  selectedFacilityEndTiming: '11:00:00',
  selectedFacilityDate: '2024-05-10',
  group: 'g1',
  ...overrides,
});

describe('[S1-5.54] customer_threshold per session (is_baps)', () => {
  it.each<[string, number | null, number, number, boolean]>([
    ['no threshold', null, 50, 50, true],
    ['a threshold of 0 is no cap', 0, 50, 50, true],
    ['within the threshold', 5, 2, 3, true],
    ['exactly at the threshold', 5, 0, 5, true],
    ['over the threshold', 5, 3, 3, false],
    ['over the threshold on its own', 4, 0, 5, false],
  ])('%s', (_label, threshold, alreadyInSession, requested, ok) => {
    expect(checkParticipantThreshold({ threshold, alreadyInSession, requested }).ok).toBe(ok);
  });

  it("[S1-8.7] refusal reads 'Maximum of {n} participants allowed to book per session'", () => {
    expect(checkParticipantThreshold({ threshold: 6, alreadyInSession: 4, requested: 3 })).toEqual({
      ok: false,
      message: { key: 'rules.participantThreshold', values: { max: 6 } },
    });
  });

  it('counts the participants the cart holds in one session over every ticket', () => {
    const cart = [
      line({ quantity: 2, participant_count: 3 }),
      line({ product_id: 8, quantity: 1, selectedFacilityTiming: '10:00' }),
      line({ selectedFacilityTiming: '11:00:00', quantity: 5 }),
      line({ selectedFacilityDate: '2024-05-11', quantity: 5 }),
    ];
    expect(participantsInSession(cart, { date: '2024-05-10', startTime: '10:00:00' })).toBe(7);
    expect(participantsInSession([], { date: '2024-05-10', startTime: '10:00:00' })).toBe(0);
  });

  it('a positive threshold accepts a change exactly when the session total stays within it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(60), fc.nat(60), (threshold, alreadyInSession, requested) => {
        expect(checkParticipantThreshold({ threshold, alreadyInSession, requested }).ok).toBe(alreadyInSession + requested <= threshold);
      }),
    );
  });
});
