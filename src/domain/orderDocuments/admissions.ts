import { type OrderTicket } from '../contract/orderDocuments';

type AdmittingLine = { kind: OrderTicket['kind']; quantity: number; visitors: readonly string[] };

/**
 * Who a booked line admits, one name a ticket: each visitor named on it in order, then the buyer for every place
 * bought without a name (a line of N places and no names gives N tickets in the buyer's name). A visitor named
 * beyond the places bought still gets a ticket: nobody who was named at the purchase is turned away at the gate.
 * Goods from an outlet admit nobody: their line keeps one ticket, in the buyer's name, to collect them with.
 */
export function admissionHolders(line: AdmittingLine, buyer: string): string[] {
  if (line.kind === 'pos') return [buyer];
  const count = Math.max(line.quantity, line.visitors.length, 1);
  return Array.from({ length: count }, (_, seat) => line.visitors[seat] ?? buyer);
}
