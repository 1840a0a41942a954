import { readFileSync } from 'node:fs';
import { type Page, type Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { open, resetServer } from './helpers';

/** Issue 14: the first screen holds still while its content arrives, its largest image comes first, and the booking dialog opens without a fetch. */

const PHONE = { width: 390, height: 844 };
const CLS_LIMIT = 0.02;
const DATA_DELAY_MS = 1500;

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

/** Sums the layout shifts (not caused by input) from the first frame on; a string so no build helper leaks in. */
const RECORD_LAYOUT_SHIFTS = `
  window.__layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);

for (const path of ['/events', '/events/1']) {
  test(`${path}: nothing moves while the screen's content and footer arrive (CLS below ${CLS_LIMIT})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.addInitScript(RECORD_LAYOUT_SHIFTS);
    // A phone's network: the shell paints well before the screen's data arrives.
    await page.route(/\/api\/v1\/events/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, DATA_DELAY_MS));
      await route.fallback();
    });
    await open(page, path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThan(CLS_LIMIT);
  });
}

/** The demo catalogue has no pictures: the events answers get one each, as a venue's would. */
async function withEventImages(page: Page) {
  await page.route(/\/api\/v1\/events(\/\d+)?(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { data?: unknown } & Record<string, unknown> };
    const addImage = (entry: Record<string, unknown>) => ({ ...entry, image_path: 'carousel/floodlit-pitch.svg' });
    const data = body.data;
    const withImages = Array.isArray(data.data) ? { ...data, data: (data.data as Record<string, unknown>[]).map(addImage) } : addImage(data);
    await route.fulfill({ response, json: { ...body, data: withImages } });
  });
}

test('the largest image of a screen loads first and eagerly; the cards below the first screen wait until scrolled to, their size reserved', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await withEventImages(page);

  await open(page, '/');
  const slide = page.locator('.carousel-slide img');
  await expect(slide).toHaveAttribute('fetchpriority', 'high');
  await expect(slide).not.toHaveAttribute('loading', 'lazy');

  await open(page, '/events');
  const cards = page.getByRole('main').getByRole('listitem').locator('img');
  await expect(cards.first()).toBeAttached();
  expect(await cards.count()).toBeGreaterThan(1);
  await expect(cards.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(cards.first()).not.toHaveAttribute('loading', 'lazy');
  // The cards of a kiosk's first screen load at once and first; the rest wait.
  for (const [index, card] of (await cards.all()).entries()) {
    if (index < 4) {
      await expect(card).toHaveAttribute('fetchpriority', 'high');
      await expect(card).not.toHaveAttribute('loading', 'lazy');
    } else await expect(card).toHaveAttribute('loading', 'lazy');
    await expect(card).toHaveAttribute('width', /\d+/);
    await expect(card).toHaveAttribute('height', /\d+/);
  }

  await open(page, '/events/1');
  const main = page.getByRole('main').locator('img.detail-image');
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).not.toHaveAttribute('loading', 'lazy');
  await expect(main).toHaveAttribute('width', /\d+/);
  await expect(main).toHaveAttribute('height', /\d+/);
});

/**
 * Everything a tap on "Book a Facility" may fetch, by address from the build's manifest, each with all it imports: the
 * visitors' form (the step after the slots are picked, asked for as the modal opens) and, on a first visit, the cart
 * its lines go to (its machine, device storage, and the cart's host with the strings it loads). The modal's own code
 * and strings are not in it: they must be there before the tap. The set is closed under what the tap starts, so
 * whether a fetch lands before or after the dialog shows cannot change the outcome.
 */
function codeATapMayFetch(): Set<string> {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const cartHostStrings = ['cart', 'pages', 'booking', 'checkout', 'validation'].map((namespace) => `src/i18n/locales/en/${namespace}.json`);
  for (const source of [
    'src/features/booking/visitors/VisitorDetailsDialog.tsx',
    'src/services/cart.ts',
    'src/services/customerThreshold.ts',
    'src/db/db.ts',
    'src/features/cart/CartHost.tsx',
    ...cartHostStrings,
  ]) {
    visit(source);
  }
  return files;
}

test('once the home page is idle, a tap on "Book a Facility" shows the dialog without fetching its code or strings', async ({ page }) => {
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');

  const fetchedOnTap: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname)) fetchedOnTap.push(request.url());
  });
  await page.getByRole('main').getByRole('button', { name: 'Book a Facility', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a Facility' });
  await expect(dialog).toBeVisible();
  // What a person sees: the modal's words, not a blank or a key.
  await expect(dialog.getByRole('heading', { name: 'Book a Facility' })).toBeVisible();
  // A first visit's cart starts on the tap; once its host's code has arrived (or had before the tap, on a device that
  // kept data) every fetch the tap caused is recorded, and each must be one the tap may make.
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/CartHost-/.test(entry.name)))).toBe(true);
  const allowed = codeATapMayFetch();
  expect(allowed.size).toBeGreaterThan(0);
  expect(fetchedOnTap.filter((url) => !allowed.has(new URL(url).pathname))).toEqual([]);
});
