import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_CODE_TEMPLATE_ID } from '../../src/domain/appCode';
import { FIRST_SCREEN_ELEMENT_ID } from '../../src/domain/firstScreen';
import { createTestApp, type TestApp } from '../testing/testApp';
import { inlineStylesheets, leadImagePreloads, RENDER_TIME_LIMIT_MS, RENDERER_DIR } from './firstScreen';

const INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><meta name="theme-color" content="#0b5fff" /><link rel="icon" href="/icons/favicon.png" type="image/png" /><title>Marina Park</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

/** A build whose server renderer (dist/server/renderPage.js) has `renderPage` as given, in JavaScript. */
function buildWithRenderer(renderPage: string | null): string {
  const distDir = mkdtempSync(join(tmpdir(), 'kiosk-ssr-dist-'));
  writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
  if (renderPage !== null) {
    mkdirSync(join(distDir, RENDERER_DIR));
    const look = `const look = { properties: {}, themeColor: '#0b5fff', favicon: null };`;
    writeFileSync(join(distDir, RENDERER_DIR, 'renderPage.js'), `${look}\nexport async function warmUp() {}\nexport ${renderPage}\n`);
  }
  return distDir;
}

const opened: { t: TestApp; distDir: string }[] = [];
/** `timeLimitMs`: generous unless a test is about the limit, so a busy test machine does not turn a render into a fallback. */
async function appWith(renderPage: string | null, timeLimitMs = 10_000) {
  const distDir = buildWithRenderer(renderPage);
  const t = await createTestApp({ distDir, firstScreenTimeLimitMs: timeLimitMs });
  opened.push({ t, distDir });
  return t.app;
}
afterAll(async () => {
  for (const { t, distDir } of opened) {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  }
});

// Each test builds an app of its own over a fresh demo database: slow on a busy machine.
describe('leadImagePreloads', () => {
  it.each([
    ['no image marked', '<img src="/a.svg" loading="lazy">', ''],
    ['an image marked without a source', '<img fetchpriority="high">', ''],
    [
      'each marked image in page order, in either case',
      '<img src="/a.svg"><img src="/b.svg" fetchPriority="high"><img src="/c.svg" fetchpriority="high">',
      '<link rel="preload" as="image" href="/b.svg" fetchpriority="high"><link rel="preload" as="image" href="/c.svg" fetchpriority="high">',
    ],
    [
      'the first four only',
      [1, 2, 3, 4, 5].map((n) => `<img src="/${n}.svg" fetchpriority="high">`).join(''),
      [1, 2, 3, 4].map((n) => `<link rel="preload" as="image" href="/${n}.svg" fetchpriority="high">`).join(''),
    ],
    [
      'an image marked twice once (an attract screen over the carousel showing the same picture)',
      '<img src="/a.svg" fetchpriority="high"><img src="/a.svg" fetchpriority="high"><img src="/b.svg" fetchpriority="high">',
      '<link rel="preload" as="image" href="/a.svg" fetchpriority="high"><link rel="preload" as="image" href="/b.svg" fetchpriority="high">',
    ],
    [
      'a responsive image with its candidates and sizes',
      '<img srcset="/b-400.webp 400w, /b-800.webp 800w" sizes="100vw" src="/b-800.webp" fetchpriority="high">',
      '<link rel="preload" as="image" href="/b-800.webp" imagesrcset="/b-400.webp 400w, /b-800.webp 800w" imagesizes="100vw" fetchpriority="high">',
    ],
  ])('%s', (_, html, expected) => {
    expect(leadImagePreloads(html)).toBe(expected);
  });
});

