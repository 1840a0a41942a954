import { and, asc, eq } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import {
  membershipCall,
  membershipIdParams,
  membershipListCall,
  membershipListResponse,
  membershipResponse,
  type Membership,
} from '../../../src/domain/contract/memberships';
import { memberships } from '../../db/schema/catalogue';
import { type AppContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { listPage } from '../../http/pagination';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { serve } from '../../http/serve';

const toMembership = (row: typeof memberships.$inferSelect): Membership => ({
  id: row.id,
  name: row.name,
  ar_name: row.arName,
  description: row.description,
  ar_description: row.arDescription,
  price: row.price,
  tax_amount: row.taxAmount,
  duration_days: row.durationDays,
});

/** GET memberships and memberships/{id}: the plans the /memberships page sells, at the prices orders charge. */
export const membershipRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  serve(app, membershipListCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const page = await listPage(db, request.query, {
      table: memberships,
      where: eq(memberships.venueId, venue.id),
      orderBy: [asc(memberships.price), asc(memberships.id)],
      toItem: toMembership,
    });
    return sendParsed(reply, membershipListResponse, { status: true, data: page });
  });

  serve(app, membershipCall, async (request, reply) => {
    const { id } = parseInput(membershipIdParams, request.params, 'id');
    const venue = await requireVenue(db, request);
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.venueId, venue.id), eq(memberships.id, id)))
      .limit(1);
    if (!row) throw notFound('Membership not found');
    return sendParsed(reply, membershipResponse, { status: true, data: toMembership(row) });
  });
};
