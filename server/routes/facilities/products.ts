import { and, asc, inArray, ne, sql } from 'drizzle-orm';
import { type AddonCategory, type DefaultProduct, type ScheduleFacility, type Ticket, type TimeWindow } from '../../../src/domain/contract/facilities';
import { capacityLeft } from '../../../src/domain/booking/availability';
import { minutesOfTime } from '../../../src/domain/booking/dayTime';
import { sameStartTime } from '../../../src/domain/booking/ticketCapacity';
import { roundMoney } from '../../../src/domain/money';
import { type Database } from '../../db/client';
import { addonCategories, facilityBookings, products, type productDependencies } from '../../db/schema/facilities';
import { columnsAs, runStatement } from '../../db/statements';
import { facilityProductRows, REJECTED_STATUS, rentalsAt, sessionReference, slotMinutes, unitsFor, type OtherHold, type RentalRow } from './facilitiesData';

type ProductRow = typeof products.$inferSelect;

function productFields(product: ProductRow) {
  return {
    product_id: product.id,
    product_type_id: product.productTypeId,
    name: product.name,
    ar_name: product.arName,
    image: product.image,
    price: product.price,
    tax_amount: product.taxAmount,
    total_price: roundMoney(product.price + product.taxAmount),
  };
}

/** The rentals that come with a pitch for a slot: those valid at its start, with the units covering it. */
export function defaultProducts(rentals: readonly RentalRow[], slot: TimeWindow): DefaultProduct[] {
  const minutes = slotMinutes(slot);
  return rentalsAt(
    rentals.filter((row) => row.product.kind === 'rental'),
    slot.start_time,
  ).map((row) => ({ ...productFields(row.product), facility_id: row.facilityId, quantity: unitsFor(minutes, row.product.unitMinutes) }));
}

/** What the default products of a slot cost, tax included. */
export function slotPrice(rentals: readonly RentalRow[], slot: TimeWindow): number {
  return roundMoney(defaultProducts(rentals, slot).reduce((sum, product) => sum + product.total_price * product.quantity, 0));
}

const overlaps = (a: TimeWindow, b: TimeWindow) =>
  (minutesOfTime(a.start_time) ?? 0) < (minutesOfTime(b.end_time) ?? 0) && (minutesOfTime(b.start_time) ?? 0) < (minutesOfTime(a.end_time) ?? 0);

/** What a facility's tickets are made of on a day: the products, their sales that day and their dependencies. */
export interface TicketFacts {
  products: ProductRow[];
  sales: { productId: number | null; startTime: string; endTime: string; quantity: number }[];
  dependencies: (typeof productDependencies.$inferSelect)[];
}

/**
 * The statement of `loadTicketFacts`, written once (every ticket line of an order and of a hold reads it): a
 * facility's tickets in their order, each with its sales that day (bookings not rejected) and its dependencies.
 */
const TICKET_FACTS = `select ${columnsAs(products, 'p')},
    (select coalesce(json_agg(json_build_object('startTime', b.start_time, 'endTime', b.end_time, 'quantity', b.quantity)), '[]'::json)
      from facility_bookings b
      where b.facility_id = $1 and b.date = $2::date and b.product_id = p.id and b.status_id <> ${REJECTED_STATUS}) as sales,
    (select coalesce(json_agg(json_build_object('dependsOnProductId', d.depends_on_product_id, 'period', d.period)), '[]'::json)
      from product_dependencies d where d.product_id = p.id) as dependencies
  from facility_products fp join products p on p.id = fp.product_id
  where fp.facility_id = $1 and p.kind = 'ticket'
  order by fp.sort, p.id`;

type TicketFactsRow = ProductRow & {
  sales: Omit<TicketFacts['sales'][number], 'productId'>[];
  dependencies: Omit<TicketFacts['dependencies'][number], 'productId'>[];
};

export async function loadTicketFacts(db: Database, facilityId: number, date: string): Promise<TicketFacts> {
  const rows = await runStatement<TicketFactsRow>(db, TICKET_FACTS, [facilityId, date]);
  return {
    products: rows.map(({ sales: _sales, dependencies: _dependencies, ...product }) => product),
    sales: rows.flatMap((row) => row.sales.map((sale) => ({ productId: row.id, ...sale }))),
    dependencies: rows.flatMap((row) => row.dependencies.map((dependency) => ({ productId: row.id, ...dependency }))),
  };
}

