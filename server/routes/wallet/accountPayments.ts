import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { ACCOUNT_PAYMENT_RETURN, type HostedPaymentResult } from '../../../src/domain/contract/wallet';
import { formatAmount } from '../../../src/domain/money';
import { LEDGER_REASONS } from '../../../src/domain/wallet/ledgerEntries';
import { type Database } from '../../db/client';
import { creditInvoices, savedCards } from '../../db/schema/orders';
import { accountPayments, type accountPaymentPurposes } from '../../db/schema/wallet';
import { type AppContext } from '../../http/context';
import { parseInput } from '../../http/validation';
import { DEV_GATEWAY_PATH, hostedPayment, newTransactionId, venueGateway } from '../orders/gateway';
import { addLedgerEntry, lockCustomerMoney } from '../orders/ledgers';
import { gatewayPage } from '../payments/payments';
import { payingCard } from './cards';

/** The development gateway's pages for payments that are not orders (beside the orders' own). */
export const ACCOUNT_GATEWAY_PATH = `${DEV_GATEWAY_PATH}/account`;

type Purpose = (typeof accountPaymentPurposes)[number];

export interface AccountPaymentRequest {
  venueId: number;
  customerId: number;
  purpose: Purpose;
  invoiceId: number | null;
  reference: string;
  amount: number;
  currency: string;
  /** A saved card of the customer's (checked: their own, not expired on `today`), or none for a new card. */
  cardId: number | null | undefined;
  today: string;
  now: Date;
}

export const topUpReference = () => `TOP-${randomBytes(5).toString('hex').toUpperCase()}`;

/** Records a pending card payment and tells the browser how to reach the hosted page. */
export async function startAccountPayment(db: Database, request: AccountPaymentRequest): Promise<HostedPaymentResult> {
  const savedCardId = request.cardId === null || request.cardId === undefined ? null : (await payingCard(db, request.customerId, request.cardId, request.today)).id;
  const gateway = await venueGateway(db, request.venueId);
  const transactionId = newTransactionId();
  await db.insert(accountPayments).values({
    venueId: request.venueId,
    customerId: request.customerId,
    purpose: request.purpose,
    invoiceId: request.invoiceId,
    reference: request.reference,
    amount: request.amount,
    currency: request.currency,
    gateway,
    transactionId,
    savedCardId,
    createdAt: request.now,
  });
  const hosted = hostedPayment(gateway, { transactionId, amount: request.amount, currency: request.currency, reference: request.reference });
  return { pg: hosted.pg, url: `${ACCOUNT_GATEWAY_PATH}/${transactionId}`, form_fields: hosted.form_fields, transactionId, reference: request.reference };
}

type PaymentRow = typeof accountPayments.$inferSelect;

/**
 * What a paid payment buys, once: the top-up into the wallet, or the invoice marked paid. An invoice someone paid
 * meanwhile (two payments started for it) is not paid twice: the money goes to the wallet as a refund instead.
 */
async function settle(tx: Database, payment: PaymentRow, at: Date): Promise<void> {
  await lockCustomerMoney(tx, payment.customerId);
  const entry = { customerId: payment.customerId, amount: payment.amount, orderId: null, createdAt: at };
  if (payment.purpose === 'wallet_top_up') {
    await addLedgerEntry(tx, 'wallet', { ...entry, reason: LEDGER_REASONS.topUp });
    return;
  }
  const paid = payment.invoiceId === null
    ? []
    : await tx
        .update(creditInvoices)
        .set({ paidAt: at })
        .where(and(eq(creditInvoices.id, payment.invoiceId), eq(creditInvoices.customerId, payment.customerId), isNull(creditInvoices.paidAt)))
        .returning({ id: creditInvoices.id });
  if (paid.length === 0) await addLedgerEntry(tx, 'wallet', { ...entry, reason: LEDGER_REASONS.refund });
}

const transactionParams = z.object({ transactionId: z.string().check(z.regex(/^txn_[0-9a-f]{32}$/)) });

const returnPath = (payment: Pick<PaymentRow, 'purpose'>, paid: boolean) => `${ACCOUNT_PAYMENT_RETURN[payment.purpose]}?payment=${paid ? 'paid' : 'declined'}`;

/**
 * The development gateway for account payments: the page (GET, or POST for the form-post variant), Pay and
 * Decline. Like the orders' gateway both answers are idempotent: a repeated Pay (or a late Decline) settles nothing
 * again and only sends the browser where the first answer did.
 */
export const accountGatewayRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const base = `/dev-gateway/account/:transactionId`;
  const notFoundPage = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><p>Transaction not found.</p></body></html>');
  const locked = async (tx: Database, transactionId: string) => {
    const [payment] = await tx.select().from(accountPayments).where(eq(accountPayments.transactionId, transactionId)).for('update');
    return payment ?? null;
  };

  const showPage = async (transactionId: string, reply: FastifyReply) => {
    const [payment] = await db.select().from(accountPayments).where(eq(accountPayments.transactionId, transactionId)).limit(1);
    if (!payment) return notFoundPage(reply);
    if (payment.status !== 'pending') return reply.redirect(returnPath(payment, payment.status === 'paid'), 303);
    const [card] = payment.savedCardId
      ? await db.select().from(savedCards).where(and(eq(savedCards.id, payment.savedCardId), eq(savedCards.customerId, payment.customerId))).limit(1)
      : [];
    const page = gatewayPage({ transactionId, reference: payment.reference, amount: formatAmount(payment.amount, payment.currency), card: card ? `${card.brand} ending ${card.last4}` : null }, ACCOUNT_GATEWAY_PATH);
    return reply.type('text/html; charset=utf-8').send(page);
  };
  const transactionOf = (params: unknown) => parseInput(transactionParams, params, 'transactionId').transactionId;
  app.get(base, async (request, reply) => showPage(transactionOf(request.params), reply));
  app.post(base, async (request, reply) => showPage(transactionOf(request.params), reply));

  app.post(`${base}/pay`, async (request, reply) => {
    const transactionId = transactionOf(request.params);
    const at = now();
    const payment = await db.transaction(async (tx) => {
      const found = await locked(tx, transactionId);
      if (!found || found.status !== 'pending') return found;
      await tx.update(accountPayments).set({ status: 'paid', settledAt: at }).where(eq(accountPayments.id, found.id));
      await settle(tx, found, at);
      return { ...found, status: 'paid' as const };
    });
    if (!payment) return notFoundPage(reply);
    return reply.redirect(returnPath(payment, payment.status === 'paid'), 303);
  });

  app.post(`${base}/decline`, async (request, reply) => {
    const transactionId = transactionOf(request.params);
    const at = now();
    const payment = await db.transaction(async (tx) => {
      const found = await locked(tx, transactionId);
      if (!found || found.status !== 'pending') return found;
      await tx.update(accountPayments).set({ status: 'declined', settledAt: at }).where(eq(accountPayments.id, found.id));
      return { ...found, status: 'declined' as const };
    });
    if (!payment) return notFoundPage(reply);
    return reply.redirect(returnPath(payment, payment.status === 'paid'), 303);
  });
};
