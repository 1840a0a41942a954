import { type FastifyInstance, type RouteHandlerMethod, type RouteShorthandOptions } from 'fastify';
import { type Endpoint } from '../../src/domain/contract/endpoint';

/** Registers the handler of a call at the method and path its contract declares. */
export function serve(app: FastifyInstance, call: Pick<Endpoint, 'method' | 'pattern'>, handler: RouteHandlerMethod, options: RouteShorthandOptions = {}) {
  app.route({ ...options, method: call.method, url: `/${call.pattern}`, handler });
}
