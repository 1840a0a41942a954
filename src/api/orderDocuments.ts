import * as z from 'zod/mini';
import {
  orderDocumentsCall,
  orderDocumentsResponse,
  receiptPdfCall,
  ticketsPdfCall,
  upcomingTicketsCall,
  upcomingTicketsResponse,
  type OrderDocumentKind,
} from '../domain/contract/orderDocuments';
import { type Lang } from '../domain/lang';
import { type ApiClient } from './client';

/** GET customers/orders/{id}/tickets: the order's tickets and transaction details (its owner only). */
export function getOrderDocuments(api: ApiClient, orderId: number) {
  return api.call(orderDocumentsCall.path({ orderId }), { method: orderDocumentsCall.method, schema: orderDocumentsResponse });
}

/** A PDF answer: the client reads any answer that is not JSON or text as a Blob. */
const pdfFile = z.instanceof(Blob);

const DOCUMENT_CALLS = { tickets: ticketsPdfCall, receipt: receiptPdfCall } as const;

/** GET customers/orders/{id}/tickets.pdf or receipt.pdf in `lang`: the file the server made. */
export function getOrderDocumentPdf(api: ApiClient, orderId: number, kind: OrderDocumentKind, lang: Lang) {
  const call = DOCUMENT_CALLS[kind];
  return api.call(call.path({ orderId }), { method: call.method, query: { lang }, schema: pdfFile });
}

/** GET customers/tickets/upcoming: the tickets a customer's own device keeps for the gate. */
export function getUpcomingTickets(api: ApiClient) {
  return api.call(upcomingTicketsCall.path(), { method: upcomingTicketsCall.method, schema: upcomingTicketsResponse });
}
