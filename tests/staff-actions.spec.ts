import { type Page } from '@playwright/test';
import { isTerminalId } from '../src/domain/kiosk/deviceKey';
import { expect, test } from './fixtures';
import { KIOSK, open, resetServer } from './helpers';
import { expectDocumentLanguage } from './support/portal';
import { copy, pauseClock, storedTerminalSetting } from './support/shell';
import { diagnostic, openPinPad, PIN, provisionedTerminal, staffPanel, submitPin, type Lang } from './support/staff';

/**
 * Each action of the staff panel on a provisioned terminal at 1080x1920: end the visitor session, clear caches and
 * reload, apply a waiting update, the terminal's default language, diagnostics, leave kiosk mode.
 */

test.use({ serviceWorkers: 'block', viewport: KIOSK });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const touchToStart = (page: Page, lang: Lang) => page.getByRole('button', { name: copy(lang, 'kioskVisitor:attract.start'), exact: true });
const action = (page: Page, lang: Lang, key: string) => staffPanel(page, lang).getByRole('button', { name: copy(lang, `kiosk:panel.${key}`), exact: true });

async function openPanel(page: Page, lang: Lang) {
  await submitPin(await openPinPad(page, lang), lang, PIN);
  await expect(staffPanel(page, lang)).toBeVisible();
}

/** A visitor in the middle of a visit: signed in, with a personal cache and a note in session storage. */
async function visitorSignedIn(page: Page): Promise<string> {
  const response = await page.request.post('/api/v1/dev/token', { data: { customer: 'customer' } });
  const { data } = (await response.json()) as { data: { token: string; user: Record<string, unknown> } };
  await page.evaluate(
    async (stored) => {
      localStorage.setItem('portal.session', stored);
      sessionStorage.setItem('visitor.note', 'half-typed');
      await caches.open('personal-profile').then((cache) => cache.put('/personal/profile', new Response('{}')));
    },
    JSON.stringify({ user: { ...data.user, token: data.token }, lastUpdated: Date.now() }),
  );
  return data.token;
}

