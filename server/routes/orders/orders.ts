import multipart from '@fastify/multipart';
import { type FastifyPluginAsync, type FastifyRequest, type onRequestAsyncHookHandler } from 'fastify';
import { HEADERS } from '../../../src/domain/contract/headers';
import {
  balancesCall,
  balancesResponse,
  orderResponse,
  orderSummaryCall,
  orderSummaryResponse,
  placeOrderCall,
  type OrderResult,
} from '../../../src/domain/contract/orders';
import { type Notifier } from '../../auth/notifications';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { answerOnce, IDEMPOTENCY_KEY_MAX, purgeIdempotencyKeys, requestDigest } from './idempotency';
import { creditStatus, ledgerBalance } from './ledgers';
import { expireDueOrders, lockOrder, sendOrderConfirmation, type OrderRow } from './lifecycle';
import { ORDER_MESSAGES } from './messages';
import { ORDER_FORM_LIMITS, orderFormFields } from './multipart';
import { CatalogueCache } from './catalogueCache';
import { placeOrder } from './placeOrder';
import { buildOrderSummary } from './summary';
import { settleQpointsExpiry } from '../wallet/qpointsExpiry';
import { loginFirst, requireCustomer } from '../../http/auth';
import { benefitRoutes } from './benefits';
import { channelOf, sessionOf, venueClock } from '../facilities/facilitiesData';
import { customerCards } from '../wallet/cards';
import { creditBlockingInvoice, walletSettingsOf } from '../wallet/walletSettings';
import { devGatewayEnabled, paymentRoutes } from '../payments/payments';
import { serve } from '../../http/serve';

export type OrdersContext = AppContext & {
  notifier: Notifier;
  /** Development tools are on: the development gateway and its settings call are served. */
  devTools: boolean;
};

/** How often unpaid orders past their time are expired when nobody reads them. */
export const EXPIRY_SWEEP_MS = 60_000;

/** Real tokens are 16 to 64 characters; anything else is an order that does not exist. */
const isOrderToken = (token: string) => token.length >= 16 && token.length <= 64;

function idempotencyKey(request: FastifyRequest): string {
  const header = request.headers[HEADERS.idempotencyKey.toLowerCase()];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX) throw new HttpError(400, ORDER_MESSAGES.idempotencyKeyRequired);
  return key;
}

/**
 * POST orders needs a login unless it is a guest checkout, which only a multipart form can claim (is_anonymous):
 * without a token, anything else answers 401 before its body is parsed or checked.
 */
const guestFormOrLoginFirst: onRequestAsyncHookHandler = async (request) => {
  const isForm = /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
  if (!request.customer && !isForm) throw new HttpError(401, ORDER_MESSAGES.loginRequired);
};

const resultMessage = (result: OrderResult) =>
  result.url !== null ? 'Please complete the payment' : result.isApprovalRequired ? 'Your order is awaiting approval' : 'Order placed successfully';

/**
 * POST orders (multipart, bearer or guest, Idempotency-Key), GET orders/{token}, GET customers/balances, plus
 * benefits/verify and the payment gateway's calls. Unpaid orders expire lazily on reads and on a timer.
 */
export const orderRoutes: FastifyPluginAsync<OrdersContext> = async (app, context) => {
  const { db, now, notifier } = context;
  const cardPayments = devGatewayEnabled(context.devTools);
  const catalogue = new CatalogueCache();
  await app.register(multipart, { limits: ORDER_FORM_LIMITS });

  const confirm = async (order: OrderRow | null) => {
    if (!order || (order.status !== 'paid' && order.status !== 'awaiting_approval')) return;
    await sendOrderConfirmation(db, notifier, await buildOrderSummary(db, order), now());
  };

  serve(app, placeOrderCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const bearer = request.customer;
    // Without a token only a readable guest form can go on; a form that cannot be read claims nothing.
    const fields = await orderFormFields(request).catch((error: unknown) => {
      throw bearer ? error : new HttpError(401, ORDER_MESSAGES.loginRequired);
    });
    if (!bearer && fields.is_anonymous !== '1') throw new HttpError(401, ORDER_MESSAGES.loginRequired);
    const key = idempotencyKey(request);
    const at = now();
    const sessionId = sessionOf(request);
    const scope = bearer ? `customer:${bearer.id}` : `session:${sessionId ?? request.ip}`;
    const answer = await answerOnce(db, { scope, key, digest: requestDigest(fields, venue.id), now: at }, async (tx, answerRow) => {
      // The order's one write stores this answer too.
      const answerOf = (result: OrderResult) => answerRow(200, orderResponse.parse({ status: true, data: result, message: resultMessage(result) }));
      const placed = await placeOrder(tx, { venue, fields, bearer, sessionId, channel: channelOf(request), now: at, cardPayments, catalogue, answerOf });
      const stored = placed.answer ?? answerOf(placed.result);
      return { statusCode: stored.statusCode, body: stored.body, stored: placed.answer !== null, outcome: placed.order, last: placed.confirmPlaces };
    });
    if (!answer.replayed && answer.outcome) await confirm(answer.outcome);
    if (answer.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(answer.statusCode).send(answer.body);
  }, { onRequest: guestFormOrLoginFirst });

  serve(app, orderSummaryCall, async (request, reply) => {
    const { token } = request.params as { token: string };
    if (!isOrderToken(token)) throw notFound(ORDER_MESSAGES.orderNotFound);
    const summary = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, { token }, now());
      return order ? buildOrderSummary(tx, order) : null;
    });
    if (!summary) throw notFound(ORDER_MESSAGES.orderNotFound);
    return sendParsed(reply, orderSummaryResponse, { status: true, data: summary });
  });

  serve(app, balancesCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const { today } = venueClock(venue, now());
    await db.transaction((tx) => settleQpointsExpiry(tx, customer.id, venue.id, now()));
    const [wallet, qpoints, credit, cards, settings] = await Promise.all([
      ledgerBalance(db, 'wallet', customer.id),
      ledgerBalance(db, 'qpoints', customer.id),
      creditStatus(db, customer.id),
      customerCards(db, customer.id, today),
      walletSettingsOf(db, venue.id),
    ]);
    return sendParsed(reply, balancesResponse, {
      status: true,
      data: {
        wallet,
        qpoints,
        credit_limit: credit?.limit ?? null,
        credit_used: credit?.used ?? null,
        credit_blocked_by: credit ? await creditBlockingInvoice(db, customer.id, today, settings.creditGraceDays) : null,
        saved_cards: cards.filter((card) => !card.is_expired).map((card) => ({ id: card.id, brand: card.brand, last4: card.last4, expiry: card.expiry })),
      },
    });
  }, { onRequest: loginFirst });

  await app.register(benefitRoutes, context);
  await app.register(paymentRoutes, { ...context, cardPayments, onPaid: confirm, onSettingsChanged: () => catalogue.forget() });

  const sweep = async () => {
    try {
      await db.transaction((tx) => expireDueOrders(tx, now()));
      await purgeIdempotencyKeys(db, now());
    } catch (error) {
      app.log.error({ err: error }, 'expiring unpaid orders failed');
    }
  };
  const timer = setInterval(() => void sweep(), EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
