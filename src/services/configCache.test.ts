import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { PortalDb } from '../db/db';
import { configResponse, type SiteConfigInput } from '../domain/contract/config';
import { siteConfigInput } from '../domain/contract/siteConfigFixture';
import { ConfigNotFoundError, ConfigUnavailableError, loadConfig, loadConfigFromDevice, refreshConfig } from './configCache';
import { CONFIG_MIRROR_KEY } from './configMirror';
import { beginWarmStart, endWarmStart } from './warmStart';

const site = (name: string): SiteConfigInput => siteConfigInput({ venue: { id: 1, name } });
const configBody = (name: string) => ({ status: true, data: site(name), carousel: [] });

type Answer = { status: number; body: unknown } | 'network-down';

function apiAnswering(...answers: Answer[]) {
  let requests = 0;
  const fetch = (async () => {
    requests += 1;
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer === 'network-down') throw new TypeError('fetch failed');
    return Response.json(answer.body, { status: answer.status });
  }) as typeof globalThis.fetch;
  return { api: createApiClient({ baseURL: '/api/v1/', headers: () => ({}), fetch }), requests: () => requests };
}

const freshDb = () => new PortalDb('config-test', { indexedDB: new IDBFactory(), IDBKeyRange });
const clock = (time: number) => () => time;

describe('loadConfig', () => {
  it('[S0-7.27] loads from the network and stores the answer with its time', async () => {
    const database = freshDb();
    const loaded = await loadConfig(apiAnswering({ status: 200, body: configBody('Online') }).api, database, clock(1000));
    await loaded.stored;
    expect({ ...loaded, stored: undefined }).toEqual({ response: configResponse.parse(configBody('Online')), source: 'network', savedAt: 1000, stored: undefined });
    expect(await database.config.get('site')).toEqual({ key: 'site', response: loaded.response, savedAt: 1000 });
  });

  it('[S0-7.27] starts from the stored copy when the network is down', async () => {
    const database = freshDb();
    await (await loadConfig(apiAnswering({ status: 200, body: configBody('Stored') }).api, database, clock(1000))).stored;
    const loaded = await loadConfig(apiAnswering('network-down').api, database, clock(5000));
    expect(loaded.source).toBe('cache');
    expect(loaded.savedAt).toBe(1000);
    expect(loaded.response.data.venue.name).toBe('Stored');
  });

  it('[S0-7.27] starts from the stored copy when the venue API fails', async () => {
    const database = freshDb();
    await (await loadConfig(apiAnswering({ status: 200, body: configBody('Stored') }).api, database, clock(1000))).stored;
    const loaded = await loadConfig(apiAnswering({ status: 503, body: { status: false, message: 'Down' } }).api, database);
    expect(loaded).toMatchObject({ source: 'cache', savedAt: 1000 });
  });

  it('[S0-7.28] a 404 is ConfigNotFoundError even with a stored copy', async () => {
    const database = freshDb();
    await (await loadConfig(apiAnswering({ status: 200, body: configBody('Stored') }).api, database)).stored;
    const notFound = apiAnswering({ status: 404, body: { status: false, message: 'Venue not found' } });
    await expect(loadConfig(notFound.api, database)).rejects.toBeInstanceOf(ConfigNotFoundError);
  });

  it('[S0-8.1] asks once more after a 401 (the stale token is already dropped), and only once', async () => {
    const expired = { status: 401, body: { status: false, message: 'Session expired, please login again' } };
    const recovered = apiAnswering(expired, { status: 200, body: configBody('After expiry') });
    expect((await loadConfig(recovered.api, freshDb())).response.data.venue.name).toBe('After expiry');
    expect(recovered.requests()).toBe(2);

    const stillRefused = apiAnswering(expired);
    await expect(loadConfig(stillRefused.api, freshDb())).rejects.toBeInstanceOf(ConfigUnavailableError);
    expect(stillRefused.requests()).toBe(2);
  });

  it('is ConfigUnavailableError with neither network nor stored copy', async () => {
    const error = await loadConfig(apiAnswering('network-down').api, freshDb()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigUnavailableError);
    expect(error).toMatchObject({ name: 'ConfigUnavailableError', status: 0 });
  });

  it('ignores a stored copy that no longer fits the schema', async () => {
    const database = freshDb();
    await database.config.put({ key: 'site', response: { status: true } as never, savedAt: 1 });
    await expect(loadConfig(apiAnswering('network-down').api, database)).rejects.toBeInstanceOf(ConfigUnavailableError);
  });

  it('[S0-7.27] answers from memory within the visit; refreshConfig asks the network again', async () => {
    const database = freshDb();
    const { api, requests } = apiAnswering({ status: 200, body: configBody('First') }, { status: 200, body: configBody('Second') });
    await loadConfig(api, database);
    expect((await loadConfig(api, database)).response.data.venue.name).toBe('First');
    expect(requests()).toBe(1);
    const refreshed = await refreshConfig(api, database, clock(9000));
    await refreshed.stored;
    expect(refreshed).toMatchObject({ source: 'network', savedAt: 9000 });
    expect(refreshed.response.data.venue.name).toBe('Second');
    expect((await database.config.get('site'))?.response.data.venue.name).toBe('Second');
  });
});

