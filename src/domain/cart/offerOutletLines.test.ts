import { describe, expect, it } from 'vitest';
import { checkAdd, type CartRuleContext } from './rules';
import { isCartLine } from './lines';
import { offerLine, posLine } from './offerOutletLines';

const ctx: CartRuleContext = { pendingOrder: false, sessionId: null, customerThreshold: null };
const family = { id: 3, name: 'Family Fun Day', ar_name: 'يوم المرح العائلي', price: 400, tax_amount: 20, valid_from: '2025-06-01', valid_to: '2025-07-01' };
const juice = (outletId: number, id = 1) => ({ id, outlet_id: outletId, name: 'Fresh Orange Juice', ar_name: null, price: 20, tax_amount: 1 });

describe('offer and outlet cart lines', () => {
  it('[S1-3.19] a package becomes an offer line and a product a pos line, both read back as cart lines', () => {
    const offer = offerLine(family, { venueId: 1, group: 'g1' });
    expect(offer).toMatchObject({ type: 'offer', offer_id: 3, product_id: 3, quantity: 1, price: 400, tax_amount: 20, total_price: 420, ar_name: 'يوم المرح العائلي' });
    const pos = posLine({ id: 2 }, juice(2), { venueId: 1, quantity: 3, group: 'g2' });
    expect(pos).toMatchObject({ type: 'pos', outlet_id: 2, product_id: 1, quantity: 3, total_price: 21 });
    expect([offer, pos].every(isCartLine)).toBe(true);
  });

  it("[S1-5.46] [S1-5.49] the same package twice is 'Package already in cart'; products of another outlet are refused", () => {
    const held = [offerLine(family, { venueId: 1, group: 'g1' }), posLine({ id: 2 }, juice(2), { venueId: 1, quantity: 1, group: 'g2' })];
    expect(checkAdd(held, offerLine(family, { venueId: 1, group: 'g3' }), ctx)).toMatchObject({ ok: false, message: { key: 'rules.packageInCart' } });
    expect(checkAdd(held, posLine({ id: 2 }, juice(2, 5), { venueId: 1, quantity: 1, group: 'g4' }), ctx)).toEqual({ ok: true });
    expect(checkAdd(held, posLine({ id: 9 }, juice(9, 6), { venueId: 1, quantity: 1, group: 'g5' }), ctx)).toMatchObject({ ok: false, message: { key: 'rules.otherOutlet' } });
  });
});
