import helmet from '@fastify/helmet';
import { type FastifyInstance } from 'fastify';

const self = "'self'";

/** Google's reCAPTCHA v2 needs its script and frame hosts; allowed only when the server verifies reCAPTCHA. */
const recaptchaScripts = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const recaptchaFrames = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Security headers on every answer (JSON, errors, 404s, static files). No inline script is allowed;
 * upgrade-insecure-requests stays off because terminals reach the server over plain http on localhost.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { recaptcha: boolean } = { recaptcha: false }) {
  return app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: options.recaptcha ? [self, ...recaptchaScripts] : [self],
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:', 'blob:'],
        fontSrc: [self, 'data:'],
        connectSrc: options.recaptcha ? [self, ...recaptchaScripts] : [self],
        workerSrc: [self],
        manifestSrc: [self],
        frameSrc: options.recaptcha ? [self, ...recaptchaFrames] : [self],
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
