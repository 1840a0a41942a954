import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { normaliseMobile } from '../../../src/domain/validation/mobile';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { membershipBenefits, orders, promoCodes } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { ORDER_MESSAGES } from './messages';
import { type DiscountTerms } from './pricing';

/** A promotion the server has checked: its code (a promo code, or the membership card's number) and terms. */
export interface Offer {
  code: string;
  type: 'promo' | 'memberships';
  terms: DiscountTerms;
}

export type OfferRequest = { promotion_code: string } | { card_number: string; mobile: string };

/** Orders that still count against a code's usage limit. */
const LIVE_STATUSES = ['pending_payment', 'paid', 'awaiting_approval'] as const;

/**
 * The promo code as it stands today (venue date): unknown, outside its dates or used up answers 409 with the
 * reason.
 */
async function promoOffer(db: Database, venueId: number, code: string, today: string): Promise<Offer> {
  const wanted = code.trim().toUpperCase();
  const [promo] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.venueId, venueId), eq(promoCodes.code, wanted)))
    .limit(1);
  if (!promo) throw new HttpError(409, ORDER_MESSAGES.promoInvalid);
  if ((promo.validFrom && today < promo.validFrom) || (promo.validTo && today > promo.validTo)) throw new HttpError(409, ORDER_MESSAGES.promoExpired);
  if (promo.usageLimit !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.venueId, venueId), eq(orders.promotionCode, promo.code), inArray(orders.status, [...LIVE_STATUSES])));
    if ((used?.n ?? 0) >= promo.usageLimit) throw new HttpError(409, ORDER_MESSAGES.promoUsedUp);
  }
  return { code: promo.code, type: 'promo', terms: { percent: promo.percent, amount: promo.amount, scope: promo.scope } };
}

/** The benefit of a membership card, proved by the mobile number of the member who holds it. */
async function membershipOffer(db: Database, venueId: number, cardNumber: string, mobile: string): Promise<Offer> {
  const card = cardNumber.trim().toUpperCase();
  const [member] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(sql`upper(${customers.membershipCardNumber}) = ${card}`, eq(customers.mobile, normaliseMobile('971', mobile))))
    .limit(1);
  if (!member) throw new HttpError(409, ORDER_MESSAGES.membershipCardInvalid);
  const benefits = await db.select().from(membershipBenefits).where(eq(membershipBenefits.venueId, venueId));
  // The longest matching prefix is the most specific benefit.
  const [benefit] = benefits.filter((each) => card.startsWith(each.cardPrefix.toUpperCase())).sort((a, b) => b.cardPrefix.length - a.cardPrefix.length);
  if (!benefit) throw new HttpError(409, ORDER_MESSAGES.promoNotApplicable);
  return { code: card, type: 'memberships', terms: { percent: benefit.percent, amount: null, scope: benefit.scope } };
}

export function resolveOffer(db: Database, venueId: number, request: OfferRequest, today: string): Promise<Offer> {
  return 'promotion_code' in request
    ? promoOffer(db, venueId, request.promotion_code, today)
    : membershipOffer(db, venueId, request.card_number, request.mobile);
}
