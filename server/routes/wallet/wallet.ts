import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import {
  accountPaymentBody,
  hostedPaymentResponse,
  ledgerQuery,
  partnerCall,
  partnerResponse,
  payInvoiceCall,
  qpointsCall,
  qpointsResponse,
  recordParams,
  topUpBody,
  topUpCall,
  walletCall,
  walletResponse,
} from '../../../src/domain/contract/wallet';
import { formatAmount, roundMoney } from '../../../src/domain/money';
import { blocksCredit, invoiceNumber, invoiceStatus } from '../../../src/domain/wallet/invoices';
import { qpointsEntryType, walletEntryType } from '../../../src/domain/wallet/ledgerEntries';
import { isAllowedTopUp, QPOINT_VALUE, topUpChoices } from '../../../src/domain/wallet/walletRules';
import { creditInvoices, orders } from '../../db/schema/orders';
import { type AppContext } from '../../http/context';
import { loginFirst, requireCustomer } from '../../http/auth';
import { HttpError, notFound } from '../../http/errors';
import { listPage } from '../../http/pagination';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue, siteConfigOf, type VenueRow } from '../../http/venue';
import { venueClock } from '../facilities/facilitiesData';
import { creditStatus, ledgerBalance, type Ledger } from '../orders/ledgers';
import { devGatewayEnabled } from '../payments/payments';
import { accountGatewayRoutes, startAccountPayment, topUpReference } from './accountPayments';
import { cardRoutes } from './cards';
import { ledgerPage } from './ledgerPages';
import { settleQpointsExpiry } from './qpointsExpiry';
import { creditBlockingInvoice, walletSettingsOf } from './walletSettings';

export type WalletContext = AppContext & { devTools: boolean };

export const WALLET_MESSAGES = {
  topUpAmount: (min: string, max: string, step: string) => `Choose an amount from ${min} to ${max}, in steps of ${step}`,
  noPartnerAccount: 'No partner credit account',
  invoiceNotFound: 'Invoice not found',
  invoicePaid: 'This invoice is already paid',
  cardPaymentUnavailable: 'Card payment is not available at this venue',
} as const;

const currencyOf = (venue: VenueRow) => siteConfigOf(venue).currency;

/**
 * The customer's money (bearer; each call answers only its owner): saved cards, wallet and its top-ups, q-points,
 * and a partner's credit facility with its invoices and their payment. Card payments go through the hosted gateway.
 */
