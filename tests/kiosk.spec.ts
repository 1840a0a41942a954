import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, KIOSK, LANGS, open, PHONE, resetServer } from './helpers';
import { copy, storedTerminalSetting, visibleHeaderTargets } from './support/shell';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const html = (page: Page) => page.locator('html');

/** Staff turn a device into a terminal with one visit to ?mode=kiosk; the device keeps it. */
async function becomeKioskTerminal(page: Page, lang: 'en' | 'ar' = 'en') {
  await page.setViewportSize(KIOSK);
  await open(page, `/?mode=kiosk&lang=${lang}`);
  await expect(html(page)).toHaveAttribute('data-mode', 'kiosk');
  await expect.poll(() => storedTerminalSetting(page, 'kiosk')).toBe(true);
}

function onScreenKeyboard(page: Page, lang: 'en' | 'ar' = 'en'): Locator {
  return page.getByRole('group', { name: copy(lang, 'ui:keyboard.label') });
}

test('[S0-1.25] kiosk mode: ?mode=kiosk turns it on, the device keeps it without the parameter, ?mode=web turns it off', async ({ page }) => {
  await becomeKioskTerminal(page);

  await open(page, '/events');
  await expect(html(page)).toHaveAttribute('data-mode', 'kiosk');
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  await expect(html(page)).toHaveAttribute('data-mode', 'kiosk');

  await open(page, '/?mode=web');
  await expect(html(page)).toHaveAttribute('data-mode', 'web');
  await expect.poll(() => storedTerminalSetting(page, 'kiosk')).toBe(false);
  await open(page, '/');
  await expect(html(page)).toHaveAttribute('data-mode', 'web');
});

test('[S0-1.25] kiosk mode: a device never set up as a terminal is a web browser', async ({ page }) => {
  await open(page, '/');
  await expect(html(page)).toHaveAttribute('data-mode', 'web');
});

for (const lang of LANGS) {
  test(`[S0-1.25] touch targets: every visible header button and link is at least 64 px tall on a kiosk (${lang})`, async ({ page }) => {
    await becomeKioskTerminal(page, lang);
    const targets = await visibleHeaderTargets(page);
    expect(targets.length).toBeGreaterThanOrEqual(4);
    const small = targets.filter((target) => target.height < 64);
    expect(small, JSON.stringify(targets)).toEqual([]);
    await expectNoHorizontalOverflow(page);
  });

  test(`[S0-1.25] touch targets: every visible header button and link is at least 44 px tall on a phone (${lang})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await open(page, `/?lang=${lang}`);
    await expect(html(page)).toHaveAttribute('data-mode', 'web');
    const targets = await visibleHeaderTargets(page);
    expect(targets.length).toBeGreaterThanOrEqual(4);
    const small = targets.filter((target) => target.height < 44);
    expect(small, JSON.stringify(targets)).toEqual([]);
    await expectNoHorizontalOverflow(page);
  });
}

/** Opens the header search the way a visitor at a portrait kiosk does, and returns its field. */
async function openHeaderSearch(page: Page, lang: 'en' | 'ar'): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: copy(lang, 'shell:search.open') }).click();
  const dialog = page.getByRole('dialog', { name: copy(lang, 'shell:search.label') });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('combobox', { name: copy(lang, 'shell:search.label') });
  await expect(field).toBeFocused();
  return field;
}

async function tapKeys(keyboard: Locator, keys: string[]) {
  for (const key of keys) await keyboard.getByRole('button', { name: key, exact: true }).click();
}

async function expectFieldAboveKeyboard(page: Page, field: Locator, keyboard: Locator) {
  const fieldBox = await field.boundingBox();
  const keyboardBox = await keyboard.boundingBox();
  expect(fieldBox).not.toBeNull();
  expect(keyboardBox).not.toBeNull();
  expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(keyboardBox!.y);
  expect(fieldBox!.y).toBeGreaterThanOrEqual(0);
}

test('[S0-1.25] on-screen keyboard: the header search opens it docked at the bottom, keys type, suggestions appear, Done closes it', async ({ page }) => {
  await becomeKioskTerminal(page, 'en');
  const field = await openHeaderSearch(page, 'en');

  const keyboard = onScreenKeyboard(page, 'en');
  await expect(keyboard).toBeVisible();
  const box = await keyboard.boundingBox();
  expect(box).not.toBeNull();
  expect(Math.abs(box!.y + box!.height - KIOSK.height)).toBeLessThanOrEqual(2);
  expect(box!.width).toBeGreaterThanOrEqual(KIOSK.width - 2);
  await expectFieldAboveKeyboard(page, field, keyboard);

  await tapKeys(keyboard, ['f', 'o', 'o', 't']);
  await expect(field).toHaveValue('foot');
  await expect(field).toBeFocused();
  await expect(page.getByRole('option', { name: /Football Cup Final/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Youth Football Academy/ })).toBeVisible();
  await expectFieldAboveKeyboard(page, field, keyboard);

  await tapKeys(keyboard, [copy('en', 'ui:keyboard.backspace')]);
  await expect(field).toHaveValue('foo');

  await keyboard.getByRole('button', { name: copy('en', 'ui:keyboard.done') }).click();
  await expect(keyboard).toHaveCount(0);
  await expect(field).not.toBeFocused();
});

test('[S0-1.25] on-screen keyboard: in Arabic the keyboard shows the Arabic layout and types Arabic', async ({ page }) => {
  await becomeKioskTerminal(page, 'ar');
  const field = await openHeaderSearch(page, 'ar');
  const keyboard = onScreenKeyboard(page, 'ar');
  await expect(keyboard).toBeVisible();
  for (const letter of ['ض', 'ش', 'ك', 'ة']) await expect(keyboard.getByRole('button', { name: letter, exact: true })).toBeVisible();
  await expect(keyboard.getByRole('button', { name: 'q', exact: true })).toHaveCount(0);
  await expectFieldAboveKeyboard(page, field, keyboard);

  await tapKeys(keyboard, ['ك', 'ر', 'ة']);
  await expect(field).toHaveValue('كرة');
  await expect(page.getByRole('option', { name: /نهائي كأس كرة القدم/ })).toBeVisible();

  await keyboard.getByRole('button', { name: copy('ar', 'ui:keyboard.done') }).click();
  await expect(keyboard).toHaveCount(0);
});

test('[S0-1.25] on-screen keyboard: a phone browser (web mode) never shows it', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/');
  const field = await openHeaderSearch(page, 'en');
  await field.fill('foot');
  await expect(page.getByRole('option', { name: /Football Cup Final/ })).toBeVisible();
  await expect(onScreenKeyboard(page)).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`[S0-1.25] kiosk routes: the events list and the terms page open on a kiosk (${lang})`, async ({ page }) => {
    await becomeKioskTerminal(page, lang);
    await open(page, `/events?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:sections.events') })).toBeVisible();
    await expect(page.getByRole('main').getByText(lang === 'en' ? 'Football Cup Final' : 'نهائي كأس كرة القدم').first()).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-mode', 'kiosk');
    await expectNoHorizontalOverflow(page);

    await open(page, `/terms-and-conditions?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Terms and Conditions' : 'الشروط والأحكام' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-mode', 'kiosk');
    await expectNoHorizontalOverflow(page);
  });
}
