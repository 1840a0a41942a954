import { desc, eq, isNull } from 'drizzle-orm';
import { type FastifyPluginAsync } from 'fastify';
import { siteConfig } from '../../../src/domain/contract/config';
import { devConfigPatch } from '../../../src/domain/contract/dev';
import {
  devAgeCodesCall,
  devAgeCodesRequest,
  devAgeCodesResponse,
  devConfigCall,
  devConfigResponse,
  devPageCall,
  devPageInput,
  devPageResponse,
  devResetCall,
  devResetResponse,
  devTokenCall,
  devTokenRequest,
  devTokenResponse,
  outboxCall,
  outboxResponse,
} from '../../../src/domain/contract/devTools';
import { issueToken, SESSION_TTL_SECONDS } from '../../auth/tokens';
import { toUser } from '../../auth/user';
import { resetDatabase } from '../../db/reset';
import { customers, oneTimeCodes, outboxMessages } from '../../db/schema/accounts';
import { pages } from '../../db/schema/content';
import { venues } from '../../db/schema/venue';
import { DEMO_ACCOUNTS, seedDemo } from '../../seed/demo';
import { type AppContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseInput, sendParsed, summariseIssues } from '../../http/validation';
import { requireVenue } from '../../http/venue';
import { toPage } from '../content/pages';
import { serve } from '../../http/serve';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Objects merge key by key; arrays and every other value replace what was there. */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key)) continue;
    merged[key] = deepMerge(base[key], value);
  }
  return merged;
}

/** Development tools: reshape the demo venue, read the outbox, mint sessions. Never registered in production. */
export const devToolRoutes: FastifyPluginAsync<AppContext> = async (app, { db, now }) => {
  serve(app, devConfigCall, async (request, reply) => {
    const patch = parseInput(devConfigPatch, request.body, 'body');
    const venue = await requireVenue(db, request);
    const merged = siteConfig.safeParse(deepMerge(venue.config, patch));
    if (!merged.success) throw new HttpError(400, `Invalid config: ${summariseIssues(merged.error.issues, 'config')}`);
    await db.update(venues).set({ config: merged.data }).where(eq(venues.id, venue.id));
    return sendParsed(reply, devConfigResponse, { status: true, data: merged.data });
  });

  serve(app, devResetCall, async (_request, reply) => {
    await db.transaction(async (tx) => {
      await resetDatabase(tx);
      await seedDemo(tx, now());
    });
    return sendParsed(reply, devResetResponse, { status: true, data: null, message: 'Demo data reset' });
  });

  serve(app, outboxCall, async (_request, reply) => {
    const messages = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
    return sendParsed(reply, outboxResponse, {
      status: true,
      data: messages.map((message) => ({
        id: message.id,
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject,
        body: message.body,
        created_at: message.createdAt.toISOString(),
      })),
    });
  });

  serve(app, devPageCall, async (request, reply) => {
    const input = parseInput(devPageInput, request.body, 'body');
    const venue = await requireVenue(db, request);
    const values = {
      venueId: venue.id,
      slug: input.slug,
      title: input.title,
      arTitle: input.ar_title ?? null,
      content: input.content,
      arContent: input.ar_content ?? null,
      isDefault: input.is_default,
      isPublished: input.is_published,
      updatedAt: now(),
    };
    const [row] = await db
      .insert(pages)
      .values(values)
      .onConflictDoUpdate({ target: [pages.venueId, pages.slug], set: values })
      .returning();
    if (!row) throw new Error('page upsert returned no row');
    return sendParsed(reply, devPageResponse, { status: true, data: toPage(row) });
  });

  serve(app, devAgeCodesCall, async (request, reply) => {
    const { minutes } = parseInput(devAgeCodesRequest, request.body, 'body');
    const earlier = (date: Date) => new Date(date.getTime() - minutes * 60_000);
    const outstanding = await db.select().from(oneTimeCodes).where(isNull(oneTimeCodes.closedAt));
    for (const code of outstanding) {
      await db.update(oneTimeCodes).set({ createdAt: earlier(code.createdAt), expiresAt: earlier(code.expiresAt) }).where(eq(oneTimeCodes.id, code.id));
    }
    return sendParsed(reply, devAgeCodesResponse, { status: true, data: { aged: outstanding.length } });
  });

  serve(app, devTokenCall, async (request, reply) => {
    const input = parseInput(devTokenRequest, request.body, 'body');
    const [customer] = await db.select().from(customers).where(eq(customers.email, DEMO_ACCOUNTS[input.customer].email)).limit(1);
    if (!customer) throw new HttpError(404, `The demo ${input.customer} account is missing; reset the demo data`);
    const token = await issueToken(db, customer.id, input.ttl_seconds ?? SESSION_TTL_SECONDS, now());
    return sendParsed(reply, devTokenResponse, { status: true, data: { token, user: toUser(customer) } });
  });
};
