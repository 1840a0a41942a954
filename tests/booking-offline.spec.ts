import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  bookingDialog,
  chooseDate,
  fb,
  openBookingFromHome,
  showAllSlots,
  slotButton,
  slotGrid,
  slotsSettled,
  venueDay,
  type Lang,
} from './support/booking';
import { copy, DedicatedServer, escapeRegExp, hasStoredConfig, waitForServiceWorkerControl, workerPort } from './support/shell';
import { skipLeadForm } from './support/leads';

/**
 * The offline schedule view stops the venue API for real, so it runs against a server of its own (not the
 * shared one of playwright.config.ts).
 */
const server = new DedicatedServer(workerPort(1300));

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
});

/** Opens the modal from the home page and shows `date`'s slots (every one of them). */
async function openOnDate(page: Page, lang: Lang, date: string) {
  const dialog = await openBookingFromHome(page, lang);
  await chooseDate(dialog, lang, date);
  await showAllSlots(dialog, lang);
  return dialog;
}

for (const lang of ['en', 'ar'] as const) {
  test(`[S1-7.10] [S1-2.27] the offline schedule view: slots saved earlier show with their age (also after a restart), adding is paused, and they refresh once back online (${lang})`, async ({
    browser,
  }) => {
    await server.start();
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
    await skipLeadForm(context);
    const page = await context.newPage();
    const date = venueDay(4);
    try {
      await test.step('online: the app is installed and the schedule of a day is read', async () => {
        await page.goto(`/?lang=${lang}`);
        await page.waitForSelector('html[data-ready="true"]');
        await waitForServiceWorkerControl(page);
        await expect.poll(() => hasStoredConfig(page), { timeout: 15_000 }).toBe(true);
        const dialog = await openOnDate(page, lang, date);
        await expect(slotButton(dialog, lang, '10:00:00', '11:00:00')).toBeEnabled();
        await expect(dialog.getByText(fb(lang, 'slots.paused'))).toHaveCount(0);
        await dialog.getByRole('button', { name: copy(lang, 'ui:close'), exact: true }).click();
        await expect(dialog).toHaveCount(0);
      });

      await server.goAway(context);

      const dialog = bookingDialog(page, lang);
      await test.step('offline: reopened, the saved slots show with their age, and choosing one is paused', async () => {
        await openOnDate(page, lang, date);
        const notice = dialog.getByRole('status').filter({ hasText: fb(lang, 'slots.paused') });
        await expect(notice).toBeVisible();
        // Saved at the first step: under a minute ago, or a little more on a slow shared machine.
        const recentAges = [0, 1, 2].map((count) => fb(lang, 'slots.cached', { age: fb(lang, 'slots.ageMinutes', { count }) }));
        await expect(notice).toContainText(new RegExp(recentAges.map(escapeRegExp).join('|')));
        await expect(slotButton(dialog, lang, '10:00:00', '11:00:00')).toBeVisible();
        await expect(slotButton(dialog, lang, '10:00:00', '11:00:00')).toBeDisabled();
        await expect(slotGrid(dialog, lang).getByRole('button', { disabled: false })).toHaveCount(0);
        await expect(dialog.getByRole('button', { name: fb(lang, 'footer.continue'), exact: true })).toBeDisabled();
        // Asking again while still offline keeps the saved view.
        await notice.getByRole('button', { name: fb(lang, 'slots.refresh'), exact: true }).click();
        await slotsSettled(dialog);
        await expect(dialog.getByText(fb(lang, 'slots.paused'))).toBeVisible();
        // A day never opened online has nothing saved: the grid says so, and no error toast covers it.
        await chooseDate(dialog, lang, venueDay(6));
        await expect(dialog.getByText(fb(lang, 'slots.offline'))).toBeVisible();
        await expect(page.getByRole('alert').getByText(fb(lang, 'notices.requestFailed'))).toHaveCount(0);
      });

      await test.step('offline after the app restarts: the kept services, filters and slots still show', async () => {
        await page.reload();
        await page.waitForSelector('html[data-ready="true"]');
        await openOnDate(page, lang, date);
        await expect(dialog.getByText(fb(lang, 'slots.paused'))).toBeVisible();
        await expect(slotButton(dialog, lang, '10:00:00', '11:00:00')).toBeDisabled();
      });

      await server.comeBack(context);

      await test.step('back online: the slots refresh by themselves and can be chosen again', async () => {
        await expect(dialog.getByText(fb(lang, 'slots.paused'))).toHaveCount(0, { timeout: 15_000 });
        await showAllSlots(dialog, lang);
        await expect(slotButton(dialog, lang, '10:00:00', '11:00:00')).toBeEnabled();
        await slotButton(dialog, lang, '10:00:00', '11:00:00').click();
        await expect(dialog.getByRole('group', { name: fb(lang, 'picker.title'), exact: true })).toBeVisible();
        await expect(dialog.getByRole('button', { name: fb(lang, 'footer.continue'), exact: true })).toBeEnabled();
      });
    } finally {
      await context.close();
    }
  });
}
