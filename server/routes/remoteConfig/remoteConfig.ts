import { eq } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { remoteConfigCall, remoteConfigResponse } from '../../../src/domain/contract/remoteConfig';
import { remoteConfigFlags } from '../../db/schema/remoteConfig';
import { type AppContext } from '../../http/context';
import { serve } from '../../http/serve';
import { sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';

/** GET remote-config: the venue's remote config flags, every flag off for a venue that has set none. */
export const remoteConfigRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  serve(app, remoteConfigCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const [flags] = await db.select().from(remoteConfigFlags).where(eq(remoteConfigFlags.venueId, venue.id)).limit(1);
    return sendParsed(reply, remoteConfigResponse, { status: true, data: { maintenance: flags?.maintenance ?? false } });
  });
};
