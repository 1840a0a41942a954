import { describe, expect, it } from 'vitest';
import { orderRefusalOf } from './orderRefusals';

describe('refusals of POST orders the checkout shows translated', () => {
  it.each([
    ['[S1-8.5]', 'Maximum capacity reached', { key: 'booking:rules.capacityReached' }],
    ['[S1-8.6]', 'Maximum capacity reached, remaining capacity is 3, requested capacity is 5', { key: 'booking:rules.capacityExceeded', values: { remaining: 3, requested: 5 } }],
    ['[S0-1.7]', 'The workshop start date has passed. Choose today or a later start date.', { key: 'checkout:refusals.workshopStarted' }],
  ])('%s knows %j', (_id, message, refusal) => {
    expect(orderRefusalOf(message)).toEqual(refusal);
  });

  it('leaves any other server message as it came', () => {
    expect(orderRefusalOf('You are exceeding allowed credit limit')).toBeNull();
    expect(orderRefusalOf('Maximum capacity reached!')).toBeNull();
    expect(orderRefusalOf('Maximum capacity reached, remaining capacity is 3')).toBeNull();
    expect(orderRefusalOf('')).toBeNull();
  });
});
