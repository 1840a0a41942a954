import { type FastifyInstance, type FastifyRequest, type onRequestAsyncHookHandler } from 'fastify';
import { findCustomerByToken, type CustomerRow } from '../auth/tokens';
import { type AppContext } from './context';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer of a valid bearer token; null when the call carries none. */
    customer: CustomerRow | null;
  }
}

export const SESSION_EXPIRED = 'Session expired, please login again';

export function bearerToken(header: string): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Installs on the given scope (not encapsulated, so every route of the scope sees it):
 * a bearer token that is present but unknown, expired or revoked answers 401 on any call,
 * so the client resets its session whatever it was doing.
 */
export function installAuth(scope: FastifyInstance, { db, now }: AppContext) {
  scope.decorateRequest('customer', null);
  scope.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') return;
    const token = bearerToken(header);
    const customer = token ? await findCustomerByToken(db, token, now()) : null;
    if (!customer) throw new HttpError(401, SESSION_EXPIRED);
    request.customer = customer;
  });
}

export const LOGIN_REQUIRED = 'Please Login!';

/** For calls that need a logged-in customer. */
export function requireCustomer(request: FastifyRequest): CustomerRow {
  if (!request.customer) throw new HttpError(401, LOGIN_REQUIRED);
  return request.customer;
}

/**
 * The route option `{ onRequest: loginFirst }` of a call that needs a login: it answers 401 before the body is
 * parsed or checked, so a caller without a token learns that first, whatever else is wrong with the request.
 */
export const loginFirst: onRequestAsyncHookHandler = async (request) => {
  requireCustomer(request);
};
