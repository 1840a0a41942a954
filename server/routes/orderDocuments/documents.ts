import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { type OrderDocumentKind, type OrderDocuments, type OrderTicket } from '../../../src/domain/contract/orderDocuments';
import { type Lang } from '../../../src/domain/lang';
import { formatAmount } from '../../../src/domain/money';
import { ticketWhen, venueMoment } from '../../../src/domain/orderDocuments/tickets';
import { isolated } from '../../../src/domain/orderDocuments/visualLine';
import { MEDIA_DIR } from '../../http/static';
import { DOCUMENT_WORDS } from './documentText';
import { type DocumentVenue } from './orderFacts';
import { COLORS, PdfWriter } from './pdfWriter';

const LOGO_HEIGHT = 40;
const logos = new Map<string, Promise<Buffer | null>>();

/**
 * The venue's logo as a PNG or JPEG pdfkit can place: only a file of the venue's own media (never a fetch of an
 * address the config names); an SVG is drawn to PNG by sharp, loaded when a document first needs it.
 */
function venueLogo(logoUrl: string): Promise<Buffer | null> {
  const known = logos.get(logoUrl);
  if (known) return known;
  const loading = (async () => {
    if (!logoUrl.startsWith('/media/')) return null;
    const file = resolve(MEDIA_DIR, `.${logoUrl.slice('/media'.length)}`);
    if (!file.startsWith(MEDIA_DIR + sep)) return null;
    const extension = extname(file).toLowerCase();
    if (extension === '.png' || extension === '.jpg' || extension === '.jpeg') return readFile(file);
    if (extension !== '.svg') return null;
    const { default: sharp } = await import('sharp');
    return sharp(file, { density: 216 }).png().toBuffer();
  })().catch(() => null);
  logos.set(logoUrl, loading);
  return loading;
}

const nameIn = (lang: Lang, item: { name: string; ar_name: string | null }) => (lang === 'ar' && item.ar_name ? item.ar_name : item.name);

/** The head of both documents: the logo and the venue's name, the title, the order reference and date. */
async function header(writer: PdfWriter, venue: DocumentVenue, documents: OrderDocuments, title: string) {
  const words = DOCUMENT_WORDS[writer.lang];
  const logo = await venueLogo(venue.logoUrl);
  const { x, width } = writer.content;
  if (logo) {
    writer.doc.image(logo, x, writer.y, { fit: [width, LOGO_HEIGHT], align: writer.rtl ? 'right' : undefined });
    writer.gap(LOGO_HEIGHT + 8);
  }
  writer.text(nameIn(writer.lang, { name: venue.name, ar_name: venue.arName }), { size: 11, color: COLORS.muted });
  writer.gap(6);
  writer.text(title, { size: 20, bold: true });
  writer.gap(4);
  writer.row(words.order, documents.reference, { size: 11, bold: true });
  writer.row(words.orderDate, venueMoment(documents.created_at, venue.timeZone, writer.lang));
  writer.row(words.status, words.orderStatuses[documents.transaction.status]);
  writer.rule(10);
}

/** One person's ticket: what, code, holder, when, where and status on the line's start side, the QR code on its end side. */
function ticketBlock(writer: PdfWriter, ticket: OrderTicket, qrSize: number) {
  const words = DOCUMENT_WORDS[writer.lang];
  const when = ticketWhen(ticket, writer.lang);
  const facts: [string, string][] = [
    [words.code, ticket.code],
    [words.holder, isolated(ticket.holder)],
    ...(when.day ? [[words.when, [when.day, when.time].filter(Boolean).join(' · ')] as [string, string]] : []),
    ...(ticket.place ? [[words.where, nameIn(writer.lang, ticket.place)] as [string, string]] : []),
    ...(ticket.quantity > 1 ? [[words.quantity, String(ticket.quantity)] as [string, string]] : []),
    [words.status, words.ticketStatuses[ticket.status]],
  ];
  const showsQr = ticket.status !== 'cancelled';
  const { x, width } = writer.content;
  const textColumn = showsQr ? (writer.rtl ? { x: x + qrSize + 16, width: width - qrSize - 16 } : { x, width: width - qrSize - 16 }) : { x, width };
  const lines = facts.map(([label, value]) => `${label}: ${value}`);
  const textHeight = writer.heightOf(nameIn(writer.lang, ticket), textColumn, { size: 13, bold: true }) + lines.reduce((sum, line) => sum + writer.heightOf(line, textColumn), 0);
  const height = Math.max(textHeight, showsQr ? qrSize : 0);
  writer.ensureSpace(height + 20);
  const top = writer.y;
  if (showsQr) writer.qr(ticket.code, writer.rtl ? x : x + width - qrSize, top, qrSize);
  let y = top + writer.text(nameIn(writer.lang, ticket), { size: 13, bold: true }, textColumn, top);
  for (const line of lines) y += writer.text(line, { color: COLORS.text }, textColumn, y);
  writer.y = top + height;
  writer.rule(10);
}

