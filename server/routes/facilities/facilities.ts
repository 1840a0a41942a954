import { and, asc, eq, inArray } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { siteConfig } from '../../../src/domain/contract/config';
import {
  autoFacilityCall,
  availableFacilitiesCall,
  availableFacilitiesResponse,
  customerConfigurationsCall,
  customerConfigurationsResponse,
  facilityWithProductsResponse,
  rentalsShortCall,
  rentalsShortResponse,
  scheduleCall,
  scheduleQuery,
  scheduleResponse,
  serviceFiltersCall,
  serviceFiltersResponse,
  serviceIdParams,
  serviceQuery,
  slotQuery,
  venueServicesCall,
  venueServicesResponse,
  type ScheduleFacility,
  type VenueService,
} from '../../../src/domain/contract/facilities';
import { capacityLeft } from '../../../src/domain/booking/availability';
import { type Database } from '../../db/client';
import { facilities, facilityFormations, facilityProducts, gameFormations, products, surfaces, venueServices } from '../../db/schema/facilities';
import { type AppContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue, type VenueRow } from '../../http/venue';
import {
  assertBookableDate,
  channelOf,
  FACILITY_MESSAGES,
  facilityProductRows,
  matchingFacilities,
  isStartOffered,
  isWindowOpen,
  loadDaySchedule,
  requireVenueService,
  scheduleConfiguration,
  serviceFacilities,
  sessionOf,
  slotWindow,
  type DaySchedule,
} from './facilitiesData';
import { cartHoldRoutes } from './holds';
import { addonCategoriesFor, defaultProducts, slotPrice, ticketsFor } from './products';
import { serve } from '../../http/serve';

const asFlag = (value: number): 0 | 1 => (value === 1 ? 1 : 0);
const filterBy = (value: number): VenueService['filter_by'] => (value === 1 || value === 2 ? value : 0);

/** The facilities free for a slot (query of fetchAvailableFacilities and auto), with their day's schedule. */
async function slotCandidates(db: Database, request: FastifyRequest, now: Date) {
  const query = parseInput(slotQuery, request.query, 'query');
  const { venue, service } = await requireVenueService(db, request, query.venue_service_id);
  assertBookableDate(venue, service, query.date, now);
  const slot = slotWindow(query.start_time, query.end_time);
  const all = await serviceFacilities(db, service.id);
  const rows = matchingFacilities(all, {
    surfaceId: query.facility_surface_id,
    isOutdoor: query.is_outdoor,
    formationIds: query.game_formation_id === undefined ? undefined : [query.game_formation_id],
    perCapacity: query.per_capacity,
    facilityId: query.facility_id,
    productId: query.product_id,
  });
  const day = await loadDaySchedule(db, rows, all, {
    date: query.date,
    channel: channelOf(request),
    sessionId: sessionOf(request),
    now,
    minBookingTime: service.minBookingTime,
  });
  const offered = isStartOffered(venue, service, query.date, slot.start_time, now);
  const free = offered ? day.facilities.filter((facility) => capacityLeft(facility, day.facilities, slot) > 0) : [];
  return { query, slot, day, free, offered };
}

/**
 * The facility calls of the booking modal: services and their filters, the day's schedule, the facilities free
 * for a slot and their products, the ticket filter's options and the per-session participant threshold; plus
 * cart/sync holds.
 */
