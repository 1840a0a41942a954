import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { KIOSK, LANGS, open, resetServer } from './helpers';
import { becomeKioskTerminal, type Lang } from './support/accounts';
import { fill, venueDay } from './support/booking';
import { holdPitch, othersSeeHeld, pitchLine, RENTAL, venueId } from './support/cart';
import { expectDocumentLanguage, putCartLinesWhenReady, watchPageErrors } from './support/portal';
import { readDeviceRows } from './support/deviceDatabase';
import { copy, pauseClock, putTerminalSetting, storedTerminalSetting } from './support/shell';
import { leadSectionSettled } from './support/leads';

const IDLE_MS = 60_000;
const WARNING_MS = 30_000;

const kv = (lang: Lang, key: string, values: Record<string, string | number> = {}) => fill(copy(lang, `kioskVisitor:${key}`), values);
const otherLang = (lang: Lang): Lang => (lang === 'en' ? 'ar' : 'en');

const idleDialog = (page: Page, lang: Lang) => page.getByRole('alertdialog', { name: kv(lang, 'idle.title') });
const touchToStart = (page: Page, lang: Lang) => page.getByRole('button', { name: kv(lang, 'attract.start'), exact: true });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

/** Everything a visitor could have left in the browser: Web Storage, cookies, the device tables and Cache Storage. */
async function browserTraces(page: Page) {
  const inBrowser = await page.evaluate(async () => ({
    local: Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)])),
    session: Object.keys(sessionStorage),
    cookies: document.cookie,
    caches: await caches.keys(),
  }));
  return {
    ...inBrowser,
    cartLines: (await readDeviceRows(page, 'cartLines')).length,
    checkouts: (await readDeviceRows(page, 'checkouts')).length,
  };
}

