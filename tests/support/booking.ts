import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { copy } from './shell';
import { readDeviceRows } from './deviceDatabase';

/** What the facility booking suites share: dates of the venue, the modal's parts by their labels, the cart on the device. */

export type Lang = 'en' | 'ar';

export const fb = (lang: Lang, key: string, values: Record<string, string | number> = {}) => fill(copy(lang, `facilityBooking:${key}`), values);
export const rule = (lang: Lang, key: string, values: Record<string, string | number> = {}) => fill(copy(lang, `booking:rules.${key}`), values);
export const vt = (lang: Lang, key: string, values: Record<string, string | number> = {}) => fill(copy(lang, `visitors:${key}`), values);

/** i18next's {{name}} placeholders filled in. */
/** The strings of one namespace in a language, with their values filled in. */
export const textsOf =
  (namespace: string) =>
  (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
    fill(copy(lang, `${namespace}:${key}`), values);

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The demo services (server/seed/facilities.ts) and their facilities as the venue API numbers them. */
export const SERVICE = { football: 1, aqua: 2, bowling: 3 } as const;
export const FACILITY = { mainPitch: 1, halfA: 2, halfB: 3, arena: 4, cage: 5, aquaPark: 6, wavePool: 7 } as const;
export const PRODUCT = { fullPitch: 1, cageRental: 4, adult: 6, child: 7, family: 8, cabana: 9, slidesDay: 10 } as const;

/** The venue's calendar date `offset` days from today (the demo venue keeps Asia/Dubai time). */
export function venueDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dubai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** The venue's hour of day now (0–23). */
export function venueHour(): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', hour: '2-digit', hour12: false }).format(new Date())) % 24;
}

/** 'HH:mm:ss' as the slot grid shows it ('hh:mm A'). */
export function shownTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const half = hours % 24 >= 12 ? 'PM' : 'AM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${String(twelve).padStart(2, '0')}:${String(minutes).padStart(2, '0')} ${half}`;
}

export const slotName = (start: string, end: string) => `${shownTime(start)} – ${shownTime(end)}`;

/** The booking modal (a full-width dialog titled 'Book a Facility'). */
export const bookingDialog = (page: Page, lang: Lang = 'en') => page.getByRole('dialog', { name: fb(lang, 'title'), exact: true });

/** Opens the modal from the home page's button. */
export async function openBookingFromHome(page: Page, lang: Lang = 'en'): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: fb(lang, 'button'), exact: true }).click();
  const dialog = bookingDialog(page, lang);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: fb(lang, 'slots.title') })).toBeVisible();
  return dialog;
}

/** A labelled control of step 1 (service, facility, date, duration, time range, …). */
export const filter = (dialog: Locator, lang: Lang, key: string) => dialog.getByLabel(fb(lang, key), { exact: true });

export const slotGrid = (dialog: Locator, lang: Lang) => dialog.getByRole('group', { name: fb(lang, 'slots.title'), exact: true });
export const slotButton = (dialog: Locator, lang: Lang, start: string, end: string) => slotGrid(dialog, lang).getByRole('button', { name: slotName(start, end), exact: true });
export const facilityPicker = (dialog: Locator, lang: Lang) => dialog.getByRole('group', { name: fb(lang, 'picker.title'), exact: true });

/** Waits until the slot grid has loaded (no skeleton) for what the filters ask. */
export async function slotsSettled(dialog: Locator) {
  await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
}

export async function chooseDate(dialog: Locator, lang: Lang, date: string) {
  await filter(dialog, lang, 'filters.date').fill(date);
  await expect(filter(dialog, lang, 'filters.date')).toHaveValue(date);
  await slotsSettled(dialog);
}

/** Shows every slot of the grid ('Show more' until it is gone). */
export async function showAllSlots(dialog: Locator, lang: Lang) {
  const more = dialog.getByRole('button', { name: fb(lang, 'slots.more'), exact: true });
  while (await more.isVisible()) await more.click();
}

export async function chooseSlot(dialog: Locator, lang: Lang, start: string, end: string) {
  await showAllSlots(dialog, lang);
  await slotButton(dialog, lang, start, end).click();
  await expect(slotButton(dialog, lang, start, end)).toHaveAttribute('aria-pressed', 'true');
  await expect(facilityPicker(dialog, lang)).toBeVisible();
}

export const continueButton = (dialog: Locator, lang: Lang) => dialog.getByRole('button', { name: fb(lang, 'footer.continue'), exact: true });

/** The quantity stepper of a ticket or add-on card, found by the card's name. */
export function productCard(dialog: Locator, name: string): Locator {
  return dialog.locator('article').filter({ has: dialog.page().getByRole('heading', { name, exact: true }) });
}

export const stepperValue = (card: Locator, lang: Lang, labelKey: string) => card.getByRole('spinbutton', { name: fb(lang, labelKey), exact: true });
export const stepperMore = (card: Locator, lang: Lang, labelKey: string) =>
  card.getByRole('button', { name: fb(lang, 'stepper.increase', { label: fb(lang, labelKey) }), exact: true });
export const stepperFewer = (card: Locator, lang: Lang, labelKey: string) =>
  card.getByRole('button', { name: fb(lang, 'stepper.decrease', { label: fb(lang, labelKey) }), exact: true });

/** The toast at the bottom of the screen. */
export const toastWith = (page: Page, message: string) => page.locator('.toaster').getByText(message, { exact: true });

/** The header's cart link, named by its count (i18next's plural forms of the language; zero has its own). */
export function cartLink(page: Page, lang: Lang, count: number): Locator {
  const form = count === 0 ? 'zero' : new Intl.PluralRules(lang).select(count);
  return page.getByRole('banner').getByRole('link', { name: fill(copy(lang, `shell:cart.label_${form}`), { count }) });
}

export const cartBadge = (page: Page) => page.getByRole('banner').locator('.shell-cart__badge');

export interface StoredLine {
  type: string;
  product_id: number;
  name: string;
  quantity: number;
  date: string;
  start_time: string;
  end_time: string;
  facility_id: number;
  group: string;
  customers: { name: string; customer_id?: number | null; additional_fields?: { id: number; value: unknown }[]; documents?: unknown[] }[];
  addons: { product_id: number; name: string; quantity: number; group: string }[];
}

/** The cart lines kept on this device (IndexedDB 'venue-portal', table cartLines). */
export async function storedCartLines(page: Page): Promise<StoredLine[]> {
  return readDeviceRows<StoredLine>(page, 'cartLines');
}

/** A hold session the venue issues (POST cart/session), as a browser gets one before its first hold. */
export async function issueHoldSession(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/cart/session');
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { data: { session_id: string } }).data.session_id;
}

/** Holds an item for another browser: a hold session of its own (POST cart/session, then cart/sync); answers that session. */
export async function holdFor(
  request: APIRequestContext,
  item: { product_id: number; quantity: number; date: string; start_time: string; end_time: string; facility_id: number },
): Promise<string> {
  const sessionId = await issueHoldSession(request);
  const response = await request.post('/api/v1/cart/sync', { headers: { 'X-Session-Id': sessionId }, data: { products: [item] } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return sessionId;
}

export async function releaseFor(
  request: APIRequestContext,
  sessionId: string,
  item: { product_id: number; date: string; start_time: string; end_time: string; facility_id: number },
) {
  const response = await request.delete('/api/v1/cart/sync', { headers: { 'X-Session-Id': sessionId }, data: item });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** A tiny valid png (1 by 1 pixel), for the upload field. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Kiosk targets are at least 64 px tall. */
export async function expectKioskTarget(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(63.5);
}
