import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedCardsResponse } from '../../../src/domain/contract/wallet';
import { savedCards } from '../../db/schema/orders';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { type Headers } from '../facilities/facilitiesTestSupport';
import { ORDER_MESSAGES } from '../orders/messages';
import { balancesOf, facilityLine, orderTestApp, submitOrder } from '../orders/ordersTestSupport';
import { bearerOf, callerOf, ok, refusal, type WalletTestApp } from './walletTestSupport';

describe('saved cards', () => {
  let app: WalletTestApp;
  let layla: Headers;
  let ahmed: Headers;
  let api: ReturnType<typeof callerOf>;

  beforeAll(async () => {
    app = await orderTestApp();
    api = callerOf(app);
    layla = await bearerOf(app, DEMO_ACCOUNTS.customer.email);
    ahmed = await bearerOf(app, DEMO_ACCOUNTS.member.email);
  });
  afterAll(() => app.t.close());

  const cardsOf = async (headers: Headers) => ok(await api.get('customers/cards', headers), savedCardsResponse);
  const idOf = async (last4: string) => {
    const card = (await cardsOf(layla)).find((each) => each.last4 === last4);
    if (!card) throw new Error(`no card ${last4}`);
    return card.id;
  };

  it('[S0-2.54] [S0-1.18] [S0-9.26] [S0-9.27] lists the owner’s cards, the default first, brand by the spec’s rule, masked, expired ones marked', async () => {
    const cards = await cardsOf(layla);
    expect(cards.map(({ brand, masked, is_default, is_expired }) => ({ brand, masked, is_default, is_expired }))).toEqual([
      { brand: 'Visa', masked: '•••• 4242', is_default: true, is_expired: false },
      { brand: 'Mastercard', masked: '•••• 5454', is_default: false, is_expired: false },
      { brand: 'Unknown', masked: '•••• 0005', is_default: false, is_expired: false },
      { brand: 'Visa', masked: '•••• 1111', is_default: false, is_expired: true },
    ]);
    expect(await cardsOf(ahmed)).toEqual([]);
    expect(JSON.stringify(cards)).not.toContain('card_demo');
  });

  it('checkout is offered only the cards that can pay, the default first', async () => {
    const offered = (await balancesOf(app.t, layla)).saved_cards.map((card) => card.last4);
    expect(offered).toEqual(['4242', '5454', '0005']);
  });

  it('sets the default: one default, first in the list and at checkout', async () => {
    const cards = ok(await api.send('PUT', `customers/cards/${await idOf('5454')}/default`, layla), savedCardsResponse);
    expect(cards.filter((card) => card.is_default).map((card) => card.last4)).toEqual(['5454']);
    expect(cards[0]?.last4).toBe('5454');
    expect((await balancesOf(app.t, layla)).saved_cards[0]?.last4).toBe('5454');
  });

  it('another customer can neither change nor delete them (404), and nothing changes', async () => {
    const id = await idOf('0005');
    expect(refusal(await api.send('PUT', `customers/cards/${id}/default`, ahmed), 404)).toBe('Saved card not found');
    expect(refusal(await api.send('DELETE', `customers/cards/${id}`, ahmed), 404)).toBe('Saved card not found');
    expect((await cardsOf(layla)).map((card) => card.last4)).toContain('0005');
    expect(refusal(await api.get('customers/cards'), 401)).toBe('Please Login!');
  });

  it('answers a bad or unknown card id with a 4xx', async () => {
    expect(refusal(await api.send('DELETE', 'customers/cards/abc', layla), 400)).toMatch(/whole numbers/);
    expect(refusal(await api.send('PUT', 'customers/cards/99999999999/default', layla), 400)).toMatch(/whole numbers/);
    expect(refusal(await api.send('DELETE', 'customers/cards/987654', layla), 404)).toBe('Saved card not found');
  });

  it('deletes a card; deleting the default hands it to the newest card left', async () => {
    const cards = ok(await api.send('DELETE', `customers/cards/${await idOf('5454')}`, layla), savedCardsResponse);
    expect(cards.map((card) => card.last4)).not.toContain('5454');
    expect(cards.filter((card) => card.is_default)).toHaveLength(1);
    const [row] = await app.t.db.select().from(savedCards).where(eq(savedCards.isDefault, true));
    expect(cards.find((card) => card.is_default)?.id).toBe(row?.id);
  });

  it('[S0-1.18] the server refuses to charge an expired card', async () => {
    const line = facilityLine({ venue_id: app.venueId, facility_id: app.ids.aquaPark, venue_service_id: app.ids.aqua, product_id: app.productId('Adult') });
    const res = await submitOrder(app.t, { key: 'expired-card', products: { capacity_facility: [line] }, headers: layla, fields: { cardId: await idOf('1111') } });
    expect(refusal(res, 422)).toBe(ORDER_MESSAGES.cardExpired);
  });
});
