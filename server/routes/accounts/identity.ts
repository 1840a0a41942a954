import { and, asc, eq } from 'drizzle-orm';
import { type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  authSessionResponse,
  identityLoginCall,
  identityLoginRequest,
  identityStartCall,
  identityStartRequest,
  identityStartResponse,
} from '../../../src/domain/contract/auth';
import { safeNextUrl } from '../../../src/domain/navigation';
import { AuthError } from '../../auth/errors';
import { DEV_IDP_AUTHORIZE_PATH, returnAddress, type DevelopmentIdentityProvider } from '../../auth/identity';
import { type Database } from '../../db/client';
import { customers } from '../../db/schema/accounts';
import { type AppContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseInput, sendParsed } from '../../http/validation';
import { MESSAGES, parseForm, startSession, venueSettings, type AccountsContext } from './accountsShared';
import { authErrorText } from '../../../src/domain/authErrorText';
import { serve } from '../../http/serve';
import { escapeHtml } from '../../http/escapeHtml';

export const IDENTITY_MESSAGES = {
  off: authErrorText('uae_pass_off'),
  unavailable: authErrorText('uae_pass_unavailable'),
  failed: authErrorText('uae_pass_failed'),
} as const;

/** Where the portal reads the identity token from the query, unless the client names another page. */
const DEFAULT_RETURN_PATH = '/login';

/** National digital identity sign-in (UAE PASS): where to go, and the token that comes back. */
export const accountIdentityRoutes: FastifyPluginAsync<AccountsContext> = async (app, { db, now, identity }) => {
  const requireIdentity = async (request: FastifyRequest) => {
    const venue = await venueSettings(db, request);
    if (!venue.enable_uae_pass) throw new AuthError(403, 'uae_pass_off', IDENTITY_MESSAGES.off);
    if (!identity) throw new AuthError(503, 'uae_pass_unavailable', IDENTITY_MESSAGES.unavailable);
    return identity;
  };

  serve(app, identityStartCall, async (request, reply) => {
    const input = parseForm(identityStartRequest, request.body);
    const provider = await requireIdentity(request);
    const returnPath = input?.return_path ? safeNextUrl(input.return_path) : DEFAULT_RETURN_PATH;
    return sendParsed(reply, identityStartResponse, { status: true, data: { url: provider.authorizationUrl(returnPath) } });
  });

  serve(app, identityLoginCall, async (request, reply) => {
    const input = parseForm(identityLoginRequest, request.body);
    const provider = await requireIdentity(request);
    const at = now();
    const customerId = await provider.redeem(input.token, at);
    const [customer] = customerId === null ? [] : await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
    if (!customer) throw new AuthError(422, 'uae_pass_failed', IDENTITY_MESSAGES.failed);
    return sendParsed(reply, authSessionResponse, { status: true, data: await startSession(db, customer, at), message: MESSAGES.loginSuccess });
  });
};


const authorizeQuery = z.object({ return: z._default(z.string().check(z.maxLength(2048)), DEFAULT_RETURN_PATH) });
const authorizeForm = z.object({
  customer_id: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)),
  return: z.string().check(z.maxLength(2048)),
});

async function signInChoices(db: Database) {
  return db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(eq(customers.isAnonymous, false))
    .orderBy(asc(customers.id))
    .limit(50);
}

function authorizePage(choices: Awaited<ReturnType<typeof signInChoices>>, returnPath: string): string {
  const buttons = choices
    .map(
      (choice) => `<li><form method="post" action="${DEV_IDP_AUTHORIZE_PATH}">
<input type="hidden" name="customer_id" value="${choice.id}"><input type="hidden" name="return" value="${escapeHtml(returnPath)}">
<button type="submit">${escapeHtml(`${choice.firstName} ${choice.lastName}`)}<small>${escapeHtml(choice.email ?? '')}</small></button></form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>UAE PASS (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
ul{list-style:none;padding:0}li{margin:.5rem 0}button{width:100%;min-height:3.5rem;font-size:1.1rem;text-align:start;padding:.5rem 1rem;border:1px solid #94a3b8;border-radius:.5rem;background:#fff;cursor:pointer}
small{display:block;color:#475569;font-size:.85rem}a{display:inline-block;margin-top:1rem}</style></head>
<body><h1>UAE PASS — development sign-in</h1>
<p>This page stands in for the national digital identity service. Choose who signs in; you will return to the portal.</p>
<ul>${buttons}</ul>
<a href="${escapeHtml(returnPath)}">Cancel and return to the portal</a></body></html>`;
}

/**
 * The development identity provider's sign-in page, outside `/api/v1` like a real provider. Picking a demo
 * customer sends the browser back to the portal path with a one-time identity token. Never in production.
 */
export const devIdentityProviderRoutes: FastifyPluginAsync<AppContext & { provider: DevelopmentIdentityProvider }> = async (app, { db, now, provider }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(DEV_IDP_AUTHORIZE_PATH, async (request, reply) => {
    const query = parseInput(authorizeQuery, request.query, 'query');
    const html = authorizePage(await signInChoices(db), safeNextUrl(query.return));
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  app.post(DEV_IDP_AUTHORIZE_PATH, async (request, reply) => {
    const form = parseInput(authorizeForm, request.body, 'form');
    const [chosen] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, form.customer_id), eq(customers.isAnonymous, false)))
      .limit(1);
    if (!chosen) throw new HttpError(404, 'This account cannot sign in here');
    const token = await provider.issue(chosen.id, now());
    return reply.header('cache-control', 'no-store').redirect(returnAddress(safeNextUrl(form.return), token), 303);
  });
};
