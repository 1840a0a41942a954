import { expect, type Locator, type Page } from '@playwright/test';
import { type LANGS, open } from '../helpers';
import { copy } from './shell';

/** The staff side of a kiosk terminal as staff reach it. Demo terminal: code LOBBY-1, staff PIN 2468 (server/seed/terminals.ts). */

export type Lang = (typeof LANGS)[number];

export const CODE = 'LOBBY-1';
export const PIN = '2468';
export const WRONG_PIN = '1357';

export const keypad = (scope: Page | Locator, lang: Lang) => scope.getByRole('group', { name: copy(lang, 'kiosk:pin.keypad') });
export const pinDialog = (page: Page, lang: Lang) => page.getByRole('dialog', { name: copy(lang, 'kiosk:pin.title') });
export const staffPanel = (page: Page, lang: Lang) => page.getByRole('dialog', { name: copy(lang, 'kiosk:panel.title') });
export const corner = (page: Page) => page.locator('[data-staff-corner]');
/** The PIN pad's own alert (a toast may hold another). */
export const message = (dialog: Locator) => dialog.locator('.staff-message[role="alert"]');

/** Arabic plural forms for 0-10 as i18next picks them (Intl.PluralRules 'ar'). */
export function pluralKey(lang: Lang, count: number): string {
  return new Intl.PluralRules(lang).select(count);
}
export const wrongPinText = (lang: Lang, left: number) => copy(lang, `kiosk:pin.wrong_${pluralKey(lang, left)}`).replace('{{count}}', String(left));

export async function typePin(scope: Page | Locator, lang: Lang, pin: string) {
  const keys = keypad(scope, lang);
  for (const digit of pin) await keys.getByRole('button', { name: digit, exact: true }).click();
}

/** Opens the provisioning link a member of staff would open on a new terminal, and enters the PIN. */
export async function provisionByLink(page: Page, lang: Lang, pin: string) {
  await open(page, `/kiosk/provision?code=${CODE}&lang=${lang}`);
  await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'kiosk:provision.pageTitle') })).toBeVisible();
  await expect(page.getByRole('textbox', { name: copy(lang, 'kiosk:provision.code') })).toHaveValue(CODE);
  await typePin(page, lang, pin);
  await keypad(page, lang).getByRole('button', { name: copy(lang, 'kiosk:provision.submit') }).click();
}

/**
 * Provisions the demo terminal and waits for the home page in kiosk mode. The terminal starts in its default
 * language (English for the demo terminal); a visitor then picks theirs.
 */
export async function provisionedTerminal(page: Page, lang: Lang) {
  await provisionByLink(page, lang, PIN);
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('mode') === 'kiosk');
  await page.waitForSelector('html[data-ready="true"]');
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (lang !== 'en') await open(page, `/?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
}

/** Holds the hidden corner (at its outermost point, clear of the header's buttons) for `ms` of the page's clock. */
export async function pressCorner(page: Page, ms: number) {
  const box = await corner(page).boundingBox();
  expect(box).not.toBeNull();
  const rtl = (await page.locator('html').getAttribute('dir')) === 'rtl';
  await page.mouse.move(rtl ? box!.x + 4 : box!.x + box!.width - 4, box!.y + 4);
  await page.mouse.down();
  await page.clock.runFor(ms);
  await page.mouse.up();
}

export async function openPinPad(page: Page, lang: Lang): Promise<Locator> {
  await pressCorner(page, 3000);
  const dialog = pinDialog(page, lang);
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function submitPin(dialog: Locator, lang: Lang, pin: string) {
  await typePin(dialog, lang, pin);
  await expect(dialog.locator('.pin-dot-filled')).toHaveCount(pin.length);
  await keypad(dialog, lang).getByRole('button', { name: copy(lang, 'kiosk:pin.ok') }).click();
}

export async function diagnostic(panel: Locator, key: string): Promise<Locator> {
  const value = panel.locator(`[data-diagnostic="${key}"] dd`);
  await expect(value).toBeVisible();
  return value;
}
