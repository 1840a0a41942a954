import { type FastifyServerOptions } from 'fastify';
import { HEADERS } from '../../src/domain/contract/headers';

const REDACTED = '[redacted]';

/** Query parameters whose values are secrets or personal details (tokens, codes, passwords, contact details). */
const SECRET_QUERY_NAME = /token|code|otp|pass|pin|secret|key|session|email|mobile|phone|name/i;
/** Path segments that are secrets: order tokens, stored file names, transaction ids (long, with a digit in them). */
const SECRET_SEGMENT = /^(?=[^/]*\d)[A-Za-z0-9._~%-]{16,}$/;

/** A request address fit for the log: secret path segments and the values of secret query parameters masked. */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const maskedPath = path
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(segment) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return maskedPath;
  const maskedQuery = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      return SECRET_QUERY_NAME.test(pair.slice(0, equals)) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${maskedPath}?${maskedQuery}`;
}

/** Headers that carry credentials or the caller's secrets, by their lower-case names as Node gives them. */
const SECRET_HEADERS = [HEADERS.authorization, HEADERS.session, HEADERS.idempotencyKey, HEADERS.terminalCredential, HEADERS.staffToken, 'Cookie', 'Set-Cookie'].map((name) => name.toLowerCase());

/** Wherever a logged object carries one of these, pino writes [redacted] instead. */
const REDACT_PATHS = [
  ...SECRET_HEADERS.map((name) => `req.headers["${name}"]`),
  ...SECRET_HEADERS.map((name) => `res.headers["${name}"]`),
  '*.password',
  '*.confirm_password',
  '*.pin',
  '*.otp',
  '*.token',
  '*.c_token',
  '*.email',
  '*.mobile',
  '*.params',
];

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The server's logger settings with redaction on: no token, code, password or personal detail reaches the log, in
 * headers, addresses or logged objects. `false` stays off.
 */
export function redactingLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false || logger === undefined) return false;
  const options: LoggerOptions = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      ...options.serializers,
      req: (request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
