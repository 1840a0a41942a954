import { type FastifyPluginAsync } from 'fastify';
import { accountIdentityRoutes } from './identity';
import { accountLoginRoutes } from './login';
import { accountPasswordRoutes } from './password';
import { accountRegistrationRoutes } from './registration';
import { installAccountErrors, type AccountsContext } from './accountsShared';

/** Everything under `auth/` and `captcha/`: sign-in in all its forms, sign-up, forgotten passwords. */
export const accountRoutes: FastifyPluginAsync<AccountsContext> = async (app, context) => {
  installAccountErrors(app);
  await app.register(accountLoginRoutes, context);
  await app.register(accountPasswordRoutes, context);
  await app.register(accountRegistrationRoutes, context);
  await app.register(accountIdentityRoutes, context);
};
