import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ticketKinds } from '../contract/orderDocuments';
import { admissionHolders } from './admissions';

describe('admissionHolders', () => {
  it.each([
    { case: 'the family visit: two named members, two places', line: { kind: 'facility', quantity: 2, visitors: ['Layla Hassan', 'Omar Hassan'] }, holders: ['Layla Hassan', 'Omar Hassan'] },
    { case: 'three places, no names: three tickets for the buyer', line: { kind: 'event', quantity: 3, visitors: [] }, holders: ['Buyer', 'Buyer', 'Buyer'] },
    { case: 'three places, one name: the rest in the buyer’s name', line: { kind: 'facility', quantity: 3, visitors: ['Omar Hassan'] }, holders: ['Omar Hassan', 'Buyer', 'Buyer'] },
    { case: 'more names than places: everyone named gets a ticket', line: { kind: 'workshop', quantity: 1, visitors: ['A', 'B'] }, holders: ['A', 'B'] },
    { case: 'goods from an outlet: one ticket to collect them', line: { kind: 'pos', quantity: 5, visitors: [] }, holders: ['Buyer'] },
    { case: 'a line of no quantity still admits its buyer', line: { kind: 'membership', quantity: 0, visitors: [] }, holders: ['Buyer'] },
  ] as const)('$case', ({ line, holders }) => {
    expect(admissionHolders(line, 'Buyer')).toEqual(holders);
  });

  it('gives one ticket a person: every named visitor once, in order, and never fewer tickets than places', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ticketKinds.filter((kind) => kind !== 'pos')), fc.nat(30), fc.array(fc.string({ minLength: 1 }), { maxLength: 30 }), (kind, quantity, visitors) => {
        const holders = admissionHolders({ kind, quantity, visitors }, 'Buyer');
        expect(holders.length).toBe(Math.max(quantity, visitors.length, 1));
        expect(holders.slice(0, visitors.length)).toEqual(visitors);
        expect(holders.slice(visitors.length).every((holder) => holder === 'Buyer')).toBe(true);
      }),
    );
  });
});
