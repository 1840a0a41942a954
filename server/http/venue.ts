import { eq } from 'drizzle-orm';
import { type FastifyRequest } from 'fastify';
import { HEADERS } from '../../src/domain/contract/headers';
import { type Database } from '../db/client';
import { venues } from '../db/schema/venue';
import { DEMO_VTOKEN } from '../seed/demo';
import { notFound } from './errors';

export type VenueRow = typeof venues.$inferSelect;

/** The venue is chosen by the visitor-token header; without one, the demo venue answers. */
export function visitorToken(request: FastifyRequest): string {
  const header = request.headers[HEADERS.visitorToken.toLowerCase()];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.trim() !== '' ? token.trim() : DEMO_VTOKEN;
}

export async function findVenue(db: Database, request: FastifyRequest): Promise<VenueRow | null> {
  const [venue] = await db.select().from(venues).where(eq(venues.vtoken, visitorToken(request))).limit(1);
  return venue ?? null;
}

export async function requireVenue(db: Database, request: FastifyRequest): Promise<VenueRow> {
  const venue = await findVenue(db, request);
  if (!venue) throw notFound('Venue not found');
  return venue;
}
