import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { type SiteConfig } from '../../../src/domain/contract/config';
import { orderPayload, orderProducts, type OrderProducts, type OrderResult } from '../../../src/domain/contract/orders';
import { addDays } from '../../../src/domain/booking/dayTime';
import { type CustomerRow } from '../../auth/tokens';
import { attachUploadsToOrder } from '../visitors/files';
import { PRICE_MAX } from '../../db/schema/columns';
import { type Database } from '../../db/client';
import { columnsAs, runStatement } from '../../db/statements';
import { customers } from '../../db/schema/accounts';
import { facilityBookings } from '../../db/schema/facilities';
import { approvalRequirements, creditInvoices, savedCards, venuePaymentSettings } from '../../db/schema/orders';
import { venues } from '../../db/schema/venue';
import { HttpError } from '../../http/errors';
import { parseInput } from '../../http/validation';
import { siteConfigOf, type VenueRow } from '../../http/venue';
import { venueClock, type Channel } from '../facilities/facilitiesData';
import { lockPlaces, withRelatives, type PlacesWanted } from '../facilities/placeLocks';
import { catalogueKey, type CatalogueCache } from './catalogueCache';
import { bookFacilityLines, resolveFacilityLines } from './facilityLines';
import { guestDetails } from './guestDetails';
import { DEFAULT_GATEWAY, hostedPayment, newTransactionId, type GatewayKind } from './gateway';
import { addLedgerEntry, creditStatus, ledgerBalance } from './ledgers';
import { confirmEventPlaces } from './eventCapacity';
import { expireDueOrders, UNPAID_ORDER_MINUTES, type OrderRow } from './lifecycle';
import { type PricedLine } from './lines';
import { ORDER_MESSAGES } from './messages';
import { confirmTrainerSessions, priceOtherLines, trainerSessionsOf } from './otherLines';
import { roundMoney } from '../../../src/domain/money';
import { isCardExpired } from '../../../src/domain/wallet/savedCards';
import { awardOrderQpoints } from '../wallet/qpointsAward';
import { settleQpointsExpiry } from '../wallet/qpointsExpiry';
import { creditBlockingInvoice, walletSettingsOf } from '../wallet/walletSettings';
import { discountFor } from './pricing';
import { lineTotal, readableCode, writeOrder } from './writeOrder';
import { lockPromoUses, resolveOffer, type Offer } from './promotions';
import { storeAnswerWith, type AnswerRow } from './idempotency';

export interface PlacementRequest {
  venue: VenueRow;
  /** The multipart fields of the order payload. */
  fields: Record<string, string>;
  /** The customer of the bearer token, if any. */
  bearer: CustomerRow | null;
  sessionId: string | null;
  channel: Channel;
  now: Date;
  /** Whether a card payment can be taken (a gateway is set up). */
  cardPayments: boolean;
  /** This process's recent reads of the catalogue (never of places, stock or money). */
  catalogue: CatalogueCache;
  /** The answer to store with the order, in the statement that writes it (the submission's idempotent answer). */
  answerOf?: (result: OrderResult) => AnswerRow;
}

export interface Placement {
  result: OrderResult;
  order: OrderRow;
  /** What `answerOf` made of the result, stored with the order. */
  answer: AnswerRow | null;
  /**
   * Takes the locks of the order's event sessions and trainers' days and counts them again with the order's rows
   * in, refusing the order if over. The caller runs it as the transaction's last step (after storing its answer),
   * so buyers of one event session or one trainer's hour wait for each other only for these counts and the commit.
   */
  confirmPlaces: () => Promise<void>;
}

const refused = (statusCode: number, message: string) => new HttpError(statusCode, message);

function parseProducts(text: string): OrderProducts {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refused(400, 'product: not valid JSON');
  }
  return parseInput(orderProducts, json, 'product');
}

