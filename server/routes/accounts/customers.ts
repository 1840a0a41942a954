import { type FastifyPluginAsync } from 'fastify';
import { profileCall, profileResponse } from '../../../src/domain/contract/session';
import { toUser } from '../../auth/user';
import { type AppContext } from '../../http/context';
import { sendParsed } from '../../http/validation';
import { loginFirst, requireCustomer } from '../../http/auth';
import { serve } from '../../http/serve';

/** GET customers/profile: the customer behind the bearer token. */
export const customerRoutes: FastifyPluginAsync<AppContext> = async (app) => {
  serve(app, profileCall, async (request, reply) => {
    const customer = requireCustomer(request);
    return sendParsed(reply, profileResponse, { status: true, data: toUser(customer) });
  }, { onRequest: loginFirst });
};
