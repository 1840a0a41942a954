import { and, eq } from 'drizzle-orm';
import { type Database } from '../db/client';
import { customers } from '../db/schema/accounts';
import { trainers } from '../db/schema/catalogue';
import { orderLines, orders, payments, refunds, walletLedger } from '../db/schema/orders';

/** The demo customer's order whose tickets and transaction details show every part (README, "Demo venue"). */
export const DEMO_TICKET_ORDER = { reference: 'ORD-7C1A90D2E4', token: 'demo-ticket-order-layla-7c1a90d2e4' } as const;

const visitor = (name: string, email: string) => ({ name, email, mobile_number: '501234567', country_code: '971' });

/**
 * A paid order of the demo customer, 2 days old: a sunrise yoga session with Coach Priya Nair for Layla and Omar in 4 days (upcoming; the
 * events' capacity tests count every event ticket, so the demo books none), and a
 * session with Coach Omar Haddad she cancelled. It was paid 100 AED from the wallet and the rest by card, so the
 * cancelled session's refund went back both ways: the wallet part at once (refunded), the card part requested from
 * the gateway. The wallet ledger records the payment and the refund, so the demo wallet balance stays as documented.
 */
export async function seedTicketOrders(db: Database, venueId: number, day: (offset: number) => string, customerEmail: string): Promise<void> {
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, customerEmail)).limit(1);
  const [yoga] = await db.select().from(trainers).where(and(eq(trainers.venueId, venueId), eq(trainers.name, 'Coach Priya Nair'))).limit(1);
  const [coach] = await db.select().from(trainers).where(and(eq(trainers.venueId, venueId), eq(trainers.name, 'Coach Omar Haddad'))).limit(1);
  if (!customer || !yoga || !coach) throw new Error('the demo ticket order needs the demo customer, Coach Priya Nair and Coach Omar Haddad');

  const placedAt = new Date(`${day(-2)}T06:30:00Z`);
  const cancelledAt = new Date(`${day(-1)}T09:15:00Z`);
  const ticket = { unitPrice: 200, unitTax: 10, quantity: 2 };
  const session = { unitPrice: 300, unitTax: 15, quantity: 1 };
  const lineTotal = (line: typeof ticket) => (line.unitPrice + line.unitTax) * line.quantity;
  const total = lineTotal(ticket) + lineTotal(session);
  const byWallet = 100;
  const byCard = total - byWallet;

  const [order] = await db
    .insert(orders)
    .values({
      token: DEMO_TICKET_ORDER.token,
      reference: DEMO_TICKET_ORDER.reference,
      venueId,
      customerId: customer.id,
      status: 'paid',
      currency: 'AED',
      subtotal: ticket.unitPrice * ticket.quantity + session.unitPrice * session.quantity,
      vat: ticket.unitTax * ticket.quantity + session.unitTax * session.quantity,
      discount: 0,
      total,
      paidByCard: byCard,
      paidByWallet: byWallet,
      createdAt: placedAt,
      settledAt: placedAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the demo ticket order was not created');

  const [yogaLine, sessionLine] = await db
    .insert(orderLines)
    .values([
      {
        orderId: order.id,
        kind: 'training',
        itemId: yoga.id,
        name: yoga.name,
        arName: yoga.arName,
        date: day(4),
        startTime: '07:00:00',
        endTime: '07:45:00',
        ...ticket,
        total: lineTotal(ticket),
        customers: [visitor('Layla Hassan', 'layla.hassan@example.com'), visitor('Omar Hassan', 'omar.hassan@example.com')],
        ticketCode: 'TKT-3F9A1C7B20D4',
      },
      {
        orderId: order.id,
        kind: 'training',
        itemId: coach.id,
        name: coach.name,
        arName: coach.arName,
        date: day(5),
        startTime: '17:00:00',
        endTime: '18:00:00',
        ...session,
        total: lineTotal(session),
        ticketCode: 'TKT-8B2E6D4A19C5',
        cancelledAt,
      },
    ])
    .returning({ id: orderLines.id });
  if (!yogaLine || !sessionLine) throw new Error('the demo ticket order lines were not created');

  await db.insert(payments).values({
    orderId: order.id,
    gateway: 'redirect',
    transactionId: 'demo-txn-7c1a90d2e4',
    amount: byCard,
    status: 'paid',
    createdAt: placedAt,
    settledAt: placedAt,
  });
  const refundedToCard = lineTotal(session) - byWallet;
  await db.insert(refunds).values([
    { orderId: order.id, orderLineId: sessionLine.id, amount: byWallet, method: 'wallet', status: 'refunded', reason: 'cancelled', createdAt: cancelledAt, settledAt: cancelledAt },
    { orderId: order.id, orderLineId: sessionLine.id, amount: refundedToCard, method: 'card', status: 'requested', reason: 'cancelled', createdAt: cancelledAt },
  ]);
  await db.insert(walletLedger).values([
    { customerId: customer.id, amount: -byWallet, reason: `Order ${DEMO_TICKET_ORDER.reference}`, orderId: order.id, createdAt: placedAt },
    { customerId: customer.id, amount: byWallet, reason: `Refund of order ${DEMO_TICKET_ORDER.reference}`, orderId: order.id, createdAt: cancelledAt },
  ]);
}