export const facilityRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db, now } = context;

  serve(app, venueServicesCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const services = await db
      .select()
      .from(venueServices)
      .where(and(eq(venueServices.venueId, venue.id), eq(venueServices.isPublic, true)))
      .orderBy(asc(venueServices.sort), asc(venueServices.id));
    const serviceFacilities =
      services.length === 0
        ? []
        : await db
            .select({ id: facilities.id, name: facilities.name, arName: facilities.arName, serviceId: facilities.venueServiceId })
            .from(facilities)
            .where(and(inArray(facilities.venueServiceId, services.map((service) => service.id)), eq(facilities.isActive, true)))
            .orderBy(asc(facilities.sort), asc(facilities.id));
    return sendParsed(reply, venueServicesResponse, {
      status: true,
      data: services.map((service) => ({
        id: service.id,
        name: service.name,
        ar_name: service.arName,
        is_public: service.isPublic,
        map_pin: service.mapPin,
        filter_by: filterBy(service.filterBy),
        is_game_formation_enabled: service.gameFormationEnabled,
        is_surface_enabled: service.surfaceEnabled,
        is_outdoor_enabled: service.outdoorEnabled,
        facilities: serviceFacilities
          .filter((facility) => facility.serviceId === service.id)
          .map((facility) => ({ id: facility.id, name: facility.name, ar_name: facility.arName })),
      })),
    });
  });

  serve(app, serviceFiltersCall, async (request, reply) => {
    const { serviceId } = parseInput(serviceIdParams, request.params, 'serviceId');
    const { service } = await requireVenueService(db, request, serviceId);
    const rows = await serviceFacilities(db, service.id);
    const ids = rows.map((row) => row.id);
    const surfaceIds = [...new Set(rows.flatMap((row) => (row.surfaceId === null ? [] : [row.surfaceId])))];
    const [surfaceRows, formationRows] = await Promise.all([
      surfaceIds.length === 0 ? [] : db.select().from(surfaces).where(inArray(surfaces.id, surfaceIds)).orderBy(asc(surfaces.id)),
      ids.length === 0
        ? []
        : db
            .selectDistinct({ id: gameFormations.id, name: gameFormations.name, arName: gameFormations.arName })
            .from(gameFormations)
            .innerJoin(facilityFormations, eq(facilityFormations.gameFormationId, gameFormations.id))
            .where(inArray(facilityFormations.facilityId, ids))
            .orderBy(asc(gameFormations.id)),
    ]);
    const outdoor = [...new Set(rows.map((row) => (row.isOutdoor ? 1 : 0) as 0 | 1))].sort();
    return sendParsed(reply, serviceFiltersResponse, {
      status: true,
      data: {
        surfaces: surfaceRows.map((row) => ({ id: row.id, name: row.name, ar_name: row.arName })),
        formations: formationRows.map((row) => ({ id: row.id, name: row.name, ar_name: row.arName })),
        outdoor,
      },
    });
  });

  serve(app, scheduleCall, async (request, reply) => {
    const query = parseInput(scheduleQuery, request.query, 'query');
    const { venue, service } = await requireVenueService(db, request, query.venue_service_id);
    assertBookableDate(venue, service, query.date, now());
    const formations = query['game_formations[]'];
    const all = await serviceFacilities(db, service.id);
    const rows = matchingFacilities(all, {
      surfaceId: query.facility_surface_id,
      isOutdoor: query.is_outdoor,
      formationIds: formations === undefined ? undefined : [formations].flat(),
    });
    const channel = channelOf(request);
    const day = await loadDaySchedule(db, rows, all, { date: query.date, channel, sessionId: sessionOf(request), now: now(), minBookingTime: service.minBookingTime });
    return sendParsed(reply, scheduleResponse, {
      status: true,
      data: { date: query.date, facilities: day.facilities, configuration: scheduleConfiguration(service), channel },
    });
  });

  serve(app, availableFacilitiesCall, async (request, reply) => {
    const { free, slot, day } = await slotCandidates(db, request, now());
    if (free.length === 0) throw notFound(FACILITY_MESSAGES.noFacility);
    const rentals = await facilityProductRows(
      db,
      free.map((facility) => facility.id),
      ['rental'],
    );
    return sendParsed(reply, availableFacilitiesResponse, {
      status: true,
      data: free.map((facility) => ({
        id: facility.id,
        name: facility.name,
        ar_name: facility.ar_name,
        image: facility.image,
        per_capacity: asFlag(facility.per_capacity),
        capacity_left: capacityLeft(facility, day.facilities, slot),
        price:
          facility.per_capacity === 1
            ? null
            : slotPrice(
                rentals.filter((row) => row.facilityId === facility.id),
                slot,
              ),
      })),
    });
  });

  serve(app, autoFacilityCall, async (request, reply) => {
    const { query, slot, day, free, offered } = await slotCandidates(db, request, now());
    const facility = chooseFacility(day, free, query.facility_id, offered, slot);
    const [rentals, tickets, categories] = await Promise.all([
      facility.per_capacity === 1 ? [] : facilityProductRows(db, [facility.id], ['rental']),
      facility.per_capacity === 1 ? ticketsFor(db, facility, day.facilities, slot, query.date, day.holds) : [],
      addonCategoriesFor(db, facility.id, query.date),
    ]);
    return sendParsed(reply, facilityWithProductsResponse, {
      status: true,
      data: {
        facility: {
          id: facility.id,
          name: facility.name,
          ar_name: facility.ar_name,
          image: facility.image,
          per_capacity: asFlag(facility.per_capacity),
          capacity: facility.capacity,
        },
        default_products: defaultProducts(rentals, slot),
        products: tickets,
        categories,
      },
    });
  });

  serve(app, rentalsShortCall, async (request, reply) => {
    const { venue_service_id } = parseInput(serviceQuery, request.query, 'query');
    const { service } = await requireVenueService(db, request, venue_service_id);
    const rows = await db
      .selectDistinct({ productId: products.id, name: products.name, arName: products.arName })
      .from(facilityProducts)
      .innerJoin(facilities, eq(facilities.id, facilityProducts.facilityId))
      .innerJoin(products, eq(products.id, facilityProducts.productId))
      .where(and(eq(facilities.venueServiceId, service.id), eq(facilities.isActive, true), inArray(products.kind, ['rental', 'ticket'])))
      .orderBy(asc(products.id));
    return sendParsed(reply, rentalsShortResponse, {
      status: true,
      data: rows.map((row) => ({ name: row.name, ar_name: row.arName, product_id: row.productId })),
    });
  });

  serve(app, customerConfigurationsCall, async (request, reply) => {
    const venue: VenueRow = await requireVenue(db, request);
    return sendParsed(reply, customerConfigurationsResponse, {
      status: true,
      data: { customer_threshold: siteConfig.parse(venue.config).customer_threshold ?? null },
    });
  });

  app.register(cartHoldRoutes, context);
};

/**
 * The facility facilities/auto answers for: the one asked for (a full per-capacity facility still answers, with
 * no capacity left on its tickets, so the visitor sees why), else the first free one.
 */
function chooseFacility(
  day: DaySchedule,
  free: readonly ScheduleFacility[],
  facilityId: number | undefined,
  offered: boolean,
  slot: { start_time: string; end_time: string },
): ScheduleFacility {
  if (facilityId === undefined) {
    const first = free[0];
    if (!first) throw notFound(FACILITY_MESSAGES.noFacility);
    return first;
  }
  const asked = day.facilities.find((facility) => facility.id === facilityId);
  if (!asked) throw notFound(FACILITY_MESSAGES.facilityNotFound);
  const usable = free.includes(asked) || (asked.per_capacity === 1 && offered && isWindowOpen(asked, day.facilities, slot));
  if (!usable) throw notFound(FACILITY_MESSAGES.noFacility);
  return asked;
}
