import { describe, expect, it } from 'vitest';
import { facilityLineFixture } from '../cart/facilityLineFixture';
import { eventLineFixture } from '../cart/cartLineFixtures';
import { FORM_POST_GATEWAY, orderPayload, orderProducts, type OrderResult } from '../contract/orders';
import { type User } from '../session';
import { buildOrderPayload, isFormPost, orderFormFields, submissionOwner } from './payload';
import { paymentOptions, type PaymentChoices } from './payment';

const user: User = { token: 't', first_name: 'Layla', last_name: 'Hassan', email: 'layla@example.com', mobile: '+971501234567', gender: 'Female', is_anonymous: false };
const options = paymentOptions('customer', { wallet: 150, qpoints: 10, credit_limit: null, credit_used: null, saved_cards: [{ id: 4, brand: 'Visa', last4: '4242', expiry: '12/29' }] });
const choices = (overrides: Partial<PaymentChoices> = {}): PaymentChoices => ({ method: 'card', cardId: null, saveCard: false, wallet: false, qpoints: false, notes: '', ...overrides });
const lines = [facilityLineFixture(), eventLineFixture()];

describe('buildOrderPayload', () => {
  it('[S1-3.35] carries every payload field, parses with the contract schema, flags as 1/0', () => {
    const payload = buildOrderPayload({ lines, user, choices: choices({ wallet: true, qpoints: true, cardId: 4, notes: ' late ' }), options, benefit: null, isBaps: false });
    const fields = Object.fromEntries(orderFormFields(payload));
    expect(fields).toMatchObject({ cardId: '4', email: 'layla@example.com', first_name: 'Layla', last_name: 'Hassan', gender: 'Female', mobile: '+971501234567', is_wallet: '1', is_qpoints: '1', save_card: '0', order_notes: 'late', is_anonymous: '0', isBaps: '0' });
    expect(orderPayload.parse(fields)).toMatchObject({ cardId: 4, is_wallet: 1, is_qpoints: 1, order_notes: 'late' });
    expect(Object.keys(payload)).toEqual(['cardId', 'email', 'first_name', 'last_name', 'gender', 'mobile', 'product', 'customerId', 'is_wallet', 'is_qpoints', 'save_card', 'order_notes', 'is_anonymous', 'isBaps', 'card_number']);
  });

  it('[S1-3.36] product is the JSON of the lines grouped by kind', () => {
    const payload = buildOrderPayload({ lines, user, choices: choices(), options, benefit: null, isBaps: false });
    const products = orderProducts.parse(JSON.parse(payload.product));
    expect(products.capacity_facility).toHaveLength(1);
    expect(products.event).toHaveLength(1);
  });

  it('a membership card benefit sends card_number with the mobile it was checked with; a promo code does not', () => {
    const card = buildOrderPayload({ lines, user, choices: choices(), options, benefit: { card_number: 'MSP-1', mobile: '+971500000001' }, isBaps: true });
    expect(card).toMatchObject({ card_number: 'MSP-1', mobile: '+971500000001', isBaps: 1 });
    const promo = buildOrderPayload({ lines, user, choices: choices(), options, benefit: { promotion_code: 'WELCOME10' }, isBaps: false });
    expect(promo).toMatchObject({ card_number: null, mobile: '+971501234567' });
  });

  it('options the payer does not have are never sent; save_card only with a new card', () => {
    const guestOptions = paymentOptions('guest', null);
    const payload = buildOrderPayload({ lines, user: { ...user, is_anonymous: true }, choices: choices({ wallet: true, saveCard: true }), options: guestOptions, benefit: null, isBaps: false });
    expect(payload).toMatchObject({ is_wallet: 0, save_card: 0, is_anonymous: 1 });
    expect(buildOrderPayload({ lines, user, choices: choices({ saveCard: true }), options, benefit: null, isBaps: false }).save_card).toBe(1);
    expect(buildOrderPayload({ lines, user, choices: choices({ method: 'credit', cardId: 4 }), options, benefit: null, isBaps: false }).cardId).toBeNull();
  });

  it('leaves out empty fields from the form', () => {
    const names = orderFormFields(buildOrderPayload({ lines, user: null, choices: choices(), options, benefit: null, isBaps: false })).map(([name]) => name);
    expect(names).toEqual(['product', 'is_wallet', 'is_qpoints', 'save_card', 'is_anonymous', 'isBaps']);
  });
});

describe('isFormPost', () => {
  const result: OrderResult = { pg: FORM_POST_GATEWAY, url: '/api/v1/dev-gateway/txn_1', form_fields: { amount: '10.00' }, transactionId: 'txn_1', isApprovalRequired: false, order_token: 'x' };
  it('[S1-4.24] [S1-4.25] the form-post gateway posts its fields; others redirect', () => {
    expect(isFormPost(result)).toBe(true);
    expect(isFormPost({ ...result, pg: 'redirect', form_fields: null })).toBe(false);
  });
});

describe('submissionOwner', () => {
  it('names the account without secrets', () => {
    expect(submissionOwner(null)).toBe('visitor');
    expect(submissionOwner(user)).toBe('layla@example.com');
    expect(submissionOwner({ token: 't', mobile: '+97150' })).toBe('+97150');
  });
});
