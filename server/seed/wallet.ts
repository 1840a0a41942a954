import { and, eq, inArray } from 'drizzle-orm';
import { LEDGER_REASONS } from '../../src/domain/wallet/ledgerEntries';
import { settleQpoints } from '../../src/domain/wallet/qpointsExpiry';
import { type Database } from '../db/client';
import { customers } from '../db/schema/accounts';
import { creditInvoices, partnerCreditAccounts, qpointsLedger, savedCards, walletLedger } from '../db/schema/orders';
import { venueWalletSettings } from '../db/schema/wallet';

/** A second partner whose invoice is overdue beyond the grace days, so the credit block shows on a fresh demo. */
export const DEMO_BLOCKED_PARTNER = { email: 'hamad.suwaidi@example.com', mobile: '+971508901234' } as const;

/** The demo venue's money rules: top-ups of AED 50 to 1,000 in steps of 50, 1 q-point per AED 100 valid 12 months, 7 days' grace. */
export const DEMO_WALLET_SETTINGS = { topUpMin: 50, topUpMax: 1000, topUpStep: 50, qpointsPerUnit: 0.01, creditGraceDays: 7, qpointsValidityMonths: 12 } as const;

interface Accounts {
  customer: string;
  partner: string;
  employee: string;
}

/** 'MM/YY' of the month `months` away from today. */
function expiryIn(today: string, months: number): string {
  const [year = 2026, month = 1] = today.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  return `${String((index % 12) + 1).padStart(2, '0')}/${String(Math.floor(index / 12) % 100).padStart(2, '0')}`;
}

/**
 * The saved cards, wallet and q-points history of the demo customer, and the partners' credit: dates relative to
 * `today`. Balances commerce.ts seeds (and the tests count on) stay as they are: the wallet history added here sums
 * to zero, Noura's unpaid credit is unchanged, and the block sits on Hamad's account, not on Noura's.
 */