function ticketsBody(writer: PdfWriter, documents: OrderDocuments) {
  const words = DOCUMENT_WORDS[writer.lang];
  if (documents.tickets.length === 0) {
    writer.text(words.noTickets);
    return;
  }
  writer.text(words.showAtEntrance, { color: COLORS.muted });
  writer.gap(6);
  for (const ticket of documents.tickets) ticketBlock(writer, ticket, 132);
}

function receiptBody(writer: PdfWriter, documents: OrderDocuments) {
  const words = DOCUMENT_WORDS[writer.lang];
  const { transaction } = documents;
  const amount = (value: number) => formatAmount(value, transaction.currency);
  writer.text(words.items, { size: 13, bold: true });
  writer.gap(2);
  for (const line of documents.lines) {
    const name = `${line.is_addon ? `${words.addon}: ` : ''}${nameIn(writer.lang, line)} × ${line.quantity}${line.cancelled ? ` (${words.cancelledLine})` : ''}`;
    writer.row(name, amount(line.total));
    writer.text(`${words.vat}: ${amount(line.vat)}`, { size: 8.5, color: COLORS.muted });
  }
  writer.rule();
  writer.row(words.subtotal, amount(transaction.subtotal));
  writer.row(words.vat, amount(transaction.vat));
  if (transaction.discount > 0) writer.row(words.discount, `−${amount(transaction.discount)}`);
  writer.row(words.total, amount(transaction.total), { size: 12, bold: true });
  writer.rule();
  writer.text(words.payments, { size: 13, bold: true });
  for (const payment of transaction.payments) {
    writer.row(`${words.methods[payment.method]} · ${words.paymentStatuses[payment.status]}`, amount(payment.amount));
  }
  writer.row(words.amountPaid, amount(transaction.amount_paid), { bold: true });
  if (transaction.pending_amount > 0) writer.row(words.pendingAmount, amount(transaction.pending_amount), { bold: true });
  if (transaction.refunds.length > 0) {
    writer.rule();
    writer.text(words.refunds, { size: 13, bold: true });
    for (const refund of transaction.refunds) {
      const what = refund.line ? ` · ${nameIn(writer.lang, refund.line)}` : '';
      writer.row(`${words.refundTo[refund.method]} · ${words.refundStatuses[refund.status]}${what}`, amount(refund.amount));
    }
    if (transaction.refunded_amount > 0) writer.row(words.refunded, amount(transaction.refunded_amount), { bold: true });
    if (transaction.refund_requested_amount > 0) writer.row(words.refundRequested, amount(transaction.refund_requested_amount), { bold: true });
  }
  if (documents.tickets.length > 0) {
    writer.rule();
    writer.text(words.tickets, { size: 13, bold: true });
    writer.gap(4);
    for (const ticket of documents.tickets) ticketBlock(writer, ticket, 84);
  }
}

/** A ticket or receipt PDF of one order in one language. */
export async function orderDocumentPdf(
  kind: OrderDocumentKind,
  lang: Lang,
  { documents, venue }: { documents: OrderDocuments; venue: DocumentVenue },
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const words = DOCUMENT_WORDS[lang];
  const title = kind === 'tickets' ? words.tickets : words.receipt;
  const writer = new PdfWriter(lang, { title: `${title} ${documents.reference}`, subject: documents.reference }, options);
  await header(writer, venue, documents, title);
  if (kind === 'tickets') ticketsBody(writer, documents);
  else receiptBody(writer, documents);
  return writer.finish();
}