/** Every guest checkout writes one, so the statement's text is written once (`runStatement`). */
const INSERT_GUEST = `insert into customers (first_name, last_name, email, mobile, gender, is_anonymous, created_at)
  values ($1, $2, $3, $4, $5, true, $6::timestamptz) returning ${columnsAs(customers, 'customers')}`;

/** A visitor checking out as a guest becomes an anonymous customer, where the venue allows guests. */
async function guestCustomer(tx: Database, payload: ReturnType<typeof orderPayload.parse>, config: SiteConfig, now: Date): Promise<CustomerRow> {
  if (payload.is_anonymous !== 1) throw refused(401, ORDER_MESSAGES.loginRequired);
  if (config.is_guest_checkout !== 1 || config.is_baps === 1) throw refused(403, ORDER_MESSAGES.guestCheckoutOff);
  const { firstName, lastName, email, mobile, gender } = guestDetails(payload);
  const [guest] = await runStatement<CustomerRow>(tx, INSERT_GUEST, [firstName, lastName, email, mobile, gender, now.toISOString()]);
  if (!guest) throw new Error('the guest was not created');
  return guest;
}

/** Spec 001 §5: a membership is bought alone; guests buy only facility and event lines. */
function assertLineMix(products: OrderProducts, customer: CustomerRow) {
  const others = products.capacity_facility.length + products.event.length + products.workshop.length + products.training.length + products.offers.length + products.pos.length;
  if (others + products.membership.length === 0) throw refused(400, ORDER_MESSAGES.emptyOrder);
  if (products.membership.length > 0 && others > 0) throw refused(409, ORDER_MESSAGES.membershipMixed);
  const guestOnly = products.membership.length + products.workshop.length + products.training.length + products.offers.length + products.pos.length;
  if (customer.isAnonymous && guestOnly > 0) throw refused(403, ORDER_MESSAGES.guestLinesOnly);
}

/** In the is_baps variant customer_threshold caps the participants of each session (date and start). */
function assertParticipantThreshold(products: OrderProducts, config: SiteConfig) {
  const threshold = config.customer_threshold;
  if (config.is_baps !== 1 || threshold === null || threshold === undefined || threshold <= 0) return;
  const perSession = new Map<string, number>();
  for (const line of products.capacity_facility) {
    const key = `${line.date} ${line.start_time}`;
    perSession.set(key, (perSession.get(key) ?? 0) + line.quantity * line.participant_count);
  }
  if ([...perSession.values()].some((participants) => participants > threshold)) throw refused(409, ORDER_MESSAGES.participantThreshold(threshold));
}

/** The places the order's lines count and take: facility days (with their add-ons' stock) and event sessions. */
function placesWanted(products: OrderProducts): PlacesWanted {
  return {
    facilityDays: products.capacity_facility.map((line) => ({ facilityId: line.facility_id, date: line.date })),
    stockedProducts: products.capacity_facility.flatMap((line) => line.addons.map((addon) => addon.product_id)),
  };
}

const everyLine = (lines: readonly PricedLine[]) => lines.flatMap((line) => [line, ...line.addons]);

/**
 * The promotion the order claims, checked again: the membership card of `card_number` (proved by the mobile), or
 * the one promo code its lines carry. What the client computed is ignored; the server works the discount out.
 */