export async function seedWallet(db: Database, venueId: number, today: string, accounts: Accounts): Promise<void> {
  await db.insert(venueWalletSettings).values({ venueId, ...DEMO_WALLET_SETTINGS });
  const people = await db
    .select({ id: customers.id, email: customers.email, passwordHash: customers.passwordHash })
    .from(customers)
    .where(inArray(customers.email, [accounts.customer, accounts.partner, accounts.employee]));
  const find = (email: string) => {
    const found = people.find((each) => each.email === email);
    if (!found) throw new Error(`demo account ${email} missing`);
    return found;
  };
  const customer = find(accounts.customer).id;
  const partner = find(accounts.partner);
  const employee = find(accounts.employee).id;
  const daysAgo = (days: number, hour = 10) => new Date(Date.parse(`${today}T${String(hour).padStart(2, '0')}:00:00Z`) - days * 86_400_000);

  await db
    .update(savedCards)
    .set({ maskedNumber: '424242******4242', isDefault: true })
    .where(and(eq(savedCards.customerId, customer), eq(savedCards.last4, '4242')));
  await db.insert(savedCards).values([
    { customerId: customer, brand: 'Mastercard', last4: '5454', maskedNumber: '545454******5454', expiry: expiryIn(today, 20), gatewayToken: 'card_demo_layla_mc_5454', createdAt: daysAgo(40) },
    { customerId: customer, brand: 'Visa', last4: '1111', maskedNumber: '411111******1111', expiry: expiryIn(today, -2), gatewayToken: 'card_demo_layla_visa_1111', createdAt: daysAgo(400) },
    { customerId: customer, brand: 'Unknown', last4: '0005', maskedNumber: '3782********0005', expiry: expiryIn(today, 30), gatewayToken: 'card_demo_layla_amex_0005', createdAt: daysAgo(90) },
  ]);

  // Five months of wallet use that nets to zero, oldest first; with commerce.ts's two entries, 21 entries: two pages.
  const walletHistory: [days: number, amount: number, reason: string][] = [
    [150, 300, LEDGER_REASONS.topUp],
    [146, -85, 'Order ORD-3A91C'],
    [131, -60, 'Order ORD-4B22D'],
    [120, 60, 'Refund of order ORD-4B22D'],
    [112, -120, 'Order ORD-5C07E'],
    [98, 100, LEDGER_REASONS.topUp],
    [95, -45, 'Order ORD-6D18F'],
    [80, -50, 'Order ORD-7E29A'],
    [66, 200, LEDGER_REASONS.topUp],
    [61, -105, 'Order ORD-8F3AB'],
    [47, -75, 'Order ORD-904BC'],
    [40, 75, 'Order ORD-904BC expired'],
    [33, -90, 'Order ORD-A15CD'],
    [25, 50, LEDGER_REASONS.topUp],
    [18, -40, 'Order ORD-B26DE'],
    [12, 25, 'Goodwill credit'],
    [8, -65, 'Order ORD-C37EF'],
    [4, -75, 'Order ORD-D48F0'],
  ];
  // commerce.ts's top-up and café spend (the balance of 150 the checkout tests count on) come last, around
  // ticketOrders.ts's wallet payment two days ago and its refund yesterday, so no running balance dips below zero.
  await db.update(walletLedger).set({ createdAt: daysAgo(3) }).where(and(eq(walletLedger.customerId, customer), eq(walletLedger.amount, 200)));
  await db.update(walletLedger).set({ createdAt: daysAgo(1) }).where(and(eq(walletLedger.customerId, customer), eq(walletLedger.amount, -50)));
  await db.insert(walletLedger).values(walletHistory.map(([days, amount, reason]) => ({ customerId: customer, amount, reason, createdAt: daysAgo(days) })));

  // Thirteen months of points: what was left of the two oldest earnings expired about 35 and 15 days ago (written by
  // the rule the server settles with), and the 20 earned 350 days ago expire in about two weeks. Balance 35.
  const qpointsHistory: [days: number, amount: number, reason: string][] = [
    [400, 12, LEDGER_REASONS.earned],
    [380, 8, LEDGER_REASONS.earned],
    [370, -10, 'Order ORD-6D18F'],
    [350, 20, LEDGER_REASONS.earned],
    [60, 5, LEDGER_REASONS.earned],
    [10, 10, LEDGER_REASONS.earned],
  ];
  const earnedAndSpent = qpointsHistory.map(([days, amount, reason]) => ({ customerId: customer, amount, reason, createdAt: daysAgo(days) }));
  const { due } = settleQpoints(
    earnedAndSpent.map((entry) => ({ amount: entry.amount, at: entry.createdAt.getTime() })),
    DEMO_WALLET_SETTINGS.qpointsValidityMonths,
    daysAgo(0, 0).getTime(),
  );
  const expired = due.map((expiry) => ({ customerId: customer, amount: -expiry.points, reason: LEDGER_REASONS.expired, createdAt: new Date(expiry.at) }));
  await db.insert(qpointsLedger).values([...earnedAndSpent, ...expired]);

  const dueIn = (days: number) => daysAgo(-days).toISOString().slice(0, 10);
  await db.insert(creditInvoices).values([
    { customerId: partner.id, amount: 620, dueDate: dueIn(-50), paidAt: daysAgo(55), createdAt: daysAgo(80) },
    { customerId: partner.id, amount: 275, dueDate: dueIn(-80), paidAt: daysAgo(82), createdAt: daysAgo(110) },
  ]);

  const [blocked] = await db
    .insert(customers)
    .values({
      firstName: 'Hamad',
      lastName: 'Al Suwaidi',
      email: DEMO_BLOCKED_PARTNER.email,
      mobile: DEMO_BLOCKED_PARTNER.mobile,
      countryCode: '971',
      passwordHash: partner.passwordHash,
      b2bId: 503,
      b2bType: 'b2b',
      entityName: 'Oasis Travel & Tours LLC',
      entityType: 'Travel agency',
      contactPerson: 'Hamad Al Suwaidi',
    })
    .returning({ id: customers.id });
  if (!blocked) throw new Error('the blocked demo partner was not created');
  await db.insert(partnerCreditAccounts).values([
    { customerId: blocked.id, creditLimit: 3000, paymentTermDays: 30 },
    { customerId: employee, creditLimit: 1500, paymentTermDays: 30 },
  ]);
  await db.insert(creditInvoices).values([
    { customerId: blocked.id, amount: 410, dueDate: dueIn(-20), createdAt: daysAgo(50) },
    { customerId: blocked.id, amount: 180, dueDate: dueIn(-3), createdAt: daysAgo(33) },
    { customerId: blocked.id, amount: 260, dueDate: dueIn(15), createdAt: daysAgo(15) },
    { customerId: blocked.id, amount: 530, dueDate: dueIn(-40), paidAt: daysAgo(41), createdAt: daysAgo(70) },
    { customerId: employee, amount: 95, dueDate: dueIn(20), createdAt: daysAgo(10) },
    { customerId: employee, amount: 140, dueDate: dueIn(-15), paidAt: daysAgo(16), createdAt: daysAgo(45) },
  ]);
}
