import { type FastifyPluginAsync } from 'fastify';
import { clientErrorCall, clientErrorReport, clientErrorResponse } from '../../src/domain/contract/clientErrors';
import { type AppContext } from './context';
import { loggableUrl } from './logging';
import { serve } from './serve';
import { parseInput, sendParsed } from './validation';

/**
 * POST client-errors: the portal's error-reporting service. Reports go to the server log (JSON lines on
 * stdout, where the operator's log collector picks them up), tagged so they can be told from server errors.
 */
export const clientErrorRoutes: FastifyPluginAsync<AppContext> = async (app) => {
  serve(
    app,
    clientErrorCall,
    async (request, reply) => {
      const report = parseInput(clientErrorReport, request.body, 'error report');
      request.log.warn({ clientError: { ...report, url: loggableUrl(report.url) }, userAgent: request.headers['user-agent'] }, 'client error reported');
      return sendParsed(reply, clientErrorResponse, { status: true, data: { received: true } }, 202);
    },
    { bodyLimit: 16 * 1024 },
  );
};
