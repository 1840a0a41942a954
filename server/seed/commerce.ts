import { eq, inArray } from 'drizzle-orm';
import { PRODUCT_TYPE } from '../../src/domain/productTypes';
import { type Database } from '../db/client';
import { customers } from '../db/schema/accounts';
import { memberships } from '../db/schema/catalogue';
import { products } from '../db/schema/facilities';
import { approvalRequirements, creditInvoices, membershipBenefits, partnerCreditAccounts, promoCodes, qpointsLedger, savedCards, walletLedger } from '../db/schema/orders';

export const DEMO_PROMO_CODES = {
  /** 10% off every facility product, once per customer. */
  welcome: 'WELCOME10',
  /** 20% off Aqua Park tickets only. */
  splash: 'SPLASH20',
  /** 25 AED (tax included) off each Full Pitch Rental unit, for the first 50 orders. */
  pitch: 'PITCH25',
  /** Ended last month. */
  expired: 'SPRING15',
} as const;

/** The demo member's card (MSP-…) takes 15% off facility products. */
export const DEMO_MEMBER_BENEFIT_PERCENT = 15;

export const DEMO_BALANCES = {
  customerWallet: 150,
  memberQpoints: 120,
  partnerCreditLimit: 1000,
  partnerCreditUsed: 350,
} as const;

/**
 * Money and offers of the demo venue: memberships, promo codes, the member benefit, the customer's wallet and
 * saved card, the member's q-points, the partner's credit facility with an open invoice, and the VIP Bowling Game
 * that waits for the venue's approval. Dates are relative to `day(0)`, the venue's today.
 */
export async function seedCommerce(db: Database, venueId: number, day: (offset: number) => string, accounts: { customer: string; member: string; partner: string }): Promise<void> {
  const [gold] = await db
    .insert(memberships)
    .values([
      { venueId, name: 'Gold Membership', arName: 'العضوية الذهبية', description: 'A year of every facility, priority booking and member rates.', arDescription: 'عام كامل من جميع المرافق مع أولوية الحجز وأسعار الأعضاء.', price: 2500, taxAmount: 125, durationDays: 365 },
      { venueId, name: 'Silver Membership', arName: 'العضوية الفضية', description: 'Six months of pools, courts and pitches at member rates.', arDescription: 'ستة أشهر من المسابح والملاعب بأسعار الأعضاء.', price: 1400, taxAmount: 70, durationDays: 180 },
      { venueId, name: 'Family Summer Pass', arName: 'بطاقة الصيف العائلية', description: 'Ninety days of the Aqua Park for a family of four.', arDescription: 'تسعون يومًا في الحديقة المائية لعائلة من أربعة أفراد.', price: 900, taxAmount: 45, durationDays: 90 },
    ])
    .returning({ id: memberships.id });

  const catalogue = await db.select({ id: products.id, name: products.name }).from(products).where(eq(products.venueId, venueId));
  const productId = (name: string) => {
    const found = catalogue.find((each) => each.name === name);
    if (!found) throw new Error(`demo product ${name} missing`);
    return found.id;
  };
  const aquaTickets = ['Adult', 'Child', 'Family Pass', 'Cabana Pass', 'Slides Day Pass'].map(productId);
  const facilityProducts = { productIds: null, productTypeIds: [PRODUCT_TYPE.facility] };
  await db.insert(promoCodes).values([
    { venueId, code: DEMO_PROMO_CODES.welcome, percent: 10, scope: facilityProducts, validFrom: day(-30), validTo: day(365), usageLimitPerCustomer: 1 },
    { venueId, code: DEMO_PROMO_CODES.splash, percent: 20, scope: { productIds: aquaTickets, productTypeIds: null }, validFrom: day(-30), validTo: day(90) },
    { venueId, code: DEMO_PROMO_CODES.pitch, amount: 25, scope: { productIds: [productId('Full Pitch Rental')], productTypeIds: null }, validTo: day(60), usageLimit: 50 },
    { venueId, code: DEMO_PROMO_CODES.expired, percent: 15, scope: facilityProducts, validFrom: day(-90), validTo: day(-30) },
  ]);
  await db.insert(membershipBenefits).values({ venueId, cardPrefix: 'MSP-', membershipId: gold?.id ?? null, percent: DEMO_MEMBER_BENEFIT_PERCENT, scope: facilityProducts });

  await db.insert(approvalRequirements).values({ venueId, productId: productId('VIP Bowling Game') });

  const people = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(customers.email, [accounts.customer, accounts.member, accounts.partner]));
  const idOf = (email: string) => {
    const found = people.find((each) => each.email === email);
    if (!found) throw new Error(`demo account ${email} missing`);
    return found.id;
  };
  const customer = idOf(accounts.customer);
  const member = idOf(accounts.member);
  const partner = idOf(accounts.partner);
  await db.insert(walletLedger).values([
    { customerId: customer, amount: 200, reason: 'Top-up' },
    { customerId: customer, amount: -50, reason: 'Spent at the kiosk café' },
  ]);
  await db.insert(qpointsLedger).values({ customerId: member, amount: DEMO_BALANCES.memberQpoints, reason: 'Welcome points' });
  await db.insert(savedCards).values({ customerId: customer, brand: 'Visa', last4: '4242', expiry: '12/29', gatewayToken: 'card_demo_layla_visa_4242' });
  await db.insert(partnerCreditAccounts).values({ customerId: partner, creditLimit: DEMO_BALANCES.partnerCreditLimit, paymentTermDays: 30 });
  await db.insert(creditInvoices).values([
    { customerId: partner, amount: DEMO_BALANCES.partnerCreditUsed, dueDate: day(12) },
    { customerId: partner, amount: 480, dueDate: day(-20), paidAt: new Date(`${day(-25)}T08:00:00Z`) },
  ]);
}
