import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { createdAt, partOf, price } from './columns';
import { orderLines, orders, payments } from './orders';

export const bookingMoveStates = ['pending', 'completed', 'failed', 'expired'] as const;

/**
 * A reschedule to a dearer slot waiting for its difference to be paid (issue 15). While `pending` its hold
 * bookings keep the new slot (and its add-ons' stock) taken; the booking itself stays on its old slot until the
 * payment settles, and is never touched when the payment fails or the move expires.
 */
export const bookingMoves = pgTable(
  'booking_moves',
  {
    id: serial('id').primaryKey(),
    /** Unguessable: the payment page sends the browser back to the move's page by it. */
    token: text('token').notNull().unique(),
    orderId: partOf('order_id', () => orders.id),
    orderLineId: partOf('order_line_id', () => orderLines.id),
    customerId: partOf('customer_id', () => customers.id),
    fromDate: text('from_date').notNull(),
    fromStartTime: text('from_start_time'),
    fromEndTime: text('from_end_time'),
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    /** The difference the customer pays: the wallet's part at once, the rest by `paymentId`. */
    amount: price('amount').notNull(),
    paidByWallet: price('paid_by_wallet').notNull().default(0),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The facility bookings that hold the new slot and its add-ons meanwhile. */
    holdBookingIds: jsonb('hold_booking_ids').$type<number[]>().notNull().default([]),
    state: text('state', { enum: bookingMoveStates }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('booking_moves_line_idx').on(t.orderLineId, t.state), index('booking_moves_due_idx').on(t.state, t.expiresAt)],
);
