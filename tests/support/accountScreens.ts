import { expect, type Page } from '@playwright/test';
import { checkScreen as checkScope, KIOSK, open, PHONE } from '../helpers';
import { becomeKiosk, expectDocumentLanguage } from './portal';

/** The account screens' runs: English and Arabic, on a phone and on the portrait kiosk. */
export const ACCOUNT_RUNS = [
  { name: 'phone', lang: 'en', kiosk: false },
  { name: 'phone', lang: 'ar', kiosk: false },
  { name: 'kiosk', lang: 'en', kiosk: true },
  { name: 'kiosk', lang: 'ar', kiosk: true },
] as const;
export type AccountRun = (typeof ACCOUNT_RUNS)[number];

/** The run's viewport, and kiosk mode for a kiosk run. */
export async function applyRunLayout(page: Page, run: AccountRun) {
  if (run.kiosk) {
    await page.setViewportSize(KIOSK);
    await becomeKiosk(page);
  } else {
    await page.setViewportSize(PHONE);
  }
}

export async function openScreen(page: Page, run: AccountRun, path: string, title: string) {
  await open(page, `${path}${path.includes('?') ? '&' : '?'}lang=${run.lang}`);
  await expectDocumentLanguage(page, run.lang);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  if (run.kiosk) await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
}

/** No axe violation in the page's main content, no sideways scroll, and a photograph of it into `folder`. */
export async function checkScreen(page: Page, run: AccountRun, folder: string, shot: string) {
  await checkScope(page, 'main', `${folder}/${shot}-${run.name}-${run.lang}.png`, { fullPage: true });
}
