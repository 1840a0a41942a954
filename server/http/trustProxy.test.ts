import { describe, expect, it } from 'vitest';
import { trustProxyFromEnvironment } from './trustProxy';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told: unset, empty or false', () => {
    for (const TRUST_PROXY of [undefined, '', ' ', 'false']) expect(trustProxyFromEnvironment({ TRUST_PROXY })).toBe(false);
  });

  it('reads true, a number of hops, or a list of addresses and ranges', () => {
    expect(trustProxyFromEnvironment({ TRUST_PROXY: 'true' })).toBe(true);
    const twoHops = trustProxyFromEnvironment({ TRUST_PROXY: '2' });
    expect(typeof twoHops === 'function' && [0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyFromEnvironment({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' })).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });
});
