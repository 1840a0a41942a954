import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { recaptchaFromEnvironment, selfHostedCaptcha, type CaptchaProvider, type SelfHostedCaptchaKind } from './auth/captcha';
import { developmentIdentityProvider } from './auth/identity';
import { outboxNotifier, type Notifier } from './auth/notifications';
import { type Database } from './db/client';
import { installAuth } from './http/auth';
import { clientErrorRoutes } from './http/clientErrors';
import { type AppContext } from './http/context';
import { installErrorHandler } from './http/errorHandler';
import { redactingLogger } from './http/logging';
import { installSecurityHeaders } from './http/securityHeaders';
import { installStatic } from './http/static';
import { trustProxyFromEnvironment } from './http/trustProxy';
import { accountRoutes } from './routes/accounts/accounts';
import { bookingRoutes } from './routes/bookings/bookings';
import { customerRoutes } from './routes/accounts/customers';
import { devIdentityProviderRoutes } from './routes/accounts/identity';
import { catalogueRoutes } from './routes/catalogue/catalogue';
import { membershipRoutes } from './routes/catalogue/memberships';
import { offerOutletRoutes } from './routes/catalogue/offersOutlets';
import { workshopRoutes } from './routes/catalogue/workshops';
import { pageRoutes } from './routes/content/pages';
import { searchRoutes } from './routes/content/search';
import { devToolRoutes } from './routes/dev/devTools';
import { facilityRoutes } from './routes/facilities/facilities';
import { leadRoutes } from './routes/kiosk/leads';
import { terminalRoutes } from './routes/kiosk/terminals';
import { orderDocumentRoutes } from './routes/orderDocuments/orderDocuments';
import { bookingActionRoutes } from './routes/bookingActions/bookingActions';
import { orderRoutes } from './routes/orders/orders';
import { walletRoutes } from './routes/wallet/wallet';
import { accountSecurityRoutes } from './routes/profile/accountSecurity';
import { familyRoutes } from './routes/profile/family';
import { profileRoutes } from './routes/profile/profile';
import { configRoutes } from './routes/venue/config';
import { remoteConfigRoutes } from './routes/remoteConfig/remoteConfig';
import { timeRoutes } from './routes/venue/time';
import { visitorRoutes } from './routes/visitors/visitors';
import { DEFAULT_UPLOADS_DIR } from './routes/visitors/files';

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
  /**
   * The captcha of venues without reCAPTCHA: 'question', a sum any script can answer (development, tests), or
   * 'proof_of_work' (ALTCHA); by default proof of work when NODE_ENV is production.
   */
  captchaKind?: SelfHostedCaptchaKind;
  /** Delivers one-time codes; by default the outbox (read through GET dev/outbox). */
  notifier?: Notifier;
  /** Where file/save/data keeps uploads; by default data/uploads next to package.json. */
  uploadsDir?: string;
  /** How long a navigation waits for its server-rendered page before it gets the plain shell (http/firstScreen.ts). */
  firstScreenTimeLimitMs?: number;
  /** The proxies whose X-Forwarded-For names the client (request.ip); by default from TRUST_PROXY (else none). */
  trustProxy?: FastifyServerOptions['trustProxy'];
};

export function buildApp({
  db,
  distDir = DEFAULT_DIST_DIR,
  devTools,
  logger = false,
  now = () => new Date(),
  recaptcha = recaptchaFromEnvironment(),
  captchaKind = process.env.NODE_ENV === 'production' ? 'proof_of_work' : 'question',
  notifier = outboxNotifier(db),
  uploadsDir,
  trustProxy = trustProxyFromEnvironment(),
  firstScreenTimeLimitMs,
}: BuildAppOptions): FastifyInstance {
  const app = Fastify({ logger: redactingLogger(logger), trustProxy });
  const context: AppContext = { db, now };
  // No national identity service is wired up yet; in development a stand-in page plays it.
  const identity = devTools ? developmentIdentityProvider(db) : null;

  const captcha = { selfHosted: selfHostedCaptcha(captchaKind, db), recaptcha };

  installSecurityHeaders(app, { recaptcha: recaptcha !== null });
  // API answers and anything the build did not precompress; precompressed assets already carry their encoding.
  app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
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
      api.register(remoteConfigRoutes, context);
      api.register(catalogueRoutes, context);
      api.register(membershipRoutes, context);
      api.register(offerOutletRoutes, context);
      api.register(workshopRoutes, context);
      api.register(facilityRoutes, context);
      api.register(customerRoutes, context);
      api.register(clientErrorRoutes, context);
      api.register(visitorRoutes, { ...context, uploadsDir });
      api.register(accountRoutes, { ...context, captcha, notifier, identity });
      api.register(profileRoutes, { ...context, captcha, notifier, identity, uploadsDir: uploadsDir ?? DEFAULT_UPLOADS_DIR });
      api.register(accountSecurityRoutes, { ...context, captcha, notifier, identity });
      api.register(familyRoutes, context);
      api.register(orderRoutes, { ...context, notifier, devTools });
      api.register(orderDocumentRoutes, context);
      api.register(bookingActionRoutes, { ...context, notifier, devTools });
      api.register(walletRoutes, { ...context, devTools });
      api.register(bookingRoutes, context);
      api.register(leadRoutes, { ...context, captcha, devTools });
      api.register(terminalRoutes, { ...context, devTools });
      if (devTools) api.register(devToolRoutes, context);
    },
    { prefix: '/api/v1' },
  );
  if (identity) app.register(devIdentityProviderRoutes, { ...context, provider: identity });

  installStatic(app, distDir, firstScreenTimeLimitMs === undefined ? {} : { timeLimitMs: firstScreenTimeLimitMs });
  return app;
}
