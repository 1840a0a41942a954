import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { KIOSK, LAYOUTS, open } from '../helpers';
import { copy, escapeRegExp, readStoredSession, storedTerminalSetting } from './shell';

/** What the account suites share: the demo customer, fields and buttons by their labels, the captcha, the outbox. */

export type Lang = 'en' | 'ar';

export const DEMO = { countryCode: '971', mobile: '501234567', email: 'layla.hassan@example.com', password: 'Marina@2025' } as const;
export const KIOSK_LAYOUT = LAYOUTS[1];

export const text = (lang: Lang, key: string) => copy(lang, `account:${key}`);


/** A field of the account screens by its visible label (a required field's label ends with a '*'). */
export const field = (scope: Page | Locator, lang: Lang, key: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(text(lang, key))}\\s*\\*?$`));

export const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** The toast at the bottom of the screen. */
export const toastWith = (page: Page, message: string) => page.locator('.toaster').getByText(message, { exact: true });

/** The built-in captcha: read the sum the page shows (Western or Arabic-Indic digits) and type its answer. */
export async function solveCaptcha(scope: Page | Locator, lang: Lang) {
  const captcha = scope.getByRole('group', { name: text(lang, 'captcha.legend') });
  const question = captcha.locator('.captcha-sum');
  await expect(question).toBeVisible();
  const western = (await question.innerText()).replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  const [a, b] = (western.match(/\d+/g) ?? []).map(Number);
  expect(a, western).toBeDefined();
  expect(b, western).toBeDefined();
  await field(captcha, lang, 'captcha.answer').fill(String(a! + b!));
}

/** The newest one-time code sent to `recipient` (the development outbox lists newest first). */
export async function latestCode(request: APIRequestContext, recipient: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/v1/dev/outbox');
      const { data } = (await response.json()) as { data: { recipient: string; body: string }[] };
      code = /\b(\d{6})\b/.exec(data.find((message) => message.recipient === recipient)?.body ?? '')?.[1];
      return code;
    })
    .toBeDefined();
  return code!;
}

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

export async function becomeKioskTerminal(page: Page, lang: Lang) {
  await page.setViewportSize(KIOSK);
  await open(page, `/?mode=kiosk&lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
  await expect.poll(() => storedTerminalSetting(page, 'kiosk')).toBe(true);
}

/** Opens a page in a layout; a kiosk is set up first (`/?mode=kiosk`), and its setting applies a moment after start. */
export async function openOn(page: Page, layout: (typeof LAYOUTS)[number], lang: Lang, path: string) {
  if (layout.kiosk) await becomeKioskTerminal(page, lang);
  else await page.setViewportSize(layout.viewport);
  await open(page, path);
  if (layout.kiosk) await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
}

export async function fillPasswordLogin(page: Page, lang: Lang, password: string = DEMO.password) {
  const main = page.getByRole('main');
  await field(main, lang, 'fields.mobile').fill(DEMO.mobile);
  await field(main, lang, 'fields.password').fill(password);
}

export const loginButton = (page: Page, lang: Lang) => button(page.getByRole('main'), text(lang, 'login.submit'));

export async function expectSignedIn(page: Page, name: string) {
  await expect.poll(async () => (await readStoredSession(page))?.user?.name ?? null).toBe(name);
  const stored = await readStoredSession(page);
  expect(typeof stored?.user?.token).toBe('string');
  expect(typeof stored?.lastUpdated).toBe('number');
}
