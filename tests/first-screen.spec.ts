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
 * What the booking modal asks for as it opens, and shows without waiting for, by address from the build's manifest: the
 * visitors' form (the step after the slots are picked) and, on a first visit, the cart its lines go to (with device
 * storage), each with everything it imports.
 */
function codeFetchedAsTheModalOpens(): Set<string> {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string; imports?: string[] }>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of ['src/features/booking/visitors/VisitorDetailsDialog.tsx', 'src/services/cart.ts', 'src/services/customerThreshold.ts', 'src/db/db.ts']) visit(source);
  return files;
}

test('once the home page is idle, a tap on "Book a Facility" shows the dialog without fetching its code or strings', async ({ page }) => {
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');

  const fetchedOnTap: string[] = [];
  const recordCode = (request: Request) => {
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname)) fetchedOnTap.push(request.url());
  };
  page.on('request', recordCode);
  await page.getByRole('main').getByRole('button', { name: 'Book a Facility', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Book a Facility' })).toBeVisible();
  page.off('request', recordCode);
  const fetchedAsItOpens = codeFetchedAsTheModalOpens();
  expect(fetchedAsItOpens.size).toBeGreaterThan(0);
  expect(fetchedOnTap.filter((url) => !fetchedAsItOpens.has(new URL(url).pathname))).toEqual([]);
});