export const walletRoutes: FastifyPluginAsync<WalletContext> = async (app, context) => {
  const { db, now } = context;
  const cardPayments = devGatewayEnabled(context.devTools);
  await app.register(cardRoutes, context);
  if (cardPayments) await app.register(accountGatewayRoutes, context);
  const ownerOnly = { onRequest: loginFirst };

  /** What both ledger lists read: the owner's page of entries, balance and the venue's rules. */
  const ledgerOf = async (request: FastifyRequest, ledger: Ledger) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const query = parseInput(ledgerQuery, request.query ?? {}, 'query');
    const [page, balance, settings] = await Promise.all([
      ledgerPage(db, ledger, customer.id, venue, query, now()),
      ledgerBalance(db, ledger, customer.id),
      walletSettingsOf(db, venue.id),
    ]);
    const { items, ...paging } = page;
    const entries = items.map((entry) => ({
      id: entry.id,
      amount: entry.amount,
      reason: entry.reason,
      balance: entry.balance,
      order_reference: entry.orderReference,
      created_at: entry.createdAt.toISOString(),
    }));
    return { entries, paging, balance, settings, currency: currencyOf(venue) };
  };

  serve(app, walletCall, async (request, reply) => {
    const { entries, paging, balance, settings, currency } = await ledgerOf(request, 'wallet');
    return sendParsed(reply, walletResponse, {
      status: true,
      data: {
        ...paging,
        data: entries.map(({ reason, ...entry }) => ({ ...entry, type: walletEntryType(reason, entry.amount) })),
        balance,
        currency,
        top_up: { min: settings.topUpMin, max: settings.topUpMax, step: settings.topUpStep, choices: topUpChoices(settings) },
      },
    });
  }, ownerOnly);

  serve(app, topUpCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const body = parseInput(topUpBody, request.body ?? {}, 'body');
    const settings = await walletSettingsOf(db, venue.id);
    const currency = currencyOf(venue);
    if (!isAllowedTopUp(body.amount, settings)) {
      const money = (amount: number) => formatAmount(amount, currency);
      throw new HttpError(422, WALLET_MESSAGES.topUpAmount(money(settings.topUpMin), money(settings.topUpMax), money(settings.topUpStep)));
    }
    if (!cardPayments) throw new HttpError(503, WALLET_MESSAGES.cardPaymentUnavailable);
    const at = now();
    const hosted = await startAccountPayment(db, {
      venueId: venue.id,
      customerId: customer.id,
      purpose: 'wallet_top_up',
      invoiceId: null,
      reference: topUpReference(),
      amount: roundMoney(body.amount),
      currency,
      cardId: body.card_id,
      today: venueClock(venue, at).today,
      now: at,
    });
    return sendParsed(reply, hostedPaymentResponse, { status: true, data: hosted, message: 'Please complete the payment' });
  }, ownerOnly);

  serve(app, qpointsCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const next = await db.transaction((tx) => settleQpointsExpiry(tx, customer.id, venue.id, now()));
    const { entries, paging, balance, settings, currency } = await ledgerOf(request, 'qpoints');
    return sendParsed(reply, qpointsResponse, {
      status: true,
      data: {
        ...paging,
        data: entries.map(({ reason, amount, ...entry }) => ({ ...entry, points: amount, type: qpointsEntryType(reason, amount) })),
        balance,
        value: roundMoney(balance * QPOINT_VALUE),
        currency,
        points_per_unit: settings.qpointsPerUnit,
        next_expiry: next && { points: next.points, at: new Date(next.at).toISOString() },
      },
    });
  }, ownerOnly);

  serve(app, partnerCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const credit = await creditStatus(db, customer.id);
    if (!credit) throw notFound(WALLET_MESSAGES.noPartnerAccount);
    const { today } = venueClock(venue, now());
    const { creditGraceDays } = await walletSettingsOf(db, venue.id);
    const page = await listPage(db, request.query, {
      table: creditInvoices,
      where: eq(creditInvoices.customerId, customer.id),
      // Unpaid first, the soonest due on top; then the paid ones, the latest due first.
      orderBy: [sql`${creditInvoices.paidAt} is not null`, sql`case when ${creditInvoices.paidAt} is null then ${creditInvoices.dueDate} end asc`, desc(creditInvoices.dueDate), asc(creditInvoices.id)],
      toItem: (row) => row,
    });
    const orderIds = page.data.flatMap((row) => (row.orderId === null ? [] : [row.orderId]));
    const references = new Map(
      orderIds.length === 0 ? [] : (await db.select({ id: orders.id, reference: orders.reference }).from(orders).where(inArray(orders.id, orderIds))).map((row) => [row.id, row.reference]),
    );
    return sendParsed(reply, partnerResponse, {
      status: true,
      data: {
        ...page,
        data: page.data.map((row) => {
          const facts = { dueDate: row.dueDate, paid: row.paidAt !== null };
          return {
            id: row.id,
            number: invoiceNumber(row.id),
            order_reference: row.orderId === null ? null : (references.get(row.orderId) ?? null),
            amount: row.amount,
            due_date: row.dueDate,
            status: invoiceStatus(facts, today),
            blocks_credit: blocksCredit(facts, today, creditGraceDays),
            paid_at: row.paidAt?.toISOString() ?? null,
            created_at: row.createdAt.toISOString(),
          };
        }),
        account: {
          kind: customer.b2bType === 'b2e' ? 'b2e' : 'b2b',
          currency: currencyOf(venue),
          credit_limit: credit.limit,
          credit_used: credit.used,
          credit_available: roundMoney(Math.max(0, credit.limit - credit.used)),
          grace_days: creditGraceDays,
          blocked_by: await creditBlockingInvoice(db, customer.id, today, creditGraceDays),
          details: { contact_person: customer.contactPerson, entity_type: customer.entityType, entity_name: customer.entityName, image: customer.profileImage },
        },
      },
    });
  }, ownerOnly);

  serve(app, payInvoiceCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const { id } = parseInput(recordParams, request.params, 'invoice id');
    const body = parseInput(accountPaymentBody, request.body ?? {}, 'body');
    const [invoice] = await db.select().from(creditInvoices).where(eq(creditInvoices.id, id)).limit(1);
    if (!invoice || invoice.customerId !== customer.id) throw notFound(WALLET_MESSAGES.invoiceNotFound);
    if (invoice.paidAt !== null) throw new HttpError(409, WALLET_MESSAGES.invoicePaid);
    if (!cardPayments) throw new HttpError(503, WALLET_MESSAGES.cardPaymentUnavailable);
    const at = now();
    const hosted = await startAccountPayment(db, {
      venueId: venue.id,
      customerId: customer.id,
      purpose: 'invoice',
      invoiceId: invoice.id,
      reference: invoiceNumber(invoice.id),
      amount: invoice.amount,
      currency: currencyOf(venue),
      cardId: body.card_id,
      today: venueClock(venue, at).today,
      now: at,
    });
    return sendParsed(reply, hostedPaymentResponse, { status: true, data: hosted, message: 'Please complete the payment' });
  }, ownerOnly);
};