describe('loadConfigFromDevice (a warm start)', () => {
  /** The app's own database name, which the warm start reads with plain IndexedDB. */
  function deviceDatabase() {
    const factory = new IDBFactory();
    vi.stubGlobal('indexedDB', factory);
    return new PortalDb('venue-portal', { indexedDB: factory, IDBKeyRange });
  }

  afterEach(() => {
    endWarmStart();
    vi.unstubAllGlobals();
  });

  it('[S0-7.27] takes the kept config without asking the network, marked to be revalidated', async () => {
    const database = deviceDatabase();
    const kept = configResponse.parse(configBody('Kept'));
    await database.config.put({ key: 'site', response: kept, savedAt: 1000 });
    beginWarmStart();
    const network = apiAnswering({ status: 200, body: configBody('Network') });
    const loaded = await loadConfigFromDevice(network.api, database);
    expect(loaded).toMatchObject({ source: 'cache', savedAt: 1000, revalidate: true, response: kept });
    expect(network.requests()).toBe(0);
  });

  it('reads the localStorage copy first, without opening IndexedDB, and a network answer renews it', async () => {
    const kept = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => kept.set(key, value) });
    const database = freshDb();
    await (await loadConfig(apiAnswering({ status: 200, body: configBody('Mirrored') }).api, database, clock(1000))).stored;
    expect(JSON.parse(kept.get(CONFIG_MIRROR_KEY)!)).toEqual({ response: configResponse.parse(configBody('Mirrored')), savedAt: 1000 });

    await database.config.clear();
    beginWarmStart();
    const network = apiAnswering({ status: 200, body: configBody('Network') });
    const loaded = await loadConfigFromDevice(network.api, database);
    expect(loaded).toMatchObject({ source: 'cache', savedAt: 1000, revalidate: true, response: { data: { venue: { name: 'Mirrored' } } } });
    expect(network.requests()).toBe(0);
  });

  it.each([
    ['no kept config', null],
    ['a kept config of an older shape', { status: true, data: { venue: 'old' } }],
  ])('with %s asks the network', async (_title, response) => {
    const database = deviceDatabase();
    if (response) await database.config.put({ key: 'site', response: response as never, savedAt: 1000 });
    beginWarmStart();
    const network = apiAnswering({ status: 200, body: configBody('Network') });
    const loaded = await loadConfigFromDevice(network.api, database);
    expect(loaded).toMatchObject({ source: 'network', response: { data: { venue: { name: 'Network' } } } });
    expect(loaded.revalidate).toBeUndefined();
    expect(network.requests()).toBe(1);
  });
});
