import { and, eq } from 'drizzle-orm';
import { siteConfig } from '../../src/domain/contract/config';
import { fieldsToLock } from '../../src/domain/profile/profileRules';
import { type Database } from '../db/client';
import { customers } from '../db/schema/accounts';
import { facilities, facilityBookings, facilityProducts, products } from '../db/schema/facilities';
import { orderLines, orders, payments } from '../db/schema/orders';
import { venues } from '../db/schema/venue';
import { countries, customerTags, familyMembers } from '../db/schema/visitors';
import { DEMO_FAMILY } from './visitors';

/** A valid Emirates ID (784, birth year, serial, Luhn check digit). */
const DEMO_EMIRATES_ID = '784199012345676';

/** The Arabic-named member, so the family page shows both scripts. */
export const DEMO_ARABIC_MEMBER = { firstName: 'نورة', lastName: 'حسن' } as const;

/**
 * The profile area's demo: the demo customer's full, editable profile and family (one member with an upcoming
 * booking, one without, one with an Arabic name), and the member account verified with its details locked.
 */
export async function seedProfiles(db: Database, venueId: number, day: (offset: number) => string, accounts: { customer: string; member: string }): Promise<void> {
  const [venue] = await db.select({ config: venues.config }).from(venues).where(eq(venues.id, venueId)).limit(1);
  const religions = siteConfig.parse(venue?.config).religions;
  const countryId = async (name: string) => (await db.select({ id: countries.id }).from(countries).where(eq(countries.name, name)).limit(1))[0]?.id ?? null;
  const [tag] = await db.select({ id: customerTags.id }).from(customerTags).where(eq(customerTags.venueId, venueId)).limit(1);
  const expiry = day(2 * 365);

  const [layla] = await db
    .update(customers)
    .set({
      nationalityCountryId: await countryId('United Arab Emirates'),
      religionId: religions[0]?.id ?? null,
      idProofTypeId: 32,
      idProofNumber: DEMO_EMIRATES_ID,
      idProofExpiry: expiry,
      customerTagId: tag?.id ?? null,
    })
    .where(eq(customers.email, accounts.customer))
    .returning();
  if (!layla) throw new Error('the demo customer must be seeded before the profiles');

  const [ahmed] = await db
    .update(customers)
    .set({ nationalityCountryId: await countryId('Oman'), idProofTypeId: 33, idProofNumber: 'OM4455667', idProofExpiry: expiry, verifiedAt: new Date(`${day(-30)}T06:00:00Z`) })
    .where(eq(customers.email, accounts.member))
    .returning();
  if (!ahmed) throw new Error('the demo member must be seeded before the profiles');
  await db
    .update(customers)
    .set({
      verifiedFields: fieldsToLock({
        first_name: ahmed.firstName,
        last_name: ahmed.lastName,
        dob: ahmed.dob,
        gender: ahmed.gender,
        nationality_id: ahmed.nationalityCountryId,
        id_proof_number: ahmed.idProofNumber,
      }),
    })
    .where(eq(customers.id, ahmed.id));

  await db.update(familyMembers).set({ relation: 'child' }).where(eq(familyMembers.ownerId, layla.id));
  const [memberCustomer] = await db
    .insert(customers)
    .values({ ...DEMO_ARABIC_MEMBER, dob: '1962-11-03', gender: 'Female' })
    .returning({ id: customers.id });
  await db.insert(familyMembers).values({
    ownerId: layla.id,
    memberId: memberCustomer!.id,
    ...DEMO_ARABIC_MEMBER,
    dob: '1962-11-03',
    gender: 'Female',
    relation: 'parent',
    nationality: await countryId('Jordan'),
  });

  // Omar is booked for a visit in four weeks (a day and slot the tests leave alone): the family page says so before he is removed.
  const [omar] = await db
    .select({ memberId: familyMembers.memberId })
    .from(familyMembers)
    .where(and(eq(familyMembers.ownerId, layla.id), eq(familyMembers.firstName, DEMO_FAMILY.withSavedData.firstName)))
    .limit(1);
  const visitDay = day(27);
  if (!omar) throw new Error('the demo family was not seeded');
  // A real booking, as POST orders leaves one: the Aqua Park slot's facility booking takes its two places.
  const [aquaPark] = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.name, 'Aqua Park')).limit(1);
  const [adult] = await db
    .select({ id: products.id, price: products.price, tax: products.taxAmount })
    .from(products)
    .innerJoin(facilityProducts, eq(facilityProducts.productId, products.id))
    .where(and(eq(facilityProducts.facilityId, aquaPark?.id ?? 0), eq(products.name, 'Adult')))
    .limit(1);
  if (!aquaPark || !adult) throw new Error('the Aqua Park and its Adult ticket were not seeded');
  const visit = { date: visitDay, startTime: '10:00:00', endTime: '11:00:00' };
  const total = (adult.price + adult.tax) * 2;
  const [order] = await db
    .insert(orders)
    .values({ token: 'demo-family-visit', reference: 'ORD-FAM0001', venueId, customerId: layla.id, status: 'paid', currency: 'AED', subtotal: adult.price * 2, vat: adult.tax * 2, discount: 0, total, paidByCard: total, createdAt: new Date(`${day(-2)}T07:00:00Z`), settledAt: new Date(`${day(-2)}T07:05:00Z`) })
    .returning({ id: orders.id });
  const [booking] = await db
    .insert(facilityBookings)
    .values({ facilityId: aquaPark.id, productId: adult.id, customerId: layla.id, ...visit, quantity: 2 })
    .returning({ id: facilityBookings.id });
  const visitor = (id: number, name: string, email: string | null, mobile: string | null) => ({ customer_id: id, name, email: email ?? '', mobile_number: mobile ?? '', country_code: '971' });
  await db.insert(orderLines).values({
    orderId: order!.id,
    kind: 'facility',
    productId: adult.id,
    itemId: aquaPark.id,
    facilityBookingId: booking!.id,
    name: 'Aqua Park',
    arName: 'الحديقة المائية',
    ...visit,
    quantity: 2,
    unitPrice: adult.price,
    unitTax: adult.tax,
    total,
    customers: [visitor(layla.id, `${layla.firstName} ${layla.lastName}`, layla.email, layla.mobile), visitor(omar.memberId, 'Omar Hassan', null, null)],
    ticketCode: 'TKT-FAM000000001',
  });
  // Paid by card, so its transaction details show the payment as any paid order's do.
  const paidAt = new Date(`${day(-2)}T07:05:00Z`);
  await db.insert(payments).values({ orderId: order!.id, gateway: 'redirect', transactionId: 'demo-txn-fam0001', amount: total, status: 'paid', createdAt: paidAt, settledAt: paidAt });
}
