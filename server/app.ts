import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { builtInCaptcha, recaptchaFromEnvironment, type CaptchaProvider } from './auth/captcha';
import { developmentIdentityProvider } from './auth/identity';
import { outboxNotifier, type Notifier } from './auth/notifications';
import { type Database } from './db/client';
import { type AppContext } from './http/context';
import { accountRoutes } from './plugins/accounts';
import { devIdentityProviderRoutes } from './plugins/accountsIdentity';
import { installAuth } from './plugins/auth';
import { catalogueRoutes } from './plugins/catalogue';
import { configRoutes } from './plugins/config';
import { clientErrorRoutes } from './plugins/clientErrors';
import { customerRoutes } from './plugins/customers';
import { devToolRoutes } from './plugins/devTools';
import { facilityRoutes } from './plugins/facilities';
import { installErrorHandler } from './plugins/errors';
import { leadRoutes } from './plugins/leads';
import { membershipRoutes } from './plugins/memberships';
import { offerOutletRoutes } from './plugins/offersOutlets';
import { orderRoutes } from './plugins/orders';
import { pageRoutes } from './plugins/pages';
import { searchRoutes } from './plugins/search';
import { installSecurityHeaders } from './plugins/security';
import { installStatic } from './plugins/static';
import { terminalRoutes } from './plugins/terminals';
import { timeRoutes } from './plugins/time';
import { visitorRoutes } from './plugins/visitors';
import { workshopRoutes } from './plugins/workshops';

/** The built PWA, next to package.json. */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

export type BuildAppOptions = {
  db: Database;
  /** Where the built PWA lives; null serves the API and media only. */
  distDir?: string | null;
  /** The dev/* calls (config patching, reset, outbox, tokens); never in production. */
  devTools: boolean;
  logger?: FastifyServerOptions['logger'];
  /** The clock; tests fix it. */
  now?: () => Date;
  /** Checks reCAPTCHA v2 answers for venues with a recaptcha_site_key; by default from RECAPTCHA_SECRET (else none). */
  recaptcha?: CaptchaProvider | null;
  /** Delivers one-time codes; by default the outbox (read through GET dev/outbox). */
  notifier?: Notifier;
  /** Where file/save/data keeps uploads; by default data/uploads next to package.json. */
  uploadsDir?: string;
};

export function buildApp({
  db,
  distDir = DEFAULT_DIST_DIR,
  devTools,
  logger = false,
  now = () => new Date(),
  recaptcha = recaptchaFromEnvironment(),
  notifier = outboxNotifier(db),
  uploadsDir,
}: BuildAppOptions): FastifyInstance {
  const app = Fastify({ logger });
  const context: AppContext = { db, now };
  // No national identity service is wired up yet; in development a stand-in page plays it.
  const identity = devTools ? developmentIdentityProvider(db) : null;

  installSecurityHeaders(app, { recaptcha: recaptcha !== null });
  installErrorHandler(app);

  app.register(
    async (api) => {
      // Answers carry personal data and live state; neither the browser nor the service worker may keep them.
      api.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      installAuth(api, context);
      api.register(configRoutes, context);
      api.register(pageRoutes, context);
      api.register(searchRoutes, context);
      api.register(timeRoutes, context);
      api.register(catalogueRoutes, context);
      api.register(membershipRoutes, context);
      api.register(offerOutletRoutes, context);
      api.register(workshopRoutes, context);
      api.register(facilityRoutes, context);
      api.register(customerRoutes, context);
      api.register(clientErrorRoutes, context);
      api.register(visitorRoutes, { ...context, uploadsDir });
      api.register(accountRoutes, { ...context, captcha: { builtIn: builtInCaptcha(db), recaptcha }, notifier, identity });
      api.register(orderRoutes, { ...context, notifier, devTools });
      api.register(leadRoutes, { ...context, captcha: { builtIn: builtInCaptcha(db), recaptcha }, devTools });
      api.register(terminalRoutes, { ...context, devTools });
      if (devTools) api.register(devToolRoutes, context);
    },
    { prefix: '/api/v1' },
  );
  if (identity) app.register(devIdentityProviderRoutes, { ...context, provider: identity });

  installStatic(app, distDir);
  return app;
}
