import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceKeepsData } from './database';

const withDatabases = (databases: () => Promise<{ name?: string }[]>) => vi.stubGlobal('indexedDB', { databases });

describe('deviceKeepsData', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is true once the device database exists, so the cart with its kept lines starts after the first screen', async () => {
    withDatabases(async () => [{ name: 'other-site' }, { name: 'venue-portal' }]);
    expect(await deviceKeepsData()).toBe(true);
  });

  it('is false on a device that has kept nothing: the cart then starts on first use', async () => {
    withDatabases(async () => [{ name: 'other-site' }]);
    expect(await deviceKeepsData()).toBe(false);
    withDatabases(async () => []);
    expect(await deviceKeepsData()).toBe(false);
  });

  it('assumes data is kept when the browser cannot tell, so no cart line is ever hidden', async () => {
    withDatabases(() => Promise.reject(new Error('blocked')));
    expect(await deviceKeepsData()).toBe(true);
    vi.stubGlobal('indexedDB', {});
    expect(await deviceKeepsData()).toBe(true);
    vi.stubGlobal('indexedDB', undefined);
    expect(await deviceKeepsData()).toBe(true);
  });
});
