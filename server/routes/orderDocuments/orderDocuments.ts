import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  documentFileName,
  documentQuery,
  orderDocumentsCall,
  orderDocumentsResponse,
  receiptPdfCall,
  ticketsPdfCall,
  UPCOMING_TICKETS_MAX,
  upcomingTicketsCall,
  upcomingTicketsResponse,
  type OrderDocumentKind,
} from '../../../src/domain/contract/orderDocuments';
import { queryId } from '../../../src/domain/contract/primitives';
import { type Lang } from '../../../src/domain/lang';
import { loginFirst, requireCustomer } from '../../http/auth';
import { type AppContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { orderDocumentPdf } from './documents';
import { loadOrderDocuments, loadUpcomingTickets } from './orderFacts';

export const ORDER_NOT_FOUND = 'We could not find this order in your account';

const orderParams = z.object({ orderId: queryId });

/** The PDF's language: `?lang=`, else the first language the browser asks for that the portal has, else English. */
function documentLang(request: FastifyRequest): Lang {
  const asked = parseInput(documentQuery, request.query, 'query').lang;
  if (asked) return asked;
  const header = request.headers['accept-language'] ?? '';
  const first = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim().slice(0, 2).toLowerCase())
    .find((lang) => lang === 'en' || lang === 'ar');
  return first === 'ar' ? 'ar' : 'en';
}

/**
 * The customer's own orders after the sale: tickets and transaction details, the ticket and receipt PDFs, and the
 * upcoming tickets a device keeps for use with no network. Another customer's order answers 404, as a missing one.
 */
export const orderDocumentRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  const ownOrder = async (request: FastifyRequest) => {
    const customer = requireCustomer(request);
    const { orderId } = parseInput(orderParams, request.params, 'order');
    const venue = await requireVenue(db, request);
    const found = await loadOrderDocuments(db, { orderId, customerId: customer.id, venueId: venue.id }, now());
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return found;
  };

  serve(app, orderDocumentsCall, async (request, reply) => sendParsed(reply, orderDocumentsResponse, { status: true, data: (await ownOrder(request)).documents }), { onRequest: loginFirst });

  const pdfRoute = (kind: OrderDocumentKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const lang = documentLang(request);
    const found = await ownOrder(request);
    const pdf = await orderDocumentPdf(kind, lang, found);
    return reply
      .code(200)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${documentFileName(kind, found.documents.reference)}"`)
      .send(pdf);
  };
  serve(app, ticketsPdfCall, pdfRoute('tickets'), { onRequest: loginFirst });
  serve(app, receiptPdfCall, pdfRoute('receipt'), { onRequest: loginFirst });

  serve(app, upcomingTicketsCall, async (request, reply) => {
    const customer = requireCustomer(request);
    const venue = await requireVenue(db, request);
    const tickets = await loadUpcomingTickets(db, { customerId: customer.id, venueId: venue.id }, now(), UPCOMING_TICKETS_MAX);
    return sendParsed(reply, upcomingTicketsResponse, { status: true, data: tickets });
  }, { onRequest: loginFirst });
};