async function claimedOffer(tx: Database, venue: VenueRow, products: OrderProducts, payload: ReturnType<typeof orderPayload.parse>, customer: CustomerRow, { today, now }: { today: string; now: Date }): Promise<Offer | null> {
  const claimant = { customer, now };
  const lines = Object.values(products).flat();
  const codes = new Set(
    lines
      .flatMap((line) => [line.discount, ...line.addons.map((addon) => addon.discount)])
      .flatMap((discount) => (discount?.promo_code ? [discount.promo_code.trim().toUpperCase()] : [])),
  );
  const card = payload.card_number?.trim().toUpperCase();
  if (card) {
    codes.delete(card);
    if (codes.size > 0) throw refused(409, ORDER_MESSAGES.oneOffer);
    const mobile = payload.mobile?.trim() || customer.mobile;
    if (!mobile) throw refused(409, ORDER_MESSAGES.membershipCardInvalid);
    return resolveOffer(tx, venue.id, { card_number: card, mobile }, today, claimant);
  }
  const [code, ...more] = [...codes];
  if (more.length > 0) throw refused(409, ORDER_MESSAGES.oneOffer);
  if (!code) return null;
  await lockPromoUses(tx, venue.id, code);
  return resolveOffer(tx, venue.id, { promotion_code: code }, today, claimant);
}

function applyOffer(lines: readonly PricedLine[], offer: Offer) {
  let applied = false;
  for (const line of everyLine(lines)) {
    if (line.productId === null || line.productTypeId === null) continue;
    line.discount = discountFor(offer.terms, { productId: line.productId, productTypeId: line.productTypeId, quantity: line.quantity, price: line.unitPrice, tax: line.unitTax }, offer.code);
    applied ||= line.discount !== null;
  }
  if (!applied) throw refused(409, ORDER_MESSAGES.promoNotApplicable);
}

function totals(lines: readonly PricedLine[]) {
  const all = everyLine(lines);
  const subtotal = roundMoney(all.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0));
  const vat = roundMoney(all.reduce((sum, line) => sum + line.unitTax * line.quantity, 0));
  const total = roundMoney(all.reduce((sum, line) => sum + lineTotal(line), 0));
  return { subtotal, vat, total, discount: roundMoney(subtotal + vat - total) };
}

type ApprovalRule = Pick<typeof approvalRequirements.$inferSelect, 'productId' | 'venueServiceId'>;

/** The venue's approval rules and card gateway, in one round trip (every checkout reads both). */
async function venueOrderSettings(tx: Database, venueId: number): Promise<{ approvalRules: ApprovalRule[]; gateway: GatewayKind }> {
  const rows = await tx
    .select({ gateway: venuePaymentSettings.gateway, productId: approvalRequirements.productId, venueServiceId: approvalRequirements.venueServiceId })
    .from(venues)
    .leftJoin(venuePaymentSettings, eq(venuePaymentSettings.venueId, venues.id))
    .leftJoin(approvalRequirements, eq(approvalRequirements.venueId, venues.id))
    .where(eq(venues.id, venueId));
  return {
    // A rule naming neither a product nor a service approves nothing, like the row the join makes without rules.
    approvalRules: rows.filter((row) => row.productId !== null || row.venueServiceId !== null),
    gateway: rows[0]?.gateway ?? DEFAULT_GATEWAY,
  };
}

function needsApproval(rules: readonly ApprovalRule[], lines: readonly PricedLine[]): boolean {
  return everyLine(lines).some((line) =>
    rules.some((rule) => (rule.productId !== null && rule.productId === line.productId) || (rule.venueServiceId !== null && rule.venueServiceId === line.venueServiceId)),
  );
}

/** The facility bookings of an order the venue must approve are not approved yet (spec 000 §4, awaiting approval). */
async function awaitApproval(tx: Database, lines: readonly PricedLine[]) {
  const bookingIds = everyLine(lines).flatMap((line) => (line.facilityBookingId === null ? [] : [line.facilityBookingId]));
  if (bookingIds.length > 0) await tx.update(facilityBookings).set({ isBookingApproved: 0 }).where(inArray(facilityBookings.id, bookingIds));
}

/**
 * Places an order inside the caller's transaction: every rule that protects money or capacity is checked again
 * here, under the locks of the places its lines take (orders for other places do not wait) and the customer's
 * money lock. Prices come from the server's catalogue; wallet and q-points pay first when asked, a partner's credit
 * facility pays the rest unless a saved card is chosen, and the card pays whatever is left through the hosted page
 * (the order then waits UNPAID_ORDER_MINUTES for it, holding its places).
 *
 * Orders for one place run one at a time from taking its lock to committing, so whatever does not depend on the
 * places (the buyer, expired orders, the venue's rules, the saved card) is read before the lock is taken.
 */
