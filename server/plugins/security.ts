import helmet from '@fastify/helmet';
import { type FastifyInstance } from 'fastify';

const self = "'self'";

/**
 * Security headers on every answer (JSON, errors, 404s, static files). No inline script is allowed;
 * upgrade-insecure-requests stays off because terminals reach the server over plain http on localhost.
 */
export function installSecurityHeaders(app: FastifyInstance) {
  return app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self],
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:', 'blob:'],
        fontSrc: [self, 'data:'],
        connectSrc: [self],
        workerSrc: [self],
        manifestSrc: [self],
        frameSrc: [self],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: [self],
      },
    },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
