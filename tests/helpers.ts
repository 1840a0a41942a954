import type { CartLine } from '../src/domain/cart/lines';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { writeDeviceRows } from './support/deviceDatabase';

export const PHONE = { width: 390, height: 844 } as const;
export const KIOSK = { width: 1080, height: 1920 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

export const LAYOUTS = [
  { name: 'phone', viewport: PHONE, kiosk: false },
  { name: 'kiosk', viewport: KIOSK, kiosk: true },
] as const;
export const LANGS = ['en', 'ar'] as const;

export type DemoCustomer = 'customer' | 'member' | 'partner' | 'employee' | 'guest';

/** Every test starts from the freshly seeded demo venue. */
export async function resetServer(request: APIRequestContext) {
  const response = await request.post('/api/v1/dev/reset');
  expect(response.ok()).toBeTruthy();
}

export async function patchConfig(request: APIRequestContext, patch: Record<string, unknown>) {
  const response = await request.post('/api/v1/dev/config', { data: patch });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Opens a path and waits until the shell has decided what to show. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForSelector('html[data-ready="true"]');
}

/** Signs a demo customer in the way a restored login would be: a stored session with a real server token. */
export async function signIn(page: Page, request: APIRequestContext, customer: DemoCustomer = 'customer') {
  const response = await request.post('/api/v1/dev/token', { data: { customer } });
  expect(response.ok()).toBeTruthy();
  const { data } = (await response.json()) as { data: { token: string; user: Record<string, unknown> } };
  const stored = JSON.stringify({ user: { ...data.user, token: data.token }, lastUpdated: Date.now() });
  await page.addInitScript((value) => window.localStorage.setItem('portal.session', value), stored);
  return data;
}

/** Puts cart lines straight into the device's IndexedDB under this page's cart session; the cart reads them at the next load. */
export async function putCartLines(page: Page, lines: CartLine[]) {
  // Under the page's cart session (src/services/cartSession.ts), which the cart loads; made up when the app has not yet.
  const sessionKey = await page.evaluate(() => {
    const kept = localStorage.getItem('session_id');
    if (kept) return kept;
    localStorage.setItem('session_id', 'visitor');
    return 'visitor';
  });
  await writeDeviceRows(page, 'cartLines', lines.map((line) => ({ ...line, sessionKey })), { replace: true });
}

/** No axe violation inside `scope`, no sideways scroll, and a screenshot of the page at `path`. */
export async function checkScreen(page: Page, scope: string, path: string, { fullPage = false }: { fullPage?: boolean } = {}) {
  await expectAccessible(page, scope);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path, fullPage });
}

/** No axe violation inside `scope`; each failure names the rule and the elements, so a red run says what to fix. */
export async function expectAccessible(page: Page, scope = 'main') {
  // A dialog fading in (ui-fade-in) has its colours part-transparent: axe would measure a contrast nobody sees once it
  // has shown, so the finite animations finish first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const result = await new AxeBuilder({ page }).include(scope).analyze();
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** No page should scroll sideways in either direction of writing. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}
