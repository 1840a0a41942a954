import { mkdirSync } from 'node:fs';
import { type APIRequestContext, type Page, type Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkScreen, KIOSK, LANGS, open, PHONE, resetServer, signIn } from './helpers';
import { copy } from './support/shell';

/** Issue 14: the server answers a navigation with the page already rendered, and the client takes it over as it is. */

const SHOTS = '/work/shots/ssr';

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

type Named = { name: string; ar_name?: string | null };
type Described = { description: string; ar_description?: string | null };
const nameIn = (lang: 'en' | 'ar', record: Named) => (lang === 'ar' && record.ar_name ? record.ar_name : record.name);

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api/v1/${path}`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/** What each page shows in its HTML: its heading and the venue data its loader read. */
async function expectedContent(request: APIRequestContext, lang: 'en' | 'ar') {
  const events = await apiData<{ data: Named[] }>(request, 'events?page=1');
  const event = await apiData<Named & Described>(request, 'events/1');
  const config = (await (await request.get('/api/v1/config')).json()) as { carousel: { title: string; ar_title?: string | null }[] };
  const slide = config.carousel[0]!;
  return [
    { path: '/', heading: copy(lang, 'pages:home.facilitiesTitle'), content: lang === 'ar' && slide.ar_title ? slide.ar_title : slide.title },
    { path: '/events', heading: copy(lang, 'pages:sections.events'), content: nameIn(lang, events.data[0]!) },
    { path: '/events/1', heading: nameIn(lang, event), content: lang === 'ar' && event.ar_description ? event.ar_description : event.description },
  ];
}

const withLang = (path: string, lang: 'en' | 'ar') => (lang === 'ar' ? `${path}?lang=ar` : path);

for (const lang of LANGS) {
  test(`${lang}: the HTML of /, /events and /events/1 holds the heading and the content, without any script run`, async ({ request }) => {
    for (const { path, heading, content } of await expectedContent(request, lang)) {
      const response = await request.get(withLang(path, lang));
      expect(response.status()).toBe(200);
      expect(response.headers()['cache-control']).toBe('no-cache');
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(lang === 'ar' ? '<html lang="ar" dir="rtl" ' : '<html lang="en" dir="ltr" ');
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root, path).toContain(escapeHtml(heading));
      expect(root, path).toContain(escapeHtml(content));
      expect(html).toContain('<script type="application/json" id="first-screen">');
      // The data embedded is the venue's, never anyone's own, and carries no inline script the CSP would refuse.
      expect(html).not.toMatch(/<script(?![^>]*(type="application\/json"|type="module"))[^>]*>[^<]/);
    }
  });
}

test('a page behind the login and the cart start from the plain shell as before', async ({ request }) => {
  for (const path of ['/profile/user', '/cart']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain('id="first-screen"');
  }
});

/** The calls whose answers the server embeds for these pages: the config, the events list, the event and its places. */
const isEmbeddedCall = (request: Request) => /^\/api\/v1\/(config|events(\/1(\/places)?)?)$/.test(new URL(request.url()).pathname);

async function recordStart(page: Page) {
  const errors: string[] = [];
  const repeated: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (isEmbeddedCall(request)) repeated.push(request.url());
  });
  // The heading the server sent, found before the app's script runs: hydration keeps that very element.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('main h1, main h2');
    });
  });
  return { errors, repeated };
}

for (const lang of LANGS) {
  test(`${lang}: a browser takes the server's page over with no console error and no second request for the config or the screen's data`, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const start = await recordStart(page);
    for (const { path, heading } of await expectedContent(request, lang)) {
      start.repeated.length = 0;
      await open(page, withLang(path, lang));
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByRole('main').getByRole('heading', { name: heading }).first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { serverHeading: Element | null }).serverHeading === document.querySelector('main h1, main h2'))).toBe(true);
      expect(start.repeated, path).toEqual([]);
    }
    expect(start.errors).toEqual([]);

    // Taken over, not only shown: the events list's own controls work.
    await open(page, withLang('/events', lang));
    await page.getByRole('navigation', { name: copy(lang, 'ui:pagination.label') }).getByRole('link', { name: copy(lang, 'ui:pagination.next') }).click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
    expect(start.errors).toEqual([]);
  });
}

test("the server's page comes in the venue's colours, browser colour and icon, and the browser's start changes none of them", async ({ page, request }) => {
  const config = (await (await request.get('/api/v1/config')).json()) as { data: { colors: { primary: string; cta: string }; favicon_image_url: string } };
  const { colors, favicon_image_url: favicon } = config.data;
  const html = await (await request.get('/events')).text();
  expect(html).toMatch(new RegExp(`<html lang="en" dir="ltr" style="--color-primary:${colors.primary};[^"]*--color-cta:${colors.cta};`));
  expect(html).toContain(`<meta name="theme-color" content="${colors.primary}"`);
  expect(html).toContain(`<link rel="icon" href="${favicon}">`);

  await page.addInitScript(() => {
    const changed: string[] = [];
    (window as unknown as { lookChanges: string[] }).lookChanges = changed;
    new MutationObserver((records) => changed.push(...records.map((record) => `${(record.target as Element).tagName} ${record.attributeName}`))).observe(document, {
      attributes: true,
      attributeFilter: ['style', 'href', 'content'],
      subtree: true,
    });
  });
  const start = await recordStart(page);
  await open(page, '/events');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(copy('en', 'pages:sections.events'));
  // The app has started and applied the venue's look (src/app/theme.ts): what the server sent was already it.
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-cta').trim())).toBe(colors.cta);
  const changes = await page.evaluate(() => (window as unknown as { lookChanges: string[] }).lookChanges);
  expect(changes.filter((change) => /^(HTML style|LINK href|META content)$/.test(change))).toEqual([]);
  expect(start.errors).toEqual([]);
});

test('a signed-in customer gets their own first render in place of the server page: their name in the header', async ({ page, request }) => {
  const { user } = await signIn(page, request);
  const start = await recordStart(page);
  await open(page, '/events');
  await expect(page.getByRole('banner').getByText(String(user.first_name ?? user.name), { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(copy('en', 'pages:sections.events'));
  expect(start.errors).toEqual([]);
});

for (const layout of [
  { name: 'phone', viewport: PHONE },
  { name: 'kiosk-size', viewport: KIOSK },
]) {
  for (const lang of LANGS) {
    test(`${layout.name}, ${lang}: the server's pages as they arrive, before any script, pass axe`, async ({ page, request }) => {
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize(layout.viewport);
      // The page as the server sent it: the app's code never runs (axe's own script still does).
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      for (const { path, heading } of await expectedContent(request, lang)) {
        await page.goto(withLang(path, lang));
        await expect(page.getByRole('main').getByRole('heading', { name: heading }).first()).toBeVisible();
        await checkScreen(page, 'main', `${SHOTS}/html${path === '/' ? '-home' : path.replaceAll('/', '-')}-${layout.name}-${lang}.png`);
      }
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
