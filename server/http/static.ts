import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { errorBody } from '../../src/domain/contract/envelope';
import { firstScreenPages, RENDERER_DIR } from './firstScreen';

/** Demo images; config and catalogue image paths are relative to `/media/`. */
export const MEDIA_DIR = fileURLToPath(new URL('../seed/media', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Hashed build assets never change; everything else is revalidated, and the version file is never
 * stored at all, so the version check always sees the deployed build.
 */
export function cacheControlFor(pathInDist: string): string {
  if (pathInDist.startsWith('assets/')) return IMMUTABLE;
  if (pathInDist === 'version.json') return 'no-store';
  return 'no-cache';
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';

/** Client routes answer the app shell; API, media and hashed asset paths never do. */
function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = pathOf(request);
  return !['/api/', '/media/', '/assets/'].some((prefix) => path.startsWith(prefix));
}

/** What the build keeps for the server only: the first-screen renderer and Vite's manifest. */
const SERVER_ONLY = [`/${RENDERER_DIR}/`, '/.vite/'];

/**
 * Serves the built PWA (when `distDir` holds one) and the demo media; a navigation gets its first screen rendered
 * (./firstScreen.ts), else the app shell.
 */
export function installStatic(app: FastifyInstance, distDir: string | null, firstScreen: Parameters<typeof firstScreenPages>[2] = {}) {
  app.register(fastifyStatic, { root: MEDIA_DIR, prefix: '/media/', decorateReply: false, maxAge: '1d' });

  const servesApp = distDir !== null && existsSync(join(distDir, 'index.html'));
  const pageFor = servesApp ? firstScreenPages(app, distDir, firstScreen) : null;
  if (servesApp) {
    app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // '/' is a navigation like any other (the not-found handler below), not the plain index.html.
      index: false,
      allowedPath: (path) => path !== '/' && !SERVER_ONLY.some((prefix) => path.startsWith(prefix)),
      // The build writes .br and .gz beside each text asset (vite.config.ts); the browser's Accept-Encoding picks one.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(relative(distDir, filePath).split(sep).join('/')));
        // A cache between the server and the browser must keep the brotli, gzip and plain answers apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (pageFor && wantsAppShell(request)) {
      // Rendered per request and in the asked language: revalidated every time, and kept apart by encoding.
      const started = performance.now();
      const page = await pageFor(request);
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'accept-encoding')
          // How much of the page's first byte was the server's render (the browser's navigation timing shows it).
          .header('server-timing', `render;dur=${(performance.now() - started).toFixed(1)}`)
          .send(page)
      );
    }
    return reply.code(404).send(errorBody.parse({ status: false, message: 'Not found' }));
  });
}
