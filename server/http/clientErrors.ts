import { type FastifyPluginAsync } from 'fastify';
import { clientErrorReport, clientErrorResponse } from '../../src/domain/contract/clientErrors';
import { type AppContext } from './context';
import { parseInput, sendParsed } from './validation';

/**
 * POST client-errors: the portal's error-reporting service. Reports go to the server log (JSON lines on
 * stdout, where the operator's log collector picks them up), tagged so they can be told from server errors.
 */
export const clientErrorRoutes: FastifyPluginAsync<AppContext> = async (app) => {
  app.post('/client-errors', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const report = parseInput(clientErrorReport, request.body, 'error report');
    request.log.warn({ clientError: report, userAgent: request.headers['user-agent'] }, 'client error reported');
    return sendParsed(reply, clientErrorResponse, { status: true, data: { received: true } }, 202);
  });
};
