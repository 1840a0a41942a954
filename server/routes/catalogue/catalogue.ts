import { and, asc, eq, type SQL } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import {
  academyCall,
  academyListCall,
  academyListResponse,
  academyResponse,
  catalogueIdParams,
  eventCall,
  eventListCall,
  eventListResponse,
  eventPlacesCall,
  eventPlacesQuery,
  eventPlacesResponse,
  eventResponse,
  trainerCall,
  trainerListCall,
  trainerListResponse,
  trainerResponse,
  type Academy,
  type CatalogueEvent,
  type Trainer,
} from '../../../src/domain/contract/catalogue';
import { type Endpoint } from '../../../src/domain/contract/endpoint';
import { type Database } from '../../db/client';
import { academies, events, trainers } from '../../db/schema/catalogue';
import { type AppContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { listPage } from '../../http/pagination';
import { serve } from '../../http/serve';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { eventPlacesTaken, placesLeft, takenAt } from '../orders/eventCapacity';

/** What every catalogue entry shows: its names, description and picture in both languages. */
const entryOf = (row: { id: number; name: string; arName: string | null; description: string | null; arDescription: string | null; imagePath: string | null }) => ({
  id: row.id,
  name: row.name,
  ar_name: row.arName,
  description: row.description,
  ar_description: row.arDescription,
  image_path: row.imagePath,
});

const toEvent = (row: typeof events.$inferSelect): CatalogueEvent => ({
  ...entryOf(row),
  start_date: row.startDate,
  end_date: row.endDate,
  event_schedules: row.schedules,
  location: row.location,
  ar_location: row.arLocation,
  price: row.price,
  capacity: row.capacity,
});

const toTrainer = (row: typeof trainers.$inferSelect): Trainer => ({
  ...entryOf(row),
  specialty: row.specialty,
  ar_specialty: row.arSpecialty,
  session_minutes: row.sessionMinutes,
  session_price: row.sessionPrice,
});

const toAcademy = (row: typeof academies.$inferSelect): Academy => ({
  ...entryOf(row),
  start_date: row.startDate,
  end_date: row.endDate,
  schedules: row.schedules,
  location: row.location,
  ar_location: row.arLocation,
  min_age: row.minAge,
  max_age: row.maxAge,
  price: row.price,
});

type CatalogueTable = typeof events | typeof trainers | typeof academies;

/** A catalogue area: its table, its sort order, its mapper, its answers and its not-found message. */
type Area<T extends CatalogueTable, Item> = {
  list: Endpoint;
  detail: Endpoint;
  table: T;
  order: (table: T) => SQL[];
  toItem: (row: T['$inferSelect']) => Item;
  listResponse: z.ZodMiniType;
  itemResponse: z.ZodMiniType;
  missing: string;
};

function catalogueArea<T extends CatalogueTable, Item>(db: Database, area: Area<T, Item>) {
  const table = area.table as CatalogueTable;
  const list = async (request: FastifyRequest, reply: FastifyReply) => {
    const venue = await requireVenue(db, request);
    const page = await listPage(db, request.query, {
      table: area.table,
      where: eq(table.venueId, venue.id),
      orderBy: [...area.order(area.table), asc(table.id)],
      toItem: area.toItem,
    });
    return sendParsed(reply, area.listResponse, { status: true, data: page });
  };
  const detail = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = parseInput(catalogueIdParams, request.params, 'id');
    const venue = await requireVenue(db, request);
    const [row] = await db
      .select()
      .from(table)
      .where(and(eq(table.venueId, venue.id), eq(table.id, id)))
      .limit(1);
    if (!row) throw notFound(area.missing);
    return sendParsed(reply, area.itemResponse, { status: true, data: area.toItem(row as T['$inferSelect']) });
  };
  return { area, list, detail };
}

/** GET events | trainers | academies (paginated) and their {id} details, for the shell's detail pages. */
export const catalogueRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  const areas = [
    catalogueArea(db, {
      list: eventListCall,
      detail: eventCall,
      table: events,
      order: (t) => [asc(t.startDate)],
      toItem: toEvent,
      listResponse: eventListResponse,
      itemResponse: eventResponse,
      missing: 'Event not found',
    }),
    catalogueArea(db, {
      list: trainerListCall,
      detail: trainerCall,
      table: trainers,
      order: (t) => [asc(t.name)],
      toItem: toTrainer,
      listResponse: trainerListResponse,
      itemResponse: trainerResponse,
      missing: 'Trainer not found',
    }),
    catalogueArea(db, {
      list: academyListCall,
      detail: academyCall,
      table: academies,
      order: (t) => [asc(t.startDate)],
      toItem: toAcademy,
      listResponse: academyListResponse,
      itemResponse: academyResponse,
      missing: 'Academy not found',
    }),
  ];
  for (const { area, list, detail } of areas) {
    serve(app, area.list, list);
    serve(app, area.detail, detail);
  }

  // The places each schedule of an event has left on one day, counted as the order counts them (never cached: an
  // order can take the last place at any moment; the order checks again under its lock).
  serve(app, eventPlacesCall, async (request, reply) => {
    const { id } = parseInput(catalogueIdParams, request.params, 'id');
    const { date } = parseInput(eventPlacesQuery, request.query, 'query');
    const venue = await requireVenue(db, request);
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.venueId, venue.id), eq(events.id, id)))
      .limit(1);
    if (!event) throw notFound('Event not found');
    const runs = date >= event.startDate && date <= event.endDate;
    const taken = runs ? await eventPlacesTaken(db, event.id, date, now()) : [];
    return sendParsed(reply, eventPlacesResponse, {
      status: true,
      data: {
        date,
        capacity: event.capacity,
        sessions: runs
          ? event.schedules.map((schedule) => {
              const sold = takenAt(taken, schedule.start_time);
              return { ...schedule, taken: sold, remaining: placesLeft(event.capacity, sold) };
            })
          : [],
      },
    });
  });
};