export async function placeOrder(tx: Database, request: PlacementRequest): Promise<Placement> {
  const { venue, now } = request;
  const payload = parseInput(orderPayload, request.fields, 'body');
  const products = parseProducts(payload.product);
  const config = siteConfigOf(venue);
  const customer = request.bearer ?? (await guestCustomer(tx, payload, config, now));
  assertLineMix(products, customer);
  assertParticipantThreshold(products, config);
  const today = venueClock(venue, now).today;

  // Takes the buyer's money lock too: money locks always come before place locks. A guest this checkout has just
  // made is seen by no other transaction until it commits, so nobody else can take their money lock. Only facility
  // bookings keep their places until an expired order is released; every other count leaves out unpaid orders past
  // their time (`holdsItsPlaces`), so a guest buying no facility line needs no sweep (the timer's sweep still runs).
  if (request.bearer || products.capacity_facility.length > 0) {
    await expireDueOrders(tx, now, { venueId: venue.id, buyerId: request.bearer ? customer.id : undefined });
  }
  const { approvalRules, gateway } = await request.catalogue.read(catalogueKey('order-settings', venue.id), () => venueOrderSettings(tx, venue.id));
  // A guest is a customer this checkout just made: no partner credit account can be theirs.
  const credit = payload.cardId || customer.isAnonymous ? null : await creditStatus(tx, customer.id);
  if (payload.cardId) {
    const [card] = await tx
      .select({ id: savedCards.id, expiry: savedCards.expiry })
      .from(savedCards)
      .where(and(eq(savedCards.id, payload.cardId), eq(savedCards.customerId, customer.id)))
      .limit(1);
    if (!card) throw refused(404, ORDER_MESSAGES.cardNotFound);
    if (isCardExpired(card.expiry, today)) throw refused(422, ORDER_MESSAGES.cardExpired);
  }
  const creditBlockedBy = credit ? await creditBlockingInvoice(tx, customer.id, today, (await walletSettingsOf(tx, venue.id)).creditGraceDays) : null;

  // Event tickets and trainer sessions are checked against what is left here without a lock (a sold-out session is
  // refused at once) and again, under their locks, as the order's last step.
  const otherLines = await priceOtherLines(tx, venue, products, now, request.catalogue);
  const facilityLines = await resolveFacilityLines(tx, venue, products.capacity_facility, now, request.catalogue);
  await lockPlaces(tx, placesWanted(products), (db, ids) => request.catalogue.read(catalogueKey('relatives', venue.id, ids), () => withRelatives(db, ids)));
  const booked = await bookFacilityLines(tx, { venue, customerId: customer.id, sessionId: request.sessionId, channel: request.channel, now }, facilityLines);
  const lines = [...booked.lines, ...otherLines];
  const alongside = booked.releaseHolds ? [booked.releaseHolds] : [];
  const offer = await claimedOffer(tx, venue, products, payload, customer, { today, now });
  if (offer) applyOffer(lines, offer);
  const sums = totals(lines);
  if (sums.subtotal + sums.vat > PRICE_MAX) throw refused(422, ORDER_MESSAGES.orderTooLarge);
  const requiresApproval = needsApproval(approvalRules, lines);

  let remaining = sums.total;
  const take = (available: number) => {
    const amount = roundMoney(Math.min(Math.max(0, available), remaining));
    remaining = roundMoney(remaining - amount);
    return amount;
  };
  const byWallet = payload.is_wallet === 1 ? take(await ledgerBalance(tx, 'wallet', customer.id)) : 0;
  if (payload.is_qpoints === 1) await settleQpointsExpiry(tx, customer.id, venue.id, now);
  const byQpoints = payload.is_qpoints === 1 ? take(await ledgerBalance(tx, 'qpoints', customer.id)) : 0;
  if (credit && remaining > 0 && creditBlockedBy) throw refused(422, ORDER_MESSAGES.creditBlocked(creditBlockedBy));
  if (credit && remaining > 0 && credit.used + remaining > credit.limit + 0.001) throw refused(422, ORDER_MESSAGES.creditLimit);
  const byCredit = credit ? take(remaining) : 0;
  const byCard = remaining;
  if (byCard > 0 && !request.cardPayments) throw refused(503, ORDER_MESSAGES.cardPaymentUnavailable);

  const unpaid = byCard > 0;
  const payment = unpaid ? { gateway, transactionId: newTransactionId(), amount: byCard, savedCardId: payload.cardId ?? null, saveCard: payload.save_card === 1, createdAt: now } : null;
  // The answer is known before the order is written, so the statement that writes the order stores it too.
  const token = randomBytes(24).toString('base64url');
  const reference = readableCode('ORD', 5);
  const currency = config.currency;
  const payResult = payment
    ? { ...hostedPayment(gateway, { transactionId: payment.transactionId, amount: payment.amount, currency, reference }), transactionId: payment.transactionId }
    : { pg: null, url: null, form_fields: null, transactionId: null };
  const result: OrderResult = { ...payResult, isApprovalRequired: requiresApproval, order_token: token };
  const answer = request.answerOf?.(result) ?? null;
  const order = await writeOrder(
    tx,
    {
      token,
      reference,
      venueId: venue.id,
      customerId: customer.id,
      status: unpaid ? 'pending_payment' : requiresApproval ? 'awaiting_approval' : 'paid',
      currency,
      ...sums,
      paidByCard: byCard,
      paidByWallet: byWallet,
      paidByQpoints: byQpoints,
      paidByCredit: byCredit,
      promotionCode: offer?.code ?? null,
      promotionType: offer?.type ?? null,
      notes: payload.order_notes?.trim() || null,
      requiresApproval,
      sessionId: request.sessionId,
      expiresAt: unpaid ? new Date(now.getTime() + UNPAID_ORDER_MINUTES * 60_000) : null,
      createdAt: now,
      settledAt: unpaid ? null : now,
    },
    lines,
    payment,
    [...alongside, ...(answer ? [storeAnswerWith(answer)] : [])],
  );
  if (requiresApproval) await awaitApproval(tx, lines);
  await attachUploadsToOrder(tx, order, products);

  const spend = { customerId: customer.id, orderId: order.id, createdAt: now, reason: `Order ${order.reference}` };
  await addLedgerEntry(tx, 'wallet', { ...spend, amount: -byWallet });
  await addLedgerEntry(tx, 'qpoints', { ...spend, amount: -byQpoints });
  if (credit && byCredit > 0) {
    await tx.insert(creditInvoices).values({ customerId: customer.id, orderId: order.id, amount: byCredit, dueDate: addDays(today, credit.paymentTermDays) ?? today, createdAt: now });
  }

  if (!unpaid) await awardOrderQpoints(tx, order, now);
  const tickets = eventTickets(lines);
  const sessions = trainerSessionsOf(lines);
  const confirmPlaces = async () => {
    await lockPlaces(tx, { eventSessions: tickets, trainerDays: sessions });
    await confirmEventPlaces(tx, tickets, now);
    await confirmTrainerSessions(tx, order.id, sessions, now);
  };
  return { order, result, answer, confirmPlaces };
}

const eventTickets = (lines: readonly PricedLine[]) =>
  lines.flatMap((line) =>
    line.kind === 'event' && line.itemId !== null && line.date !== null && line.startTime !== null
      ? [{ eventId: line.itemId, date: line.date, startTime: line.startTime, quantity: line.quantity }]
      : [],
  );
