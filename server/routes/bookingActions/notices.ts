import { eq } from 'drizzle-orm';
import { NOTIFICATION_CHANNELS } from '../../../src/domain/constants';
import { type CancelResult, type RescheduleResult } from '../../../src/domain/contract/bookingActions';
import { formatAmount } from '../../../src/domain/money';
import { type Notifier } from '../../auth/notifications';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { type OwnedBooking } from './ownedBooking';

/** What a cancel or a move tells the buyer about, named as their confirmation names it. */
type BookingNamed = { line: Pick<OwnedBooking['line'], 'name' | 'date' | 'startTime'>; order: Pick<OwnedBooking['order'], 'reference'> };

const slotText = (slot: { date: string; start_time: string | null }) => [slot.date, slot.start_time?.slice(0, 5)].filter(Boolean).join(' at ');

/** Tells the buyer, on every channel they have, what changed and what comes back (the outbox in development). */
export async function tellBuyer(db: Database, notifier: Notifier, customerId: number, message: { subject: string; body: string[] }, now: Date) {
  const [buyer] = await db.select({ email: customers.email, mobile: customers.mobile, firstName: customers.firstName }).from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!buyer) return;
  await notifier.send({ channel: NOTIFICATION_CHANNELS.ALL, to: { email: buyer.email, mobile: buyer.mobile }, subject: message.subject, body: [`Hello ${buyer.firstName},`, '', ...message.body].join('\n') }, now);
}

export function cancelMessage(booking: BookingNamed, result: CancelResult) {
  const money = (amount: number) => formatAmount(amount, result.currency);
  return {
    subject: `Booking cancelled: ${booking.line.name}`,
    body: [
      `Your booking ${booking.line.name}${booking.line.date ? ` on ${slotText({ date: booking.line.date, start_time: booking.line.startTime })}` : ''} (order ${booking.order.reference}) is cancelled.`,
      ...(result.to_wallet > 0 ? [`${money(result.to_wallet)} is back in your wallet.`] : []),
      ...(result.to_card > 0 ? [`A refund of ${money(result.to_card)} to your card is requested; it reaches your card within 7 business days.`] : []),
      ...(result.refund === 0 ? ['Under the venue’s cancellation policy nothing is refunded.'] : []),
    ],
  };
}

export function rescheduleMessage(booking: BookingNamed, result: Pick<RescheduleResult, 'slot' | 'refund_to_wallet' | 'paid_difference' | 'currency'>) {
  return {
    subject: `Booking moved: ${booking.line.name}`,
    body: [
      `Your booking ${booking.line.name} (order ${booking.order.reference}) is now on ${slotText(result.slot)}.`,
      ...(result.refund_to_wallet > 0 ? [`${formatAmount(result.refund_to_wallet, result.currency)} is back in your wallet.`] : []),
      ...(result.paid_difference > 0 ? [`You paid ${formatAmount(result.paid_difference, result.currency)} for the difference.`] : []),
    ],
  };
}

