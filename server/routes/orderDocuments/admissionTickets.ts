import { randomBytes } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { admissionHolders } from '../../../src/domain/orderDocuments/admissions';
import { type Database } from '../../db/client';
import { admissionTickets } from '../../db/schema/admissionTickets';
import { type orderLines } from '../../db/schema/orders';

type LineRow = typeof orderLines.$inferSelect;
export type Admission = { seat: number; holder: string; code: string };

/** 64 random bits: nobody can reach another person's ticket from their own. */
const admissionCode = () => `TKT-${randomBytes(8).toString('hex').toUpperCase()}`;

/** The buyer as a ticket names them: first and last name. */
export const buyerName = (row: { firstName: string | null; lastName: string | null } | undefined) => [row?.firstName, row?.lastName].filter(Boolean).join(' ');

/** A visitor entry as far as its name: the only detail of a visitor that a ticket or a booking shows. */
const visitorName = z.object({ name: z.string() });

/** The names a line's visitor details carry (bounded by the order's own limits when it was placed); an entry without one is skipped. */
export function visitorNames(customers: readonly unknown[]): string[] {
  return customers.flatMap((entry) => {
    const parsed = visitorName.safeParse(entry);
    return parsed.success && parsed.data.name.trim() !== '' ? [parsed.data.name.trim()] : [];
  });
}

const readAdmissions = async (db: Database, lineIds: number[]) =>
  lineIds.length === 0 ? [] : db.select().from(admissionTickets).where(inArray(admissionTickets.orderLineId, lineIds)).orderBy(asc(admissionTickets.orderLineId), asc(admissionTickets.seat));

/**
 * The tickets of a paid order's booked lines, one a person, by line, issuing whatever is missing: an order paid
 * since its tickets were last read, or paid before tickets were issued a person (older orders). Two readers issuing
 * at once both end with the same codes: the seat is unique and the second insert does nothing.
 */
export async function admissionsOf(db: Database, lines: readonly LineRow[], buyer: string): Promise<Map<number, Admission[]>> {
  const booked = lines.filter((line) => line.parentLineId === null && line.ticketCode !== null);
  const lineIds = booked.map((line) => line.id);
  let rows = await readAdmissions(db, lineIds);
  const issued = new Set(rows.map((row) => `${row.orderLineId}:${row.seat}`));
  const missing = booked.flatMap((line) =>
    admissionHolders({ kind: line.kind, quantity: line.quantity, visitors: visitorNames(line.customers) }, buyer).flatMap((holder, seat) =>
      issued.has(`${line.id}:${seat}`)
        ? []
        : // The first person keeps the line's own code: the one an older order's confirmation, PDF or device copy
          // already carries stays good at the gate.
          [{ orderLineId: line.id, seat, holder, code: seat === 0 && line.ticketCode !== null ? line.ticketCode : admissionCode() }],
    ),
  );
  if (missing.length > 0) {
    await db.insert(admissionTickets).values(missing).onConflictDoNothing({ target: [admissionTickets.orderLineId, admissionTickets.seat] });
    rows = await readAdmissions(db, lineIds);
  }
  const byLine = new Map<number, Admission[]>(booked.map((line) => [line.id, []]));
  for (const row of rows) byLine.get(row.orderLineId)?.push({ seat: row.seat, holder: row.holder, code: row.code });
  return byLine;
}
