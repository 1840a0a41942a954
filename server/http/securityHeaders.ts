import helmet from '@fastify/helmet';
import { type FastifyInstance } from 'fastify';

const self = "'self'";

/** Google's reCAPTCHA v2 needs its script and frame hosts; allowed only when the server verifies reCAPTCHA. */
const recaptchaScripts = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const recaptchaFrames = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * Headers a browser reads only on a document (a page, a frame): a script, stylesheet or font the build hashed is never
 * one, so these ~550 bytes are left off each of the ~40 such files a first visit loads (HTTP/1.1 does not compress
 * headers). nosniff, the cross-origin resource policy and HSTS stay, since they apply to every answer.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Built scripts, stylesheets and fonts; an SVG or other file that could be opened as a page keeps every header. */
const HASHED_SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css|woff2?)(?:[?#]|$)/;

export const isHashedSubresource = (url: string) => HASHED_SUBRESOURCE.test(url);

/**
 * Security headers on every answer (JSON, errors, 404s, static files). No inline script is allowed;
 * upgrade-insecure-requests stays off because terminals reach the server over plain http on localhost.
 */
export function installSecurityHeaders(app: FastifyInstance, options: { recaptcha: boolean } = { recaptcha: false }) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isHashedSubresource(request.url)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return payload;
  });
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