describe('inlineStylesheets', () => {
  const styles = new Map([
    ['/assets/app.css', 'body{margin:0}'],
    ['/assets/odd.css', '.x::after{content:"</style>"}'],
  ]);

  it('puts the rules of a stylesheet the build has into the page, its link kept but disabled so it is never fetched', () => {
    expect(inlineStylesheets('<head><link rel="stylesheet" crossorigin href="/assets/app.css"></head>', styles)).toBe(
      '<head><style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/app.css" disabled></head>',
    );
  });

  it('leaves a link as it is when the build has no such stylesheet or its rules could end the element early', () => {
    const html = '<link rel="stylesheet" crossorigin href="/assets/gone.css"><link rel="stylesheet" crossorigin href="/assets/odd.css">';
    expect(inlineStylesheets(html, styles)).toBe(html);
  });
});

describe('the server-rendered first screen', { timeout: 60_000 }, () => {
  it('answers a navigation with the page rendered into the shell from the API in process, in its language and direction, the data embedded and escaped', async () => {
    const app = await appWith(`async function renderPage({ url, fetch }) {
      const config = await (await fetch('/api/v1/config')).json();
      return { look, lang: 'ar', dir: 'rtl', html: '<main><h1>' + url + '</h1><p>' + config.data.venue.name + '</p></main>',
        data: { lang: 'ar', strings: { common: { hi: '</script><script>alert(1)</script>' } }, answers: {} }, screens: [] };
    }`);
    const res = await app.inject({ url: '/events?lang=ar' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toContain('accept-encoding');
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<div id="root"><main><h1>/events?lang=ar</h1><p>Marina Sports &amp; Leisure Park</p></main></div>'.replace('&amp;', '&'));
    const block = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`).exec(res.body);
    // Whatever the strings hold, the block ends only where it should, and reads back as it was.
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block![1]!)).toEqual({ lang: 'ar', strings: { common: { hi: '</script><script>alert(1)</script>' } }, answers: {} });
  });

  it("marks a terminal's page as a kiosk's on its <html>, so its first paint has the kiosk's layout", async () => {
    const app = await appWith(`async function renderPage() {
      return { look, lang: 'en', dir: 'ltr', kiosk: true, html: '<main><h1>Touch to start</h1></main>', data: { lang: 'en', strings: {}, answers: {} }, screens: [] };
    }`);
    expect((await app.inject({ url: '/?mode=kiosk&attract=1&lang=en' })).body).toContain('<html lang="en" dir="ltr" data-mode="kiosk">');
  });

  it("paints in the venue's colours from the first frame, with its browser colour and icon, every value escaped", async () => {
    const app = await appWith(`async function renderPage() {
      const look = { properties: { '--color-primary': '#ff0000', '--color-cta': '"><script>', '--color-dark': 'red;position:fixed' }, themeColor: '#ff0000', favicon: '/media/brand/icon.png?a=1&b=2' };
      return { look, lang: 'en', dir: 'ltr', html: '<p>rendered</p>', data: { lang: 'en', strings: {}, answers: {} }, screens: [] };
    }`);
    const body = (await app.inject({ url: '/' })).body;
    // A value that could end its declaration is left to the app (src/app/theme.ts), which sets it as a single property.
    expect(body).toContain('<html lang="en" dir="ltr" style="--color-primary:#ff0000;--color-cta:&quot;&gt;&lt;script&gt;">');
    expect(body).toContain('<meta name="theme-color" content="#ff0000" /><link rel="icon" href="/media/brand/icon.png?a=1&amp;b=2"><title>');
  });

  it('keeps the shell\'s icon when the venue has none of its own', async () => {
    const app = await appWith(`async function renderPage() {
      return { look, lang: 'en', dir: 'ltr', html: '<p>rendered</p>', data: { lang: 'en', strings: {}, answers: {} }, screens: [] };
    }`);
    const body = (await app.inject({ url: '/' })).body;
    expect(body).toContain('<html lang="en" dir="ltr"><head><meta name="theme-color" content="#0b5fff" /><link rel="icon" href="/icons/favicon.png" type="image/png" />');
  });

  it('preloads the page\'s largest image with high priority before any script, so a slow line brings it first', async () => {
    const app = await appWith(`async function renderPage() {
      return { look, lang: 'en', dir: 'ltr', html: '<img src="/media/logo.svg" width="10" height="10"><img src="/media/hero.svg?v=1&amp;w=2" alt="" width="1200" height="480" fetchPriority="high">',
        data: { lang: 'en', strings: {}, answers: {} }, screens: [] };
    }`);
    const body = (await app.inject({ url: '/' })).body;
    const preload = '<link rel="preload" as="image" href="/media/hero.svg?v=1&amp;w=2" fetchpriority="high">';
    expect(body).toContain(`<title>Marina Park</title>${preload}<script type="module"`);
  });

  it("links the rendered screens' code inside the page's template of app code, not in the head, so it waits for the first paint", async () => {
    const distDir = buildWithRenderer(`async function renderPage() {
      return { look, lang: 'en', dir: 'ltr', html: '<p>rendered</p>', data: { lang: 'en', strings: {}, answers: {} }, screens: ['src/Screen.tsx'] };
    }`);
    mkdirSync(join(distDir, '.vite'));
    writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify({ 'src/Screen.tsx': { file: 'assets/Screen-1.js', imports: ['_shared.js'] }, '_shared.js': { file: 'assets/shared-2.js' } }));
    const t = await createTestApp({ distDir, firstScreenTimeLimitMs: 10_000 });
    opened.push({ t, distDir });
    const body = (await t.app.inject({ url: '/events' })).body;
    const code = '<link rel="modulepreload" crossorigin href="/assets/Screen-1.js"><link rel="modulepreload" crossorigin href="/assets/shared-2.js">';
    expect(body).toContain(`<template id="${APP_CODE_TEMPLATE_ID}">${code}</template></head>`);
    expect(body.replace(/<template[^]*<\/template>/, '')).not.toContain('modulepreload');
  });

  it('answers "/" through the renderer too, and never serves the renderer or the build manifest as files', async () => {
    const app = await appWith(`async function renderPage({ url }) {
      return { look, lang: 'en', dir: 'ltr', html: '<p>rendered ' + url + '</p>', data: { lang: 'en', strings: {}, answers: {} }, screens: [] };
    }`);
    expect((await app.inject({ url: '/' })).body).toContain('<p>rendered /</p>');
    const renderer = await app.inject({ url: `/${RENDERER_DIR}/renderPage.js` });
    expect(renderer.body).not.toContain('export async function');
    const manifest = await app.inject({ url: '/.vite/manifest.json' });
    expect(manifest.headers['content-type']).toContain('text/html');
  });

  it('falls back to the plain shell, 200, when the render fails', async () => {
    const app = await appWith(`async function renderPage() { throw new Error('a screen broke'); }`);
    const res = await app.inject({ url: '/events' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('falls back to the plain shell when the page starts on the client (the renderer answers null)', async () => {
    const app = await appWith(`async function renderPage() { return null; }`);
    const res = await app.inject({ url: '/profile/user' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it(`falls back to the plain shell after ${RENDER_TIME_LIMIT_MS} ms when the render is slow, instead of waiting for it`, async () => {
    const app = await appWith(`function renderPage() { return new Promise(() => {}); }`, RENDER_TIME_LIMIT_MS);
    const started = Date.now();
    const res = await app.inject({ url: '/events' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(Date.now() - started).toBeLessThan(RENDER_TIME_LIMIT_MS + 1000);
  });

  it('serves the plain shell when the build has no server renderer (a client-only build)', async () => {
    const app = await appWith(null);
    const res = await app.inject({ url: '/events' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('keeps API paths out of it: an unknown call is a JSON 404, not a page', async () => {
    const app = await appWith(`async function renderPage() { throw new Error('not for the API'); }`);
    const res = await app.inject({ url: '/api/v1/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: false, message: 'Not found' });
  });
});
