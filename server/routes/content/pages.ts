import { and, eq } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import * as z from 'zod/mini';
import { pageCall, pageResponse, type Page } from '../../../src/domain/contract/pages';
import { pages } from '../../db/schema/content';
import { type AppContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { serve } from '../../http/serve';

export type PageRow = typeof pages.$inferSelect;

export function toPage(row: PageRow): Page {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    ar_title: row.arTitle,
    content: row.content,
    ar_content: row.arContent,
    is_default: row.isDefault ? 1 : 0,
    updated_at: row.updatedAt.toISOString(),
  };
}

const pageParams = z.object({ slug: z.string().check(z.minLength(1), z.maxLength(200)) });

/** GET pages/{slug}: 404 for an unknown page, 409 for one that exists but may not be shown. */
export const pageRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  serve(app, pageCall, async (request, reply) => {
    const { slug } = parseInput(pageParams, request.params, 'slug');
    const venue = await requireVenue(db, request);
    const [row] = await db
      .select()
      .from(pages)
      .where(and(eq(pages.venueId, venue.id), eq(pages.slug, slug)))
      .limit(1);
    if (!row) throw notFound('Page not found');
    if (!row.isPublished) throw new HttpError(409, 'This page is not available');
    return sendParsed(reply, pageResponse, { status: true, data: toPage(row) });
  });
};
