import { DrizzleQueryError } from 'drizzle-orm/errors';
import { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { errorBody, type ErrorBody } from '../../src/domain/contract/envelope';
import { HttpError } from './errors';
import { MULTIPART_UNREADABLE, NUL_REFUSED } from './malformedInput';

const GENERIC_FAILURE = 'Something went wrong, please try again';

function isClientError(error: unknown): error is FastifyError {
  const statusCode = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/** What the multipart parser (busboy) throws when the body or its boundary cannot be read: the caller's fault. */
const UNREADABLE_MULTIPART_MESSAGES = [/^Multipart: Boundary not found$/, /^The needle cannot have a length bigger than \d+/, /terminated early due to unexpected end of multipart data$/, /^Malformed part header$/];

function isUnreadableMultipart(error: unknown): boolean {
  return error instanceof Error && UNREADABLE_MULTIPART_MESSAGES.some((pattern) => pattern.test(error.message));
}

type DatabaseFault = { code?: string; severity?: string; table?: string; column?: string; constraint?: string; routine?: string; message?: string };

function databaseFaultOf(error: unknown): DatabaseFault | null {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  if (!(cause instanceof Error) || typeof (cause as DatabaseFault).code !== 'string') return null;
  return cause as DatabaseFault;
}

/** PostgreSQL refuses a NUL in text (22021) wherever a check upstream missed one: still the caller's text. */
const isNulInText = (fault: DatabaseFault | null) => fault?.code === '22021' && (fault.message ?? '').includes('0x00');

/**
 * A failed query as the log may keep it: the SQL and the database's own description, never the parameters (order
 * tokens, e-mails, codes) nor a value the database quotes back (data exceptions, class 22, quote the value).
 */
function loggableError(error: unknown): unknown {
  if (!(error instanceof DrizzleQueryError)) return error;
  const fault = databaseFaultOf(error);
  const message = fault?.code?.startsWith('22') ? fault.message?.replace(/"[^"]*"/g, '"[redacted]"') : fault?.message;
  return {
    type: 'DrizzleQueryError',
    query: error.query,
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    cause: fault && { code: fault.code, severity: fault.severity, table: fault.table, column: fault.column, constraint: fault.constraint, routine: fault.routine, message },
  };
}

/** The status and `{ status: false, message }` body for any failure; server faults are logged, never leaked. */
export function describeError(error: unknown, request: FastifyRequest): { statusCode: number; body: ErrorBody } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, body: { status: false, message: error.message } };
  if (isClientError(error)) return { statusCode: error.statusCode ?? 400, body: { status: false, message: error.message } };
  if (isUnreadableMultipart(error)) return { statusCode: 400, body: { status: false, message: MULTIPART_UNREADABLE } };
  if (isNulInText(databaseFaultOf(error))) return { statusCode: 400, body: { status: false, message: NUL_REFUSED } };
  request.log.error({ err: loggableError(error) }, 'request failed');
  return { statusCode: 500, body: { status: false, message: GENERIC_FAILURE } };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = describeError(error, request);
    return reply.code(statusCode).send(errorBody.parse(body));
  });
}