test('[S0-1.25] staff end the visitor session: the visitor is wiped (token revoked) and the attract screen shows (en)', async ({ page }) => {
  await page.clock.install();
  await provisionedTerminal(page, 'en');
  const token = await visitorSignedIn(page);
  await open(page, '/?lang=en');
  await expect(page.getByRole('banner').getByRole('button', { name: /Layla/ })).toBeVisible();

  await openPanel(page, 'en');
  await action(page, 'en', 'endSession').click();
  await expect(touchToStart(page, 'en')).toBeVisible();
  const traces = await page.evaluate(async () => ({
    session: localStorage.getItem('portal.session'),
    note: sessionStorage.getItem('visitor.note'),
    caches: await caches.keys(),
  }));
  expect((JSON.parse(traces.session ?? '{}') as { user?: unknown }).user ?? null).toBeNull();
  expect(traces.note).toBeNull();
  expect(traces.caches).not.toContain('personal-profile');
  const profile = await page.request.get('/api/v1/customers/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(profile.status()).toBe(401);
  // The terminal stays provisioned.
  expect(isTerminalId(await storedTerminalSetting(page, 'terminalId'))).toBe(true);
});

test('[S0-1.25] staff clear caches and reload: every cache goes and the terminal restarts at the attract screen (ar)', async ({ page }) => {
  await page.clock.install();
  await provisionedTerminal(page, 'ar');
  await page.evaluate(async () => {
    await caches.open('media-images').then((cache) => cache.put('/media/a.jpg', new Response('x')));
    await caches.open('personal-tickets').then((cache) => cache.put('/personal/tickets', new Response('{}')));
  });
  await openPanel(page, 'ar');
  const restarted = page.waitForURL((url) => url.searchParams.has('attract'));
  await action(page, 'ar', 'clearCaches').click();
  await restarted;
  await expect(touchToStart(page, 'en')).toBeVisible();
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
  expect(await storedTerminalSetting(page, 'kiosk')).toBe(true);
});

test('[S0-1.25] [S0-8.10] staff apply a waiting update at once: the terminal reloads into the new version at the attract screen (en)', async ({ page }) => {
  await page.clock.install();
  await provisionedTerminal(page, 'en');
  await pauseClock(page);
  await page.route('**/version.json*', (route) => route.fulfill({ json: { version: 'a-newer-build' } }));
  const poll = page.waitForRequest('**/version.json*');
  await page.clock.runFor(60_000);
  await poll;
  // A visitor is mid-visit, so the terminal would wait for the attract screen; staff need not.
  await expect(page.getByRole('alertdialog', { name: copy('en', 'newVersion.title') })).toHaveCount(0);
  await openPanel(page, 'en');
  await expect(action(page, 'en', 'applyUpdate')).toBeEnabled();
  const reloaded = page.waitForURL((url) => url.searchParams.has('v') && url.searchParams.has('attract'));
  await page.clock.resume();
  await action(page, 'en', 'applyUpdate').click();
  await reloaded;
  await expect(touchToStart(page, 'en')).toBeVisible();
});

test('[S0-1.25] staff set the default language: applied now, kept on the device, and a visitor reset returns to it (ar)', async ({ page }) => {
  await page.clock.install();
  await provisionedTerminal(page, 'en');
  await openPanel(page, 'en');
  await staffPanel(page, 'en').getByRole('button', { name: 'العربية', exact: true }).click();
  await expect.poll(() => storedTerminalSetting(page, 'defaultLanguage')).toBe('ar');
  await expectDocumentLanguage(page, 'ar');
  // A visitor switches to English, then the visit ends: the terminal is back in Arabic.
  await page.keyboard.press('Escape');
  await open(page, '/?lang=en');
  await expectDocumentLanguage(page, 'en');
  await openPanel(page, 'en');
  await action(page, 'en', 'endSession').click();
  await expect(touchToStart(page, 'ar')).toBeVisible();
  await expectDocumentLanguage(page, 'ar');
});

test('[S0-1.25] staff diagnostics: app version, terminal, network, syncs, service worker, storage and outbox (en)', async ({ page }) => {
  await page.clock.install();
  await provisionedTerminal(page, 'en');
  const version = ((await (await page.request.get('/version.json')).json()) as { version: string }).version;
  await openPanel(page, 'en');
  const panel = staffPanel(page, 'en');
  await expect(await diagnostic(panel, 'appVersion')).toHaveText(version);
  await expect(await diagnostic(panel, 'terminalName')).toHaveText('Lobby kiosk');
  await expect(await diagnostic(panel, 'online')).toHaveText(copy('en', 'kiosk:diagnostics.isOnline'));
  await expect(await diagnostic(panel, 'lastConfigSync')).not.toHaveText('');
  await expect(await diagnostic(panel, 'serviceWorker')).toHaveText(copy('en', 'kiosk:diagnostics.swUnsupported'));
  await expect(await diagnostic(panel, 'storageUsed')).toHaveText(/\d/);
  await expect(await diagnostic(panel, 'outboxLength')).toHaveText(copy('en', 'kiosk:diagnostics.items_zero'));
});

test('[S0-1.25] staff leave kiosk mode after confirming: the device becomes a web portal and stays provisioned (ar)', async ({ page }) => {
  await page.clock.install();
  await provisionedTerminal(page, 'ar');
  await openPanel(page, 'ar');
  await action(page, 'ar', 'leave').click();
  const confirm = staffPanel(page, 'ar').getByRole('button', { name: copy('ar', 'kiosk:panel.leaveConfirm'), exact: true });
  const left = page.waitForURL((url) => url.searchParams.get('mode') === 'web');
  await confirm.last().click();
  await left;
  await page.waitForSelector('html[data-ready="true"]');
  await expect(page.locator('html')).not.toHaveAttribute('data-mode', 'kiosk');
  expect(await storedTerminalSetting(page, 'kiosk')).toBe(false);
  expect(isTerminalId(await storedTerminalSetting(page, 'terminalId'))).toBe(true);
  await expectDocumentLanguage(page, 'ar');
});