for (const lang of LANGS) {
  test(`[S0-1.25] kiosk idle reset (${lang}): 'Are you still there?' counts down, a touch extends, no answer wipes the visitor and shows the attract screen`, async ({
    page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    const visitorLang = otherLang(lang);
    await page.clock.install();
    await becomeKioskTerminal(page, lang);
    // Staff chose this terminal's language; the visitor then switches to the other one.
    await putTerminalSetting(page, 'defaultLanguage', lang);

    // A visitor with a login, a held pitch in the cart, notes in session storage, a cookie and a personal cache.
    const token = await request.post('/api/v1/dev/token', { data: { customer: 'customer' } });
    const { data: login } = (await token.json()) as { data: { token: string; user: Record<string, unknown> } };
    const date = venueDay(1);
    const visitorSession = `visitor-${lang}`;
    await page.evaluate(
      ({ stored, session }) => {
        localStorage.setItem('portal.session', stored);
        localStorage.setItem('session_id', session);
        sessionStorage.setItem('visitor.note', 'half-typed');
        document.cookie = 'visitor=layla; path=/';
      },
      { stored: JSON.stringify({ user: { ...login.user, token: login.token }, lastUpdated: Date.now() }), session: visitorSession },
    );
    await putCartLinesWhenReady(page, [pitchLine(await venueId(request), date)]);
    await holdPitch(page, request, date);
    await page.evaluate(() => caches.open('personal-profile').then((cache) => cache.put('/personal/profile', new Response('{"name":"Layla"}'))));
    expect(await othersSeeHeld(request, date)).toBe(1);

    await open(page, `/cart?lang=${visitorLang}`);
    // The terminal setting applies a moment after the first screen and arms the idle timer then; a key press once the
    // clock is paused arms it afresh at a known time, however fast the start was. The cart's line is seen before the
    // pause, so a paused clock cannot hold up whatever still brings it (one CI run found it missing after the pause;
    // the cause was not reproduced).
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
    await expect(page.getByRole('main').getByRole('listitem', { name: RENTAL[visitorLang], exact: true })).toBeVisible();
    await pauseClock(page);
    await page.keyboard.press('Shift');

    // Idle: the question comes after the idle time and counts down 30 seconds (WCAG 2.2.1 asks at least 20).
    await page.clock.runFor(IDLE_MS - 1000);
    await expect(idleDialog(page, visitorLang)).toHaveCount(0);
    await page.clock.runFor(1000);
    const dialog = idleDialog(page, visitorLang);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(kv(visitorLang, 'idle.explain'));
    await expect(dialog.locator('.idle-countdown')).toHaveText(copy(visitorLang, 'kioskVisitor:idle.countdown_other').replace('{{count}}', '30'));
    if (visitorLang === 'en') await expect(dialog.getByRole('heading', { name: 'Are you still there?' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(dialog.locator('.idle-countdown')).toContainText('20');

    // A touch anywhere answers it; the visit goes on with everything in place.
    await dialog.getByRole('button', { name: kv(visitorLang, 'idle.stay') }).click();
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(IDLE_MS - 1000);
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('listitem', { name: RENTAL[visitorLang], exact: true })).toBeVisible();

    // No answer: the visitor is wiped and the attract screen shows in the terminal's language.
    await page.clock.runFor(1000);
    await expect(dialog).toBeVisible();
    const restarted = page.waitForURL((url) => url.searchParams.has('attract'));
    await page.clock.runFor(WARNING_MS);
    await restarted;
    // A new page: let its time flow again (the renderer runs effects on a timer after the first paint).
    await page.clock.resume();
    await expect(touchToStart(page, lang)).toBeVisible();
    await expectDocumentLanguage(page, lang);

    // Nothing of the visitor is left on the device, and the server forgot them too.
    const traces = await browserTraces(page);
    expect((JSON.parse(traces.local['portal.session'] ?? '{}') as { user?: unknown }).user ?? null).toBeNull();
    expect(traces.local.session_id ?? null).not.toBe(visitorSession);
    expect(traces.local.hold_session ?? null).toBeNull();
    expect(Object.values(traces.local).join(' ')).not.toContain(login.token);
    expect(traces.session).not.toContain('visitor.note');
    expect(traces.cookies).toBe('');
    expect(traces.cartLines).toBe(0);
    expect(traces.checkouts).toBe(0);
    expect(traces.caches.filter((name) => name.startsWith('personal-'))).toEqual([]);
    const profile = await request.get('/api/v1/customers/profile', { headers: { Authorization: `Bearer ${login.token}` } });
    expect(profile.status()).toBe(401);
    expect(await othersSeeHeld(request, date)).toBe(0);
    // The terminal itself is kept.
    expect(await storedTerminalSetting(page, 'kiosk')).toBe(true);
    expect(await storedTerminalSetting(page, 'defaultLanguage')).toBe(lang);

    // The next visitor touches the screen and starts on the home page, signed out, with an empty cart.
    await touchToStart(page, lang).click();
    await expect(touchToStart(page, lang)).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).searchParams.has('attract')).toBe(false);
    await expect(page.getByRole('banner').locator('.shell-cart__badge')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('[S0-1.25] the attract screen offers the languages, and a language button starts the visit in it', async ({ page }) => {
  await becomeKioskTerminal(page, 'en');
  await open(page, '/?attract=1&lang=en');
  const attract = page.getByRole('dialog', { name: /Marina Sports & Leisure Park/ });
  await expect(attract).toBeVisible();
  await expect(attract.locator('.attract-slide img')).toBeVisible();
  const box = await touchToStart(page, 'en').boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(64);
  await attract.getByRole('button', { name: 'العربية', exact: true }).click();
  await expect(attract).toHaveCount(0);
  await expectDocumentLanguage(page, 'ar');
  await expect.poll(() => new URL(page.url()).searchParams.get('lang')).toBe('ar');
});

test('[S0-1.25] outside kiosk mode nobody is asked or wiped, however long the page sits', async ({ page }) => {
  await page.setViewportSize(KIOSK);
  await page.clock.install();
  await open(page, '/?lang=en');
  await pauseClock(page);
  await page.clock.runFor(IDLE_MS * 3);
  await expect(idleDialog(page, 'en')).toHaveCount(0);
  await expect(touchToStart(page, 'en')).toHaveCount(0);
});

test.describe('updates on a terminal', () => {
  test('[S0-8.10] a new version waits through the visit (no modal) and is applied at the attract screen', async ({ page }) => {
    await page.clock.install();
    await becomeKioskTerminal(page, 'en');
    const firstRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/version.json');
    await open(page, '/events?lang=en');
    await pauseClock(page);
    expect((await firstRead).status()).toBe(200);
    await page.route('**/version.json*', (route) => route.fulfill({ json: { version: 'a-newer-build' } }));

    // The visitor keeps touching; the version check finds the new build but nothing interrupts them.
    await page.clock.runFor(50_000);
    await page.mouse.click(5, 900);
    const poll = page.waitForRequest('**/version.json*');
    await page.clock.runFor(10_000);
    await poll;
    await page.clock.runFor(1000);
    await expect(page.getByRole('alertdialog', { name: copy('en', 'newVersion.title') })).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has('v')).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: copy('en', 'pages:sections.events') })).toBeVisible();

    // Once the visitor has gone, the reset lands on the attract screen of the new version.
    const reloaded = page.waitForURL((url) => url.searchParams.has('v') && url.searchParams.has('attract'));
    await page.clock.runFor(IDLE_MS + WARNING_MS);
    // Real time again: the new service worker takes over (or its time limit passes) before the reload.
    await page.clock.resume();
    await reloaded;
    await expect(touchToStart(page, 'en')).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: copy('en', 'newVersion.title') })).toHaveCount(0);
  });

  test('[S0-8.10] a new version found while the attract screen shows is applied at once', async ({ page }) => {
    await page.clock.install();
    await becomeKioskTerminal(page, 'en');
    await open(page, '/?attract=1&lang=en');
    await pauseClock(page);
    await expect(touchToStart(page, 'en')).toBeVisible();
    await page.route('**/version.json*', (route) => route.fulfill({ json: { version: 'a-newer-build' } }));
    const reloaded = page.waitForURL((url) => url.searchParams.has('v'));
    await page.clock.runFor(60_000);
    await page.clock.resume();
    await reloaded;
    expect(new URL(page.url()).searchParams.has('attract')).toBe(true);
    await expect(touchToStart(page, 'en')).toBeVisible();
  });
});

test.describe('with the venue lead form', () => {
  test.use({ leadFormDismissed: false });

  test('[S1-4.36] the lead form waits behind the attract screen and opens for the visitor who starts', async ({ page }) => {
    await page.setViewportSize(KIOSK);
    await open(page, '/?mode=kiosk&attract=1&lang=en');
    await expect(touchToStart(page, 'en')).toBeVisible();
    // The page settles behind the attract screen, and the form still waits for a visitor.
    await leadSectionSettled(page);
    await expect(page.getByRole('dialog', { name: 'Stay in touch' })).toHaveCount(0);
    await touchToStart(page, 'en').click();
    await expect(page.getByRole('dialog', { name: 'Stay in touch' })).toBeVisible();
  });
});
