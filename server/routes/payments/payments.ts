import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { envelope } from '../../../src/domain/contract/envelope';
import { type Database } from '../../db/client';
import { payments, paymentGateways, savedCards, venuePaymentSettings } from '../../db/schema/orders';
import { type AppContext } from '../../http/context';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { DEV_GATEWAY_PATH } from '../orders/gateway';
import { lockOrder, releaseOrder, settleOrder, type OrderRow } from '../orders/lifecycle';
import { abandonMove, completeMove, lockMoveOfPayment, movePagePath, tellMoveCompleted, type MoveRow } from '../bookingActions/movePayments';
import { type Notifier } from '../../auth/notifications';
import { escapeHtml } from '../../http/escapeHtml';

/** The development gateway runs with the development tools, or in production when DEV_PAYMENT_GATEWAY=1. */
export const devGatewayEnabled = (devTools: boolean) => devTools || process.env.DEV_PAYMENT_GATEWAY === '1';

export type PaymentsContext = AppContext & {
  notifier: Notifier;
  devTools: boolean;
  /** The development gateway's pages are served. */
  cardPayments: boolean;
  /** Told of an order its payment has just settled (the confirmation goes out). */
  onPaid: (order: OrderRow) => Promise<void>;
  /** Told that the venue's gateway changed, so this process's checkouts use the new one at once. */
  onSettingsChanged: () => void;
};

const transactionParams = z.object({ transactionId: z.string().check(z.regex(/^txn_[0-9a-f]{32}$/)) });
const settingsBody = z.object({ gateway: z.enum(paymentGateways) });
const settingsResponse = envelope(settingsBody);

export const PAYMENT_SUCCESS_PATH = '/paymentsuccess';
export const PAYMENT_FAILED_PATH = '/paymentfailed';


