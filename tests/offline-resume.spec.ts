import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { KIOSK, LANGS, PHONE } from './helpers';
import { DEMO, field, fillPasswordLogin, loginButton, text, toastWith, type Lang } from './support/accounts';
import { fill, venueDay } from './support/booking';
import { pitchLine } from './support/cart';
import { skipLeadForm } from './support/leads';
import { writeDeviceRows } from './support/deviceDatabase';
import { copy, DedicatedServer, hasStoredConfig, workerPort } from './support/shell';

/**
 * What needs the venue waits for the network and goes ahead by itself when it returns: the venue API is stopped for
 * real and the network cut, so this file runs a server of its own.
 */
const server = new DedicatedServer(workerPort(1100), { keepData: true });

test.describe.configure({ timeout: 120_000 });
test.use({ serviceWorkers: 'block' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

const waitingNote = (page: Page, lang: Lang) => page.getByRole('status').filter({ hasText: copy(lang, 'shell:offline.waiting') });
const offlineBanner = (page: Page, lang: Lang) => page.getByRole('status').filter({ hasText: copy(lang, 'shell:offline.banner') });

async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForSelector('html[data-ready="true"]');
}

for (const lang of LANGS) {
  test(`[S0-9.1] offline, a login says it waits for the network, and signs in by itself when the network returns (${lang})`, async ({ browser }) => {
    await server.start();
    const context = await browser.newContext({ baseURL: server.origin, viewport: PHONE });
    await skipLeadForm(context);
    const page = await context.newPage();
    try {
      await ready(page, `/login?lang=${lang}`);
      await expect(field(page.getByRole('main'), lang, 'fields.mobile')).toBeVisible();
      await expect(waitingNote(page, lang)).toHaveCount(0);
      await fillPasswordLogin(page, lang);

      await server.goAway(context);
      await expect(offlineBanner(page, lang)).toBeVisible();
      await expect(waitingNote(page, lang)).toBeVisible();
      await loginButton(page, lang).click();
      // Nothing typed is lost while it waits.
      await expect(field(page.getByRole('main'), lang, 'fields.mobile')).toHaveValue(DEMO.mobile);

      await server.comeBack(context);
      await expect(toastWith(page, text(lang, 'login.success'))).toBeVisible({ timeout: 15_000 });
      await expect(offlineBanner(page, lang)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}

test('[S0-1.25] a kiosk order placed offline goes through when the network returns, and the finished visit wipes the terminal back to the attract screen', async ({
  browser,
}) => {
  await server.start();
  const context = await browser.newContext({ baseURL: server.origin, viewport: KIOSK });
  await skipLeadForm(context);
  const page = await context.newPage();
  const request = context.request;
  try {
    await ready(page, '/?mode=kiosk&lang=en');
    await expect.poll(() => hasStoredConfig(page), { timeout: 15_000 }).toBe(true);
    const token = await request.post('/api/v1/dev/token', { data: { customer: 'customer' } });
    const { data: login } = (await token.json()) as { data: { token: string; user: Record<string, unknown> } };
    const venue = ((await (await request.get('/api/v1/config')).json()) as { data: { venue_id: number } }).data.venue_id;
    const adult = pitchLine(venue, venueDay(3), {
      product_id: 6,
      name: 'Adult',
      ar_name: null,
      facility_id: 6,
      facility_name: 'Aqua Park',
      venue_service_id: 2,
      quantity: 1,
      price: 100,
      tax_amount: 5,
      total_price: 105,
      addons: [],
      group: 'g1',
    });
    await page.evaluate(
      (stored) => {
        localStorage.setItem('portal.session', stored);
        localStorage.setItem('session_id', 'kiosk-offline');
      },
      JSON.stringify({ user: { ...login.user, token: login.token }, lastUpdated: Date.now() }),
    );
    await writeDeviceRows(page, 'cartLines', [{ ...adult, sessionKey: 'kiosk-offline' }]);
    await ready(page, '/cart?lang=en');
    const panel = page.getByRole('region', { name: copy('en', 'checkout:title'), exact: true });
    await expect(panel.getByText(copy('en', 'checkout:loading'))).toHaveCount(0);
    await panel.getByRole('checkbox', { name: fill(copy('en', 'checkout:methods.wallet'), { amount: 'AED 150' }) }).check();

    await server.goAway(context);
    await expect(waitingNote(page, 'en')).toBeVisible();
    await panel.getByRole('button', { name: copy('en', 'checkout:placeOrder'), exact: true }).click();

    await server.comeBack(context);
    const modal = page.getByRole('alertdialog', { name: copy('en', 'checkout:success.title') });
    await expect(modal).toBeVisible({ timeout: 15_000 });
    await modal.getByRole('button', { name: copy('en', 'checkout:success.close') }).click();

    // The visit is over: the terminal wipes it and waits for the next visitor.
    await expect(page.getByRole('button', { name: copy('en', 'kioskVisitor:attract.start'), exact: true })).toBeVisible({ timeout: 15_000 });
    // The attract screen can show a moment before the restart has put its address in place.
    await expect.poll(() => new URL(page.url()).searchParams.get('attract')).toBe('1');
    const profile = await request.get('/api/v1/customers/profile', { headers: { Authorization: `Bearer ${login.token}` } });
    expect(profile.status()).toBe(401);
  } finally {
    await context.close();
  }
});
