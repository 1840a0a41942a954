import { type FastifyRequest } from 'fastify';
import { siteConfig, type SiteConfig, type SiteConfigInput } from '../../src/domain/contract/config';
import { HEADERS } from '../../src/domain/contract/headers';
import { type Database } from '../db/client';
import { runStatement } from '../db/statements';
import { type venues } from '../db/schema/venue';
import { DEMO_VTOKEN } from '../seed/demo';
import { deepFrozen } from './deepFrozen';
import { notFound } from './errors';

export type VenueRow = typeof venues.$inferSelect;

/** The venue is chosen by the visitor-token header; without one, the demo venue answers. */
export function visitorToken(request: FastifyRequest): string {
  const header = request.headers[HEADERS.visitorToken.toLowerCase()];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.trim() !== '' ? token.trim() : DEMO_VTOKEN;
}

/**
 * Nearly every request reads its venue, so the statement's text is written once (`runStatement`). The config comes
 * as text, so a config this process has seen is neither parsed nor validated again (`venueConfigOf`, `siteConfigOf`).
 */
const VENUE_BY_TOKEN = 'select id, code, vtoken, config::text as config, created_at as "createdAt" from venues where vtoken = $1 limit 1';

/** Configs kept per process: a venue has one at a time, but each edit makes another. */
const CONFIGS_KEPT = 64;

/** Venue configs by their text, parsed once and frozen: every request of a venue shares one. */
const configsByText = new Map<string, SiteConfigInput>();

function venueConfigOf(text: string): SiteConfigInput {
  let config = configsByText.get(text);
  if (config === undefined) {
    config = deepFrozen(JSON.parse(text) as SiteConfigInput);
    if (configsByText.size >= CONFIGS_KEPT) configsByText.clear();
    configsByText.set(text, config);
  }
  return config;
}

/** The validated form of each config `findVenue` shared: a checkout's validation of it cost ~7-10% of its CPU. */
const siteConfigs = new WeakMap<SiteConfigInput, SiteConfig>();

/** The venue's config, validated (`siteConfig`); for a venue `findVenue` read, once per config in this process. */
export function siteConfigOf(venue: VenueRow): SiteConfig {
  let config = siteConfigs.get(venue.config);
  if (config === undefined) {
    config = deepFrozen(siteConfig.parse(venue.config));
    siteConfigs.set(venue.config, config);
  }
  return config;
}

export async function findVenue(db: Database, request: FastifyRequest): Promise<VenueRow | null> {
  const [venue] = await runStatement<Omit<VenueRow, 'config'> & { config: string }>(db, VENUE_BY_TOKEN, [visitorToken(request)]);
  return venue ? { ...venue, config: venueConfigOf(venue.config) } : null;
}

export async function requireVenue(db: Database, request: FastifyRequest): Promise<VenueRow> {
  const venue = await findVenue(db, request);
  if (!venue) throw notFound('Venue not found');
  return venue;
}