const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:2rem;max-width:26rem;width:90%;box-shadow:0 4px 24px #0002}
h1{font-size:1.3rem;margin-top:0}dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#475569}dd{margin:0;font-weight:600}
.actions{display:flex;gap:1rem;margin-top:1.5rem}form{flex:1}button{width:100%;min-height:3rem;font-size:1.1rem;border-radius:8px;border:0;cursor:pointer}
.pay{background:#0b5fff;color:#fff}.decline{background:#e2e8f0;color:#0f172a}`;

export interface PageFacts {
  transactionId: string;
  reference: string;
  amount: string;
  card: string | null;
}

/** The hosted page: plain forms (the CSP allows no script), one to pay and one to decline. */
export function gatewayPage({ transactionId, reference, amount, card }: PageFacts, basePath = DEV_GATEWAY_PATH): string {
  const action = (verb: string) => escapeHtml(`${basePath}/${transactionId}/${verb}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development payment gateway</title><style>${PAGE_STYLE}</style></head>
<body><main>
<h1>Development payment gateway</h1>
<p>This page stands in for the card payment page. No card is charged.</p>
<dl><dt>Order</dt><dd>${escapeHtml(reference)}</dd><dt>Amount</dt><dd>${escapeHtml(amount)}</dd>${card ? `<dt>Card</dt><dd>${escapeHtml(card)}</dd>` : ''}</dl>
<div class="actions">
<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action('decline')}"><button class="decline" type="submit">Decline</button></form>
</div>
</main></body></html>`;
}

const resultPath = (order: OrderRow, paid: boolean, move: MoveRow | null) =>
  move ? movePagePath(move) : paid ? `${PAYMENT_SUCCESS_PATH}/${order.token}` : PAYMENT_FAILED_PATH;

/**
 * The order (locked first, expired if its time is up), then its payment and the booking move it may pay for (a
 * dearer reschedule's difference, on an order already paid), in that order like every other writer.
 */
async function lockPayment(tx: Database, transactionId: string, now: Date) {
  const [found] = await tx.select({ orderId: payments.orderId }).from(payments).where(eq(payments.transactionId, transactionId)).limit(1);
  if (!found) return null;
  const order = await lockOrder(tx, { id: found.orderId }, now);
  const [payment] = await tx.select().from(payments).where(eq(payments.transactionId, transactionId)).for('update');
  if (!order || !payment) return null;
  const move = await lockMoveOfPayment(tx, payment.id, now);
  const open = payment.status === 'pending' && (move ? move.state === 'pending' : order.status === 'pending_payment');
  return { order, payment, move, open };
}

/**
 * The development gateway (GET shows the page; POST, the form-post variant, shows it too) and its Pay and
 * Decline answers. Both answers are idempotent: a payment settles once, a second press (or the other button)
 * only sends the browser to where the first one did. Pay after the order expired fails.
 */
export const paymentRoutes: FastifyPluginAsync<PaymentsContext> = async (app, { db, now, devTools, cardPayments, onPaid, onSettingsChanged, notifier }) => {
  if (devTools) {
    app.post('/dev/payment-settings', async (request, reply) => {
      const { gateway } = parseInput(settingsBody, request.body, 'body');
      const venue = await requireVenue(db, request);
      await db.insert(venuePaymentSettings).values({ venueId: venue.id, gateway }).onConflictDoUpdate({ target: venuePaymentSettings.venueId, set: { gateway } });
      onSettingsChanged();
      return sendParsed(reply, settingsResponse, { status: true, data: { gateway } });
    });
  }
  if (!cardPayments) return;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const notFoundPage = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').send('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found</title></head><body><p>Transaction not found.</p></body></html>');

  const showPage = async (transactionId: string, reply: FastifyReply) => {
    const state = await db.transaction((tx) => lockPayment(tx, transactionId, now()));
    if (!state) return notFoundPage(reply);
    const { order, payment, move, open } = state;
    if (!open) return reply.redirect(resultPath(order, payment.status === 'paid', move), 303);
    const [card] = payment.savedCardId
      ? await db.select().from(savedCards).where(and(eq(savedCards.id, payment.savedCardId), eq(savedCards.customerId, order.customerId))).limit(1)
      : [];
    return reply
      .type('text/html; charset=utf-8')
      .send(gatewayPage({ transactionId, reference: order.reference, amount: `${order.currency} ${payment.amount.toFixed(2)}`, card: card ? `${card.brand} ending ${card.last4}` : null }));
  };

  app.get('/dev-gateway/:transactionId', async (request, reply) => showPage(parseInput(transactionParams, request.params, 'transactionId').transactionId, reply));
  app.post('/dev-gateway/:transactionId', async (request, reply) => showPage(parseInput(transactionParams, request.params, 'transactionId').transactionId, reply));

  app.post('/dev-gateway/:transactionId/pay', async (request, reply) => {
    const { transactionId } = parseInput(transactionParams, request.params, 'transactionId');
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const state = await lockPayment(tx, transactionId, at);
      if (!state) return null;
      const { order, payment, move, open } = state;
      if (!open) return { order, paid: payment.status === 'paid', settled: false, move };
      await tx.update(payments).set({ status: 'paid', settledAt: at }).where(eq(payments.id, payment.id));
      const status = move ? order.status : await settleOrder(tx, order, at);
      const moved = move ? await completeMove(tx, move, order, payment, at) : null;
      if (payment.saveCard && payment.savedCardId === null) {
        const expiry = `12/${String((at.getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
        await tx.insert(savedCards).values({ customerId: order.customerId, brand: 'Visa', last4: '4242', maskedNumber: '424242******4242', expiry, gatewayToken: `card_${randomBytes(16).toString('hex')}`, createdAt: at });
      }
      return { order: { ...order, status }, paid: true, settled: true, move: moved };
    });
    if (!outcome) return notFoundPage(reply);
    if (outcome.settled && outcome.move) await tellMoveCompleted(db, notifier, outcome.move, at);
    else if (outcome.settled) await onPaid(outcome.order);
    return reply.redirect(resultPath(outcome.order, outcome.paid, outcome.move), 303);
  });

  app.post('/dev-gateway/:transactionId/decline', async (request, reply) => {
    const { transactionId } = parseInput(transactionParams, request.params, 'transactionId');
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const state = await lockPayment(tx, transactionId, at);
      if (!state) return null;
      const { order, payment, move, open } = state;
      if (open && move) await abandonMove(tx, move, 'failed', at);
      else if (open) await releaseOrder(tx, order, 'failed', at);
      return { order, paid: payment.status === 'paid', move };
    });
    if (!outcome) return notFoundPage(reply);
    return reply.redirect(resultPath(outcome.order, outcome.paid, outcome.move), 303);
  });
};
