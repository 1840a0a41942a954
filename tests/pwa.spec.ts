import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type APIRequestContext, type APIResponse } from '@playwright/test';
import { expect, test } from './fixtures';
import { open, resetServer } from './helpers';
import { waitForServiceWorkerControl, workerPort } from './support/shell';

const APP_ORIGIN = `http://localhost:${workerPort()}`;

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function expectLockedDown(response: APIResponse, what: string) {
  const headers = response.headers();
  const csp = cspDirectives(headers['content-security-policy']);
  expect(headers['content-security-policy'], `${what}: CSP`).toBeTruthy();
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(csp.get('base-uri'), `${what}: base-uri`).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, `${what}: script-src`).toBeDefined();
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
}

/** The hashed entry script the built index.html loads. */
async function entryScriptPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/')).text();
  const src = /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, 'the entry script of index.html').toBeDefined();
  return src!;
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  icons?: { src: string; sizes: string; type?: string; purpose?: string }[];
};

test('(PWA, no checklist id) the web app manifest is linked and describes an installable standalone app with 192, 512 and maskable icons', async ({ page, request }) => {
  await open(page, '/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();

  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/application\/(manifest\+)?json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest.name).toBeTruthy();
  expect(manifest.start_url).toBeTruthy();
  expect(new URL(manifest.start_url!, APP_ORIGIN).origin).toBe(APP_ORIGIN);
  expect(manifest.display).toBe('standalone');

  const icons = manifest.icons ?? [];
  const pngs = icons.filter((icon) => icon.type === 'image/png' || icon.src.endsWith('.png'));
  const sizes = pngs.map((icon) => icon.sizes);
  expect(sizes).toContain('192x192');
  expect(sizes).toContain('512x512');
  expect(pngs.some((icon) => icon.purpose?.split(/\s+/).includes('maskable'))).toBe(true);

  for (const icon of pngs) {
    const file = await request.get(new URL(icon.src, new URL(href!, APP_ORIGIN)).pathname);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
  }
});

test('(PWA, no checklist id) the service worker registers and controls the page after the first load', async ({ page, context }) => {
  await open(page, '/');
  // No reload: the worker claims the page that installed it.
  await waitForServiceWorkerControl(page, { reloadOnce: false });
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { scope: found?.scope, script: found?.active?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${APP_ORIGIN}/`, script: `${APP_ORIGIN}/sw.js`, controller: `${APP_ORIGIN}/sw.js` });
  expect(context.serviceWorkers().map((worker) => worker.url())).toContain(`${APP_ORIGIN}/sw.js`);

  // Controlled from then on: the next start is answered by the worker, and still starts.
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${APP_ORIGIN}/sw.js`);
});

test('(fast first screen, no checklist id) the browser is sent every script, the page and the API answers compressed', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (response.status() === 200 && ['document', 'script', 'stylesheet', 'fetch'].includes(type)) {
      encodings.set(response.url(), (await response.allHeaders())['content-encoding']);
    }
  });
  await open(page, '/events');
  await page.waitForLoadState('networkidle');
  const sent = [...encodings];
  expect(sent.filter(([url]) => url.includes('/assets/') && url.endsWith('.js')).length).toBeGreaterThan(10);
  expect(sent.some(([url]) => url.includes('/api/v1/'))).toBe(true);
  // Small answers (under 1 kB) are not worth compressing; everything else arrives as brotli.
  const uncompressed = sent.filter(([, encoding]) => encoding !== 'br').map(([url]) => url);
  for (const url of uncompressed) {
    const size = (await page.request.get(url, { headers: { 'accept-encoding': 'identity' } }).then((res) => res.body())).length;
    expect(size, `${url} is sent uncompressed`).toBeLessThan(1024);
  }
});

test('[S0-9.30] every kind of answer carries the locked-down CSP and X-Frame-Options DENY', async ({ request }) => {
  const answers: [string, string, number][] = [
    ['the home page', '/', 200],
    ['a client route (SPA fallback)', '/events?lang=en', 200],
    ['the config call', '/api/v1/config', 200],
    ['an unknown API call (404)', '/api/v1/no-such-call', 404],
    ['the version file', '/version.json', 200],
    ['the service worker', '/sw.js', 200],
    ['the manifest', '/manifest.webmanifest', 200],
    ['a media image', '/media/brand/logo.svg', 200],
  ];
  for (const [what, path, status] of answers) {
    const response = await request.get(path);
    expect(response.status(), what).toBe(status);
    expectLockedDown(response, what);
  }
  // A built script is never a document: it keeps nosniff and the resource policy, not the document-only headers.
  const script = await request.get(await entryScriptPath(request));
  expect(script.status()).toBe(200);
  expect(script.headers()['content-security-policy']).toBeUndefined();
  expect(script.headers()['x-content-type-options']).toBe('nosniff');
  expect(script.headers()['cross-origin-resource-policy']).toBe('same-origin');
});

test('[S0-9.30] the HTML has no inline script and the app runs without a single CSP violation', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    // The server-rendered page's data (src/domain/firstScreen.ts) is a JSON data block: never executed.
    if (/\stype="application\/json"/.test(attributes ?? '')) continue;
    expect(attributes, 'every script is an external file').toMatch(/\ssrc="[^"]+"/);
    expect(body?.trim(), 'no inline code').toBe('');
  }
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto('/');
  expectLockedDown(await request.get(response!.url()), 'the page as loaded');
  await page.waitForSelector('html[data-ready="true"]');
  await page.getByRole('main').getByRole('link', { name: /Events/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  expect(await page.locator('script:not([src]):not([type="application/json"])').count()).toBe(0);
  expect(violations).toEqual([]);
});

test('[S0-9.30] a page on another origin cannot show the portal in a frame', async ({ page }) => {
  // Someone else's site, really served from another origin on this machine (127.0.0.1 is not localhost).
  const otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Someone else's site</title><h1>Other site</h1><iframe title="portal" src="${APP_ORIGIN}/"></iframe>`);
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  const framer = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}/`;
  try {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame/i.test(message.text())) refusals.push(message.text());
    });
    const portalAnswer = page.waitForResponse(`${APP_ORIGIN}/`);
    await page.goto(framer);
    expect((await portalAnswer).headers()['x-frame-options']).toBe('DENY');

    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(frame).toBeDefined();
    await expect.poll(() => refusals.join('\n')).toMatch(/frame-ancestors|X-Frame-Options/);
    expect(await frame!.locator('#root').count()).toBe(0);
    // The other site is left as it was: the portal neither shows in it nor takes over the window.
    await expect(page.getByRole('heading', { name: 'Other site' })).toBeVisible();
    expect(page.url()).toBe(framer);
  } finally {
    await new Promise((resolve) => otherSite.close(resolve));
  }
});

test('[S0-9.30] even the portal itself cannot frame its own pages', async ({ page }) => {
  await open(page, '/');
  const loaded = await page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.onload = () => {
          try {
            resolve(frame.contentDocument?.getElementById('root') !== null && frame.contentDocument?.getElementById('root') !== undefined);
          } catch {
            resolve(false);
          }
        };
        document.body.append(frame);
      }),
    '/events',
  );
  expect(loaded).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/');
});
