import { and, eq } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { workshopCheckCall, workshopCheckRequest, workshopCheckResponse } from '../../../src/domain/contract/workshops';
import { academies } from '../../db/schema/catalogue';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { ORDER_MESSAGES } from '../orders/messages';
import { vatOn } from '../../../src/domain/money';
import { venueClock } from '../facilities/facilitiesData';
import { serve } from '../../http/serve';

/**
 * POST workshops/check: the price and VAT of a place in an academy's programme, as orders charge it
 * (server/routes/orders/otherLines.ts), for a start date inside the academy's dates and not before the venue's today. Each
 * academy here runs one programme, numbered as the academy.
 */
export const workshopRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(app, workshopCheckCall, async (request, reply) => {
    const body = parseInput(workshopCheckRequest, request.body, 'body');
    const venue = await requireVenue(db, request);
    const [academy] = await db
      .select()
      .from(academies)
      .where(and(eq(academies.id, body.product_id), eq(academies.venueId, venue.id)))
      .limit(1);
    if (!academy || body.workshop_program_id !== academy.id) throw notFound('Workshop not found');
    if (academy.price === null) throw new HttpError(400, ORDER_MESSAGES.notSoldOnline);
    if (body.start_date < academy.startDate || body.start_date > academy.endDate) throw new HttpError(409, 'Choose a start date within the workshop dates');
    // The order refuses a start date that has passed (server/routes/orders/otherLines.ts); so does its price check.
    if (body.start_date < venueClock(venue, now()).today) throw new HttpError(409, ORDER_MESSAGES.workshopStarted);
    return sendParsed(reply, workshopCheckResponse, { status: true, data: { price: academy.price, tax: vatOn(academy.price) } });
  });
};
