import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import {
  offerListCall,
  offerListResponse,
  outletCall,
  outletIdParams,
  outletListCall,
  outletListResponse,
  outletResponse,
  type Offer,
  type Outlet,
  type OutletProduct,
} from '../../../src/domain/contract/offersOutlets';
import { offers, outletProducts, outlets } from '../../db/schema/catalogue';
import { type AppContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { listPage } from '../../http/pagination';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { venueClock } from '../facilities/facilitiesData';
import { serve } from '../../http/serve';

const toOffer = (row: typeof offers.$inferSelect): Offer => ({
  id: row.id,
  name: row.name,
  ar_name: row.arName,
  description: row.description,
  ar_description: row.arDescription,
  price: row.price,
  tax_amount: row.taxAmount,
  valid_from: row.validFrom,
  valid_to: row.validTo,
});

const toOutlet = (row: typeof outlets.$inferSelect): Outlet => ({
  id: row.id,
  name: row.name,
  ar_name: row.arName,
  description: row.description,
  ar_description: row.arDescription,
});

const toOutletProduct = (row: typeof outletProducts.$inferSelect): OutletProduct => ({
  id: row.id,
  outlet_id: row.outletId,
  name: row.name,
  ar_name: row.arName,
  price: row.price,
  tax_amount: row.taxAmount,
});

/** GET offers, outlets and outlets/{id}: the packages and point-of-sale products, at the prices orders charge. */
export const offerOutletRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(app, offerListCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const { today } = venueClock(venue, now());
    const page = await listPage(db, request.query, {
      table: offers,
      where: and(eq(offers.venueId, venue.id), lte(offers.validFrom, today), gte(offers.validTo, today)),
      orderBy: [asc(offers.price), asc(offers.id)],
      toItem: toOffer,
    });
    return sendParsed(reply, offerListResponse, { status: true, data: page });
  });

  serve(app, outletListCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const page = await listPage(db, request.query, { table: outlets, where: eq(outlets.venueId, venue.id), orderBy: [asc(outlets.id)], toItem: toOutlet });
    return sendParsed(reply, outletListResponse, { status: true, data: page });
  });

  serve(app, outletCall, async (request, reply) => {
    const { id } = parseInput(outletIdParams, request.params, 'id');
    const venue = await requireVenue(db, request);
    const [row] = await db
      .select()
      .from(outlets)
      .where(and(eq(outlets.venueId, venue.id), eq(outlets.id, id)))
      .limit(1);
    if (!row) throw notFound('Outlet not found');
    const products = await db.select().from(outletProducts).where(eq(outletProducts.outletId, row.id)).orderBy(asc(outletProducts.price), asc(outletProducts.id));
    return sendParsed(reply, outletResponse, { status: true, data: { ...toOutlet(row), products: products.map(toOutletProduct) } });
  });
};
