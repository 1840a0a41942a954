import { and, asc, desc, eq } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { cardChangeResponse, recordParams, defaultCardCall, deleteCardCall, SAVED_CARDS_MAX, savedCardsCall, savedCardsResponse, type SavedCardItem } from '../../../src/domain/contract/wallet';
import { isCardExpired, savedCardBrand } from '../../../src/domain/wallet/savedCards';
import { type Database } from '../../db/client';
import { savedCards } from '../../db/schema/orders';
import { type AppContext } from '../../http/context';
import { loginFirst, requireCustomer } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { venueClock } from '../facilities/facilitiesData';

export const CARD_MESSAGES = { notFound: 'Saved card not found', expired: 'This card has expired. Choose another card.' } as const;

/** The customer's cards as they see them, the default first, then the newest. */
export async function customerCards(db: Database, customerId: number, today: string): Promise<SavedCardItem[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.customerId, customerId))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.createdAt), asc(savedCards.id))
    .limit(SAVED_CARDS_MAX);
  return rows.map((card) => ({
    id: card.id,
    brand: savedCardBrand(card),
    masked: `•••• ${card.last4}`,
    last4: card.last4,
    expiry: card.expiry,
    is_expired: isCardExpired(card.expiry, today),
    is_default: card.isDefault,
  }));
}

/** A card of this customer that can pay today (404 for anyone else's, 422 once expired). */
export async function payingCard(db: Database, customerId: number, cardId: number, today: string) {
  const [card] = await db.select().from(savedCards).where(and(eq(savedCards.id, cardId), eq(savedCards.customerId, customerId))).limit(1);
  if (!card) throw notFound(CARD_MESSAGES.notFound);
  if (isCardExpired(card.expiry, today)) throw new HttpError(422, CARD_MESSAGES.expired);
  return card;
}

/** GET customers/cards, PUT customers/cards/{id}/default, DELETE customers/cards/{id}: the owner's cards only. */
export const cardRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  const cardsOf = async (request: FastifyRequest, customerId: number) => customerCards(db, customerId, venueClock(await requireVenue(db, request), now()).today);

  serve(app, savedCardsCall, async (request, reply) => {
    return sendParsed(reply, savedCardsResponse, { status: true, data: await cardsOf(request, requireCustomer(request).id) });
  }, { onRequest: loginFirst });

  serve(app, defaultCardCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const { id } = parseInput(recordParams, request.params, 'card id');
    await db.transaction(async (tx) => {
      const [card] = await tx.select({ id: savedCards.id }).from(savedCards).where(and(eq(savedCards.id, id), eq(savedCards.customerId, customer.id))).for('update');
      if (!card) throw notFound(CARD_MESSAGES.notFound);
      await tx.update(savedCards).set({ isDefault: false }).where(eq(savedCards.customerId, customer.id));
      await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, id));
    });
    return sendParsed(reply, cardChangeResponse, { status: true, data: await cardsOf(request, customer.id), message: 'Default card updated' });
  }, { onRequest: loginFirst });

  serve(app, deleteCardCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const { id } = parseInput(recordParams, request.params, 'card id');
    await db.transaction(async (tx) => {
      const [deleted] = await tx.delete(savedCards).where(and(eq(savedCards.id, id), eq(savedCards.customerId, customer.id))).returning();
      if (!deleted) throw notFound(CARD_MESSAGES.notFound);
      if (!deleted.isDefault) return;
      // The newest card left takes over, so checkout still has a card it offers first.
      const [next] = await tx.select({ id: savedCards.id }).from(savedCards).where(eq(savedCards.customerId, customer.id)).orderBy(desc(savedCards.createdAt), desc(savedCards.id)).limit(1);
      if (next) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, next.id));
    });
    return sendParsed(reply, cardChangeResponse, { status: true, data: await cardsOf(request, customer.id), message: 'Card deleted' });
  }, { onRequest: loginFirst });
};
