import { and, eq, inArray } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { benefitsVerifyBody, benefitsVerifyCall, benefitsVerifyResponse, type Promotion } from '../../../src/domain/contract/orders';
import { products } from '../../db/schema/facilities';
import { type AppContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { ORDER_MESSAGES } from './messages';
import { roundMoney } from '../../../src/domain/money';
import { discountAmount, discountFor } from './pricing';
import { resolveOffer } from './promotions';
import { venueClock } from '../facilities/facilitiesData';
import { serve } from '../../http/serve';

/**
 * POST benefits/verify: a promo code, or a membership card with its holder's mobile, checked and worked out per
 * cart line. Lines are priced from the catalogue where the server sells them (the prices sent are only a
 * fallback for what it does not); only catalogue products take discounts, as at checkout, where the discount is
 * worked out again.
 */
export const benefitRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(app, benefitsVerifyCall, async (request, reply) => {
    const body = parseInput(benefitsVerifyBody, request.body, 'body');
    const venue = await requireVenue(db, request);
    if (body.products.some((product) => product.venue_id !== venue.id)) throw new HttpError(400, ORDER_MESSAGES.wrongVenue);
    const offer = await resolveOffer(
      db,
      venue.id,
      'promotion_code' in body ? { promotion_code: body.promotion_code } : { card_number: body.card_number, mobile: body.mobile },
      venueClock(venue, now()).today,
      { customer: request.customer, now: now() },
    );
    const ids = [...new Set(body.products.map((product) => product.product_id))];
    const catalogue = await db
      .select({ id: products.id, productTypeId: products.productTypeId, price: products.price, tax: products.taxAmount })
      .from(products)
      .where(and(eq(products.venueId, venue.id), inArray(products.id, ids)));

    let total = 0;
    let discount = 0;
    const discounted: Promotion['products'] = [];
    for (const product of body.products) {
      // Only the venue's own products take discounts; an event or membership line shares the id space only by chance.
      const known = catalogue.find((row) => row.id === product.product_id && row.productTypeId === product.product_type_id);
      const price = known?.price ?? product.price;
      const tax = known?.tax ?? product.tax;
      const line = known ? discountFor(offer.terms, { productId: known.id, productTypeId: known.productTypeId, quantity: product.quantity, price, tax }, offer.code) : null;
      total += line?.total ?? (price + tax) * product.quantity;
      discount += discountAmount(line);
      if (line) discounted.push({ cartIndex: product.cartIndex, addon_index: product.addon_index ?? null, discount: line });
    }
    if (discounted.length === 0) throw new HttpError(409, ORDER_MESSAGES.promoNotApplicable);
    return sendParsed(reply, benefitsVerifyResponse, {
      status: true,
      data: { code: offer.code, type: offer.type, codes: [offer.code], discount: roundMoney(discount), total: roundMoney(total), products: discounted },
      message: offer.type === 'promo' ? 'Promo code applied' : 'Membership benefits applied',
    });
  });
};
