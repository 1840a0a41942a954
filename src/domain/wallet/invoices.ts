import { addDays } from '../booking/dayTime';

export const INVOICE_STATUSES = ['open', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

interface InvoiceFacts {
  dueDate: string;
  paid: boolean;
}

/** Paid, open until its due date (the due date itself included), overdue after it. */
export function invoiceStatus(invoice: InvoiceFacts, today: string): InvoiceStatus {
  if (invoice.paid) return 'paid';
  return invoice.dueDate < today ? 'overdue' : 'open';
}

/** An unpaid invoice more than `graceDays` past due stops new credit purchases until it is paid. */
export function blocksCredit(invoice: InvoiceFacts, today: string, graceDays: number): boolean {
  if (invoice.paid) return false;
  const lastDay = addDays(invoice.dueDate, graceDays);
  return lastDay !== null && lastDay < today;
}

/** The number printed on an invoice: its id, zero-padded. */
export const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, '0')}`;
