import { asc, eq } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { configCall, configResponse, type CarouselItem } from '../../../src/domain/contract/config';
import { carouselItems } from '../../db/schema/content';
import { type AppContext } from '../../http/context';
import { sendParsed } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { serve } from '../../http/serve';

/** GET config: the venue's site configuration and its home carousel. */
export const configRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  serve(app, configCall, async (request, reply) => {
    const venue = await requireVenue(db, request);
    const slides = await db
      .select()
      .from(carouselItems)
      .where(eq(carouselItems.venueId, venue.id))
      .orderBy(asc(carouselItems.sort), asc(carouselItems.id));
    const carousel: CarouselItem[] = slides.map((slide) => ({
      id: slide.id,
      title: slide.title,
      ar_title: slide.arTitle,
      subtitle: slide.subtitle,
      ar_subtitle: slide.arSubtitle,
      image: slide.image,
      link: slide.link,
    }));
    return sendParsed(reply, configResponse, { status: true, data: venue.config, carousel });
  });
};
