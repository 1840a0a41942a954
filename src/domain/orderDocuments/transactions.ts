import { roundMoney } from '../money';
import { type OrderStatus } from '../contract/orders';
import { type OrderPayment, type OrderRefund, type PaymentStatus } from '../contract/orderDocuments';

/** What the order row says was taken from the customer's balances when it was placed. */
export type BalanceParts = { wallet: number; qpoints: number; credit: number };
export type CardAttempt = { amount: number; status: 'pending' | 'paid' | 'declined'; at: string };

/** An order that will never be paid: its wallet, q-points and credit went back to the customer. */
const isVoid = (status: OrderStatus) => status === 'failed' || status === 'expired';

/**
 * Each payment of an order: the balance parts taken when it was placed (returned once it failed or expired), then
 * each attempt at the card, in order.
 */
export function orderPayments(order: { status: OrderStatus; placedAt: string }, parts: BalanceParts, cards: readonly CardAttempt[]): OrderPayment[] {
  const balanceStatus: PaymentStatus = isVoid(order.status) ? 'returned' : 'paid';
  const balances = (['wallet', 'qpoints', 'credit'] as const)
    .filter((method) => parts[method] > 0)
    .map((method) => ({ method, amount: roundMoney(parts[method]), status: balanceStatus, at: order.placedAt }));
  return [...balances, ...cards.map((card) => ({ method: 'card' as const, amount: roundMoney(card.amount), status: card.status, at: card.at }))];
}

const sum = (amounts: readonly number[]) => roundMoney(amounts.reduce((total, amount) => total + amount, 0));

/**
 * The sums of the transaction details: what was paid (payments that went through), what is still to pay (only
 * while the order waits for its card payment: a failed or expired order owes nothing), and what came back.
 */
export function transactionSums(order: { status: OrderStatus; total: number }, payments: readonly OrderPayment[], refunds: readonly Pick<OrderRefund, 'amount' | 'status'>[]) {
  const amountPaid = sum(payments.filter((payment) => payment.status === 'paid').map((payment) => payment.amount));
  return {
    amount_paid: amountPaid,
    pending_amount: order.status === 'pending_payment' ? roundMoney(Math.max(0, order.total - amountPaid)) : 0,
    refunded_amount: sum(refunds.filter((refund) => refund.status === 'refunded').map((refund) => refund.amount)),
    refund_requested_amount: sum(refunds.filter((refund) => refund.status === 'requested').map((refund) => refund.amount)),
  };
}
