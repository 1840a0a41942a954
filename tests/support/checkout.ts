import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { textsOf, venueDay, type Lang } from './booking';
import { venueId } from './cart';
import { waitForDeviceStorage } from './portal';
import { writeDeviceRows } from './deviceDatabase';
import { copy } from './shell';
import { open } from '../helpers';
import { PRODUCT_TYPE } from '../../src/domain/productTypes';

/** What the checkout suites share: the demo member and the Aqua Park's Adult ticket as a cart line. */

/** The demo member (server/seed/demo.ts, commerce.ts): card MSP-…, 120 q-points, 15% off facility products. */
export const MEMBER = { card: 'MSP-100245', mobile: '0502345678', qpoints: 120 } as const;

/** The Aqua Park's Adult ticket (server/seed/facilities.ts): AED 100 + AED 5 VAT, a facility product, 10:00 to 11:00. */
export const ADULT = { name: 'Adult', service: 2, facility: 6, price: 100, tax: 5, start: '10:00:00', end: '11:00:00' } as const;
export const DATE = venueDay(4);

/** The Adult ticket's product id, looked up by name among the tickets the venue sells for the slot. */
export async function adultProductId(request: APIRequestContext): Promise<number> {
  const query = new URLSearchParams({ venue_service_id: `${ADULT.service}`, facility_id: `${ADULT.facility}`, date: DATE, start_time: ADULT.start, end_time: ADULT.end });
  const response = await request.get(`/api/v1/facilities/auto?${query}`);
  expect(response.ok(), await response.text()).toBeTruthy();
  const { data } = (await response.json()) as { data: { products: { product_id: number; name: string; price: number }[] } };
  const ticket = data.products.find((product) => product.name === ADULT.name);
  expect(ticket, `no ${ADULT.name} ticket in facilities/auto`).toBeTruthy();
  expect(ticket!.price).toBe(ADULT.price);
  return ticket!.product_id;
}

/** A full Adult ticket line, four days ahead (the Aqua Park is open every day). */
export async function adultLine(request: APIRequestContext, quantity: number) {
  return {
    type: 'facility',
    venue_id: await venueId(request),
    product_id: await adultProductId(request),
    product_type_id: PRODUCT_TYPE.facility,
    name: ADULT.name,
    ar_name: null,
    image: null,
    quantity,
    price: ADULT.price,
    tax_amount: ADULT.tax,
    total_price: ADULT.price + ADULT.tax,
    customers: [],
    addons: [],
    date: DATE,
    start_time: ADULT.start,
    end_time: ADULT.end,
    facility_id: ADULT.facility,
    facility_name: ADULT.name,
    venue_service_id: ADULT.service,
    is_full_day: 0,
    is_open_dated: 0,
    save_detail_for_future: 0,
    seasonal_pricing_id: null,
    group: 'g1',
    participant_count: 1,
    hold_expires_at: null,
  };
}

export async function putLines(page: Page, session: string, lines: object[]) {
  await waitForDeviceStorage(page);
  await writeDeviceRows(page, 'cartLines', lines.map((line) => ({ ...line, sessionKey: session })), { replace: true });
}

const co = textsOf('checkout');

/** Pays the whole cart by a new card through the development gateway, and lands on the paid order's page. */
export async function payByCard(page: Page, lang: Lang, amount: string) {
  await open(page, `/cart?lang=${lang}`);
  const panel = page.getByRole('region', { name: co(lang, 'title'), exact: true });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(co(lang, 'loading'))).toHaveCount(0);
  await expect(panel.getByTestId('checkout-card-amount')).toHaveText(amount);
  await panel.getByRole('button', { name: co(lang, 'pay', { amount }), exact: true }).click();
  await expect(page).toHaveURL(/\/api\/v1\/dev-gateway\/txn_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/paymentsuccess\/[\w-]+/);
  await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:payment.successTitle') })).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText(co(lang, 'order.statuses.paid'));
  await expect(page.getByTestId('order-total')).toHaveText(amount);
}