/**
 * The tickets of a per-capacity facility for a slot. available_capacity: participants left on the facility
 * after bookings and other sessions' holds, except the holds of this ticket at this start, which come as
 * reserved_slots (in tickets, under a reference to the session, never its secret id) because the client takes
 * them off itself. remaining_capacity (inventory_enable): what the ticket's own stock for the slot still admits,
 * never more than the facility has left.
 */
export function ticketsOf(facts: TicketFacts, facility: ScheduleFacility, all: readonly ScheduleFacility[], slot: TimeWindow, holds: readonly OtherHold[]): Ticket[] {
  const facilityHolds = holds.filter((hold) => hold.facilityId === facility.id);
  return facts.products.map((product): Ticket => {
    const reserved = facilityHolds.filter((hold) => hold.productId === product.id && sameStartTime(hold.startTime, slot.start_time));
    const otherHolds = facilityHolds
      .filter((hold) => !reserved.includes(hold))
      .map((hold) => ({ start_time: hold.startTime, end_time: hold.endTime, quantity: hold.participants }));
    const available = capacityLeft({ ...facility, cart_items: otherHolds }, all, slot);
    const participants = Math.max(1, product.participantCount);
    const soldTickets = facts.sales
      .filter((sale) => sale.productId === product.id && overlaps({ start_time: sale.startTime, end_time: sale.endTime }, slot))
      .reduce((sum, sale) => sum + Math.ceil(sale.quantity / participants), 0);
    const stockLeft = Math.max(0, (product.inventoryCapacity ?? 0) - soldTickets) * participants;
    return {
      ...productFields(product),
      facility_id: facility.id,
      participant_count: participants,
      inventory_enable: product.inventoryEnable ? 1 : 0,
      remaining_capacity: product.inventoryEnable ? Math.min(stockLeft, available) : available,
      available_capacity: available,
      reserved_slots: reserved.map((hold) => ({ session_id: sessionReference(hold.sessionId), quantity: hold.quantity, start_time: hold.startTime })),
      dependencies: facts.dependencies
        .filter((dependency) => dependency.productId === product.id)
        .map((dependency) => ({ product_id: dependency.dependsOnProductId, period: dependency.period })),
    };
  });
}

export async function ticketsFor(
  db: Database,
  facility: ScheduleFacility,
  all: readonly ScheduleFacility[],
  slot: TimeWindow,
  date: string,
  holds: readonly OtherHold[],
): Promise<Ticket[]> {
  return ticketsOf(await loadTicketFacts(db, facility.id, date), facility, all, slot, holds);
}

/**
 * The add-ons sold with a facility, by category. Stock is the venue's: `sold` counts every booking of the add-on
 * that day, or of all time for inventory period 'T'.
 */
export async function addonCategoriesFor(db: Database, facilityId: number, date: string): Promise<AddonCategory[]> {
  const rows = (await facilityProductRows(db, [facilityId], ['addon'])).filter((row) => row.product.categoryId !== null);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.product.id);
  const [categories, sales] = await Promise.all([
    db
      .select()
      .from(addonCategories)
      .where(inArray(addonCategories.id, rows.map((row) => row.product.categoryId ?? 0)))
      .orderBy(asc(addonCategories.sort), asc(addonCategories.id)),
    db
      .select({
        productId: facilityBookings.productId,
        onDay: sql<number>`coalesce(sum(case when ${facilityBookings.date} = ${date} then ${facilityBookings.quantity} else 0 end), 0)::int`,
        ever: sql<number>`coalesce(sum(${facilityBookings.quantity}), 0)::int`,
      })
      .from(facilityBookings)
      .where(and(inArray(facilityBookings.productId, ids), ne(facilityBookings.statusId, REJECTED_STATUS)))
      .groupBy(facilityBookings.productId),
  ]);
  return categories.map((category) => ({
    id: category.id,
    name: category.name,
    ar_name: category.arName,
    products: rows
      .filter((row) => row.product.categoryId === category.id)
      .map(({ product }) => {
        const sold = sales.find((sale) => sale.productId === product.id);
        const allTime = product.inventoryPeriod?.trim().toUpperCase() === 'T';
        return {
          ...productFields(product),
          category_id: category.id,
          inventory_enable: product.inventoryEnable ? 1 : 0,
          total_stock: product.inventoryEnable ? product.inventoryCapacity : null,
          sold: product.inventoryEnable ? Number((allTime ? sold?.ever : sold?.onDay) ?? 0) : null,
          inventory_period: product.inventoryPeriod,
        };
      }),
  }));
}
