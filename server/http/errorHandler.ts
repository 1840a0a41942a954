import { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { errorBody, type ErrorBody } from '../../src/domain/contract/envelope';
import { HttpError } from './errors';

const GENERIC_FAILURE = 'Something went wrong, please try again';

function isClientError(error: unknown): error is FastifyError {
  const statusCode = (error as Partial<FastifyError> | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/** The status and `{ status: false, message }` body for any failure; server faults are logged, never leaked. */
export function describeError(error: unknown, request: FastifyRequest): { statusCode: number; body: ErrorBody } {
  if (error instanceof HttpError) return { statusCode: error.statusCode, body: { status: false, message: error.message } };
  if (isClientError(error)) return { statusCode: error.statusCode ?? 400, body: { status: false, message: error.message } };
  request.log.error({ err: error }, 'request failed');
  return { statusCode: 500, body: { status: false, message: GENERIC_FAILURE } };
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    const { statusCode, body } = describeError(error, request);
    return reply.code(statusCode).send(errorBody.parse(body));
  });
}
