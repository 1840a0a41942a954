import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, partOf } from './columns';
import { orderLines } from './orders';

/**
 * One ticket per person a booked line admits, each with its own code for the gate. Issued once per seat of a line
 * (the unique seat makes a second, concurrent issue a no-op), when the order's tickets are first read after it is
 * paid; the holder's name is fixed then, so a later change to a family member does not rewrite an issued ticket.
 */
export const admissionTickets = pgTable(
  'admission_tickets',
  {
    id: serial('id').primaryKey(),
    orderLineId: partOf('order_line_id', () => orderLines.id),
    /** 0-based place of the person on the line. */
    seat: integer('seat').notNull(),
    holder: text('holder').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admission_tickets_seat_idx').on(t.orderLineId, t.seat), uniqueIndex('admission_tickets_code_idx').on(t.code)],
);
