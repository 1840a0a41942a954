import { and, count, eq, or, sql } from 'drizzle-orm';
import { normaliseMobile } from '../../../src/domain/validation/mobile';
import { type CustomerRow } from '../../auth/tokens';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { membershipBenefits, orders, promoCodes } from '../../db/schema/orders';
import { HttpError } from '../../http/errors';
import { holdsItsPlaces } from './eventCapacity';
import { ORDER_MESSAGES } from './messages';
import { type DiscountTerms } from './pricing';

/** A promotion the server has checked: its code (a promo code, or the membership card's number) and terms. */
export interface Offer {
  code: string;
  type: 'promo' | 'memberships';
  terms: DiscountTerms;
}

export type OfferRequest = { promotion_code: string } | { card_number: string; mobile: string };

/** Whose order would use the offer, and when: a customer's earlier orders count against a code's limit per customer. */
export interface OfferClaimant {
  customer: Pick<CustomerRow, 'id' | 'email'> | null;
  now: Date;
}

/** The advisory lock class of a promo code's uses: orders claiming one code count its uses one at a time. */
const PROMO_USES_LOCK = 7302;

/**
 * Taken inside an order's transaction before its promo code is checked, so parallel orders cannot all see the
 * last use left (keyed by venue and code, before the code is even known to exist).
 */
export async function lockPromoUses(tx: Database, venueId: number, code: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PROMO_USES_LOCK}, hashtext(${`${venueId}:${code.trim().toUpperCase()}`}))`);
}

/** Orders that used the code and still count: those holding their places (paid, awaiting approval, unpaid in time). */
async function usesOf(db: Database, venueId: number, code: string, now: Date, customer?: OfferClaimant['customer']): Promise<number> {
  const email = customer?.email?.trim().toLowerCase();
  // A guest is a new customer at every checkout; their email is what says it is them again.
  const sameCustomer = customer ? or(eq(orders.customerId, customer.id), email ? sql`lower(${customers.email}) = ${email}` : undefined) : undefined;
  const [used] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.venueId, venueId), eq(orders.promotionCode, code), holdsItsPlaces(now), sameCustomer));
  return used?.n ?? 0;
}

/**
 * The promo code as it stands today (venue date) for this claimant: unknown, outside its dates, used up, or used
 * up by this customer answers 409 with the reason.
 */
async function promoOffer(db: Database, venueId: number, code: string, today: string, claimant: OfferClaimant): Promise<Offer> {
  const wanted = code.trim().toUpperCase();
  const [promo] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.venueId, venueId), eq(promoCodes.code, wanted)))
    .limit(1);
  if (!promo) throw new HttpError(409, ORDER_MESSAGES.promoInvalid);
  if ((promo.validFrom && today < promo.validFrom) || (promo.validTo && today > promo.validTo)) throw new HttpError(409, ORDER_MESSAGES.promoExpired);
  if (promo.usageLimit !== null && (await usesOf(db, venueId, promo.code, claimant.now)) >= promo.usageLimit) throw new HttpError(409, ORDER_MESSAGES.promoUsedUp);
  if (promo.usageLimitPerCustomer !== null && claimant.customer && (await usesOf(db, venueId, promo.code, claimant.now, claimant.customer)) >= promo.usageLimitPerCustomer) {
    throw new HttpError(409, ORDER_MESSAGES.promoUsedByYou);
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

export function resolveOffer(db: Database, venueId: number, request: OfferRequest, today: string, claimant: OfferClaimant): Promise<Offer> {
  return 'promotion_code' in request
    ? promoOffer(db, venueId, request.promotion_code, today, claimant)
    : membershipOffer(db, venueId, request.card_number, request.mobile);
}
