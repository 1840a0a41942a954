import { and, asc, eq, ilike, or } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { searchCall, searchQuery, searchResponse, type SearchResult } from '../../../src/domain/contract/search';
import { type Database } from '../../db/client';
import { academies, events, trainers } from '../../db/schema/catalogue';
import { type AppContext } from '../../http/context';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { serve } from '../../http/serve';

/** Fewer characters than this match too much to be useful. */
const MIN_SEARCH_LENGTH = 2;
const MAX_RESULTS_PER_TYPE = 10;

/** `%` and `_` typed by the visitor are literal text, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const searchable = { event: events, trainer: trainers, academy: academies } as const;

async function searchType(db: Database, type: SearchResult['type'], venueId: number, pattern: string): Promise<SearchResult[]> {
  const table = searchable[type];
  const rows = await db
    .select({
      id: table.id,
      name: table.name,
      ar_name: table.arName,
      description: table.description,
      ar_description: table.arDescription,
      image_path: table.imagePath,
    })
    .from(table)
    .where(
      and(
        eq(table.venueId, venueId),
        or(ilike(table.name, pattern), ilike(table.arName, pattern), ilike(table.description, pattern), ilike(table.arDescription, pattern)),
      ),
    )
    .orderBy(asc(table.name))
    .limit(MAX_RESULTS_PER_TYPE);
  return rows.map((row) => ({ type, ...row }));
}

/** GET search/global?search=: events, trainers and academies of the venue whose texts contain the search. */
export const searchRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  serve(app, searchCall, async (request, reply) => {
    const { search } = parseInput(searchQuery, request.query, 'query');
    const venue = await requireVenue(db, request);
    if (search.length < MIN_SEARCH_LENGTH) return sendParsed(reply, searchResponse, { status: true, data: { data: [] } });
    const pattern = likePattern(search);
    const found = await Promise.all(
      (['event', 'trainer', 'academy'] as const).map((type) => searchType(db, type, venue.id, pattern)),
    );
    return sendParsed(reply, searchResponse, { status: true, data: { data: found.flat() } });
  });
};
