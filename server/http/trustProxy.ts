import { type FastifyServerOptions } from 'fastify';

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For), from TRUST_PROXY: `true`
 * (any), a number of hops, or addresses and CIDR ranges separated by commas. Unset, the address that connected
 * is the client, so a client cannot pick its own address for the per-address limits.
 */
export function trustProxyFromEnvironment(env: NodeJS.ProcessEnv = process.env): NonNullable<FastifyServerOptions['trustProxy']> {
  const value = env.TRUST_PROXY?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address: string, hop: number) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}
