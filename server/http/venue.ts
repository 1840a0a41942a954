import { type FastifyRequest } from 'fastify';
import { HEADERS } from '../../src/domain/contract/headers';
import { type Database } from '../db/client';
import { runStatement } from '../db/statements';
import { type venues } from '../db/schema/venue';
import { DEMO_VTOKEN } from '../seed/demo';
import { notFound } from './errors';

export type VenueRow = typeof venues.$inferSelect;

/** The venue is chosen by the visitor-token header; without one, the demo venue answers. */
export function visitorToken(request: FastifyRequest): string {
  const header = request.headers[HEADERS.visitorToken.toLowerCase()];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.trim() !== '' ? token.trim() : DEMO_VTOKEN;
}

/** Nearly every request reads its venue, so the statement's text is written once (`runStatement`). */
const VENUE_BY_TOKEN = 'select id, code, vtoken, config, created_at as "createdAt" from venues where vtoken = $1 limit 1';

export async function findVenue(db: Database, request: FastifyRequest): Promise<VenueRow | null> {
  const [venue] = await runStatement<VenueRow>(db, VENUE_BY_TOKEN, [visitorToken(request)]);
  return venue ?? null;
}

export async function requireVenue(db: Database, request: FastifyRequest): Promise<VenueRow> {
  const venue = await findVenue(db, request);
  if (!venue) throw notFound('Venue not found');
  return venue;
}
