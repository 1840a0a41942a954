import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { versionFile } from '../../src/domain/contract/time';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../testing/testApp';

const INDEX_HTML = '<!doctype html><html><head><title>Marina Park</title></head><body><div id="root"></div></body></html>';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
  "connect-src 'self';worker-src 'self';manifest-src 'self';frame-src 'self';frame-ancestors 'none';object-src 'none';" +
  "base-uri 'none';form-action 'self'";

function expectSecurityHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-security-policy']).toBe(CSP);
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

/** What the build writes as .br and .gz beside the script (vite.config.ts). */
const APP_SCRIPT = 'console.log("app");';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'kiosk-dist-'));
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(distDir, 'version.json'), JSON.stringify({ version: '20250601120000' }));
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(distDir, 'manifest.webmanifest'), '{"name":"Marina Park"}');
  writeFileSync(join(distDir, 'assets', 'index-3f9a1c.js'), APP_SCRIPT);
  writeFileSync(join(distDir, 'assets', 'index-3f9a1c.js.br'), brotliCompressSync(APP_SCRIPT));
  writeFileSync(join(distDir, 'assets', 'index-3f9a1c.js.gz'), gzipSync(APP_SCRIPT));
  t = await createTestApp({ distDir });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('compressed answers', () => {
  it('serves the build\'s brotli or gzip copy of an asset by Accept-Encoding, and the plain file otherwise', async () => {
    const br = await t.app.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_SCRIPT);

    const gzip = await t.app.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_SCRIPT);

    const plain = await t.app.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_SCRIPT);
  });

  it('compresses API answers for a client that accepts it', async () => {
    const res = await t.app.inject({ url: '/api/v1/config', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toMatchObject({ status: true });
  });
});

describe('static files, SPA fallback and security headers', () => {
  it('[S0-9.30] sends the security headers on JSON answers', async () => {
    const res = await t.app.inject({ url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('[S0-9.30] sends the security headers on errors and 404s', async () => {
    for (const [url, status] of [
      ['/api/v1/pages/no-such-page', 404],
      ['/api/v1/pages/summer-camp-2025', 409],
      ['/api/v1/unknown-call', 404],
      ['/api/v1/search/global', 400],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expectSecurityHeaders(res);
    }
    const unauthorised = await t.app.inject({ url: '/api/v1/config', headers: { Authorization: 'Bearer expired' } });
    expect(unauthorised.statusCode).toBe(401);
    expectSecurityHeaders(unauthorised);
  });

  it('[S0-9.30] sends the security headers on static files and media', async () => {
    for (const url of ['/', '/version.json', '/media/brand/logo.svg', '/events/1', '/sw.js']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res);
    }
  });

  it('leaves the document-only headers off a built script, keeping nosniff and the resource policy', async () => {
    const res = await t.app.inject({ url: '/assets/index-3f9a1c.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers unknown /api/ paths with a JSON 404, never the app shell', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/v2/config', '/api/']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: false, message: 'Not found' });
    }
  });

  it('[S0-7.26] [S0-3.23] serves version.json with Cache-Control: no-store', async () => {
    const res = await t.app.inject({ url: '/version.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(versionFile.parse(res.json())).toEqual({ version: '20250601120000' });
  });

  it('serves hashed assets as immutable and the shell files with no-cache', async () => {
    expect((await t.app.inject({ url: '/assets/index-3f9a1c.js' })).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      expect((await t.app.inject({ url })).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('falls back to index.html (200, no-cache) for client routes, GET and HEAD', async () => {
    for (const url of ['/events/1', '/profile/user?lang=ar', '/about-us', '/home-bsl/abc']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['server-timing']).toMatch(/^render;dur=\d+\.\d$/);
      expect(res.body).toBe(INDEX_HTML);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/terms-and-conditions' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('does not answer the app shell for missing media or assets, nor for other methods', async () => {
    expect((await t.app.inject({ url: '/media/nope.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/events' })).statusCode).toBe(404);
  });
});

describe('without a built PWA', () => {
  let apiOnly: FastifyInstance;
  beforeAll(() => {
    apiOnly = buildApp({ db: t.db, distDir: join(tmpdir(), 'no-such-dist-dir'), devTools: true });
  });
  afterAll(() => apiOnly.close());

  it('[S0-9.30] answers 404 JSON with security headers for any page, and still serves the API', async () => {
    const res = await apiOnly.inject({ url: '/events' });
    expect(res.statusCode).toBe(404);
    expectSecurityHeaders(res);
    expect((await apiOnly.inject({ url: '/api/v1/config' })).statusCode).toBe(200);
  });
});
