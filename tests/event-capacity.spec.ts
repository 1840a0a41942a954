import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, open, PHONE, signIn } from './helpers';
import { fill, venueDay, type Lang , textsOf } from './support/booking';
import { expectDocumentLanguage, waitForDeviceStorage, watchPageErrors, freshVenueWithCartSession } from './support/portal';
import { copy } from './support/shell';
import { PRODUCT_TYPE } from '../src/domain/productTypes';

/**
 * Event capacity against the real venue API: the event page shows the places each time has left and a sold-out time
 * that cannot be chosen, and an order for more tickets than are left is refused with the spec's capacity message,
 * in the visitor's language, keeping the cart.
 */

test.use({ serviceWorkers: 'block' });

const SESSION = 'event-capacity-e2e-session';

freshVenueWithCartSession(SESSION);

const cat = textsOf('catalogue');
const co = textsOf('checkout');

/** The demo's Family Fun Run (server/seed/demo.ts): one day, 38 days ahead, 07:00–10:00, 150 places, 50 before VAT. */
const RUN = { name: { en: 'Family Fun Run', ar: 'سباق المرح العائلي' }, date: venueDay(38), start: '07:00:00', end: '10:00:00', capacity: 150, time: '07:00 AM – 10:00 AM' } as const;

async function runEventId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/events?per_page=100');
  const { data } = (await response.json()) as { data: { data: { id: number; name: string; capacity?: number | null }[] } };
  const event = data.data.find((each) => each.name === RUN.name.en);
  expect(event?.capacity).toBe(RUN.capacity);
  return event!.id;
}

async function venueId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/config');
  return ((await response.json()) as { data: { venue_id: number } }).data.venue_id;
}

const runLine = (venue: number, event: number, quantity: number) => ({
  venue_id: venue,
  product_id: event,
  product_type_id: PRODUCT_TYPE.event,
  quantity,
  price: 50,
  tax_amount: 2.5,
  total_price: 52.5,
  customers: [],
  addons: [],
  discount: null,
  event_id: event,
  date: RUN.date,
  start_time: RUN.start,
  end_time: RUN.end,
});

let orderKeys = 0;

/** Another buyer (the member, by card) takes `quantity` places: an unpaid order holds them for its payment time. */
async function takePlaces(request: APIRequestContext, quantity: number) {
  const token = await request.post('/api/v1/dev/token', { data: { customer: 'member' } });
  const { data } = (await token.json()) as { data: { token: string } };
  const product = { capacity_facility: [], event: [runLine(await venueId(request), await runEventId(request), quantity)], membership: [], workshop: [], training: [], offers: [], pos: [] };
  const response = await request.post('/api/v1/orders', {
    multipart: { product: JSON.stringify(product) },
    headers: { Authorization: `Bearer ${data.token}`, 'Idempotency-Key': `event-capacity-e2e-${Date.now()}-${++orderKeys}` },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** 'N places left' as i18next picks the plural form for the language. */
const placesLeft = (lang: Lang, count: number) => cat(lang, `tickets.placesLeft_${count === 0 ? 'zero' : new Intl.PluralRules(lang).select(count)}`, { count });

const purchase = (page: Page, lang: Lang) => page.getByRole('region', { name: cat(lang, 'tickets.title'), exact: true });

test('[S1-8.5] [S1-5.53] the event page shows the places left at each time, caps the tickets at them and shows a sold-out time', async ({ page, request }) => {
  const errors = watchPageErrors(page);
  const event = await runEventId(request);
  await page.setViewportSize(PHONE);
  await open(page, `/events/${event}?lang=en`);
  const block = purchase(page, 'en');
  const time = block.getByRole('radio', { name: RUN.time });
  await expect(block.getByTestId('event-places')).toHaveText(placesLeft('en', 150));
  await expect(time).toBeChecked();

  await takePlaces(request, 148);
  await open(page, `/events/${event}?lang=en`);
  await expect(block.getByTestId('event-places')).toHaveText(placesLeft('en', 2));
  const more = block.getByRole('button', { name: fill(copy('en', 'facilityBooking:stepper.increase'), { label: cat('en', 'tickets.quantity') }) });
  await more.click();
  await expect(block.getByRole('spinbutton', { name: cat('en', 'tickets.quantity'), exact: true })).toHaveValue('2');
  await expect(more).toBeDisabled();

  await takePlaces(request, 2);
  await open(page, `/events/${event}?lang=en`);
  await expect(block.getByTestId('event-places')).toHaveText(cat('en', 'tickets.soldOut'));
  await expect(time).toBeDisabled();
  await expect(block.getByText(cat('en', 'tickets.soldOutChoice'), { exact: true })).toHaveAttribute('role', 'status');
  await expect(block.getByTestId('ticket-total')).toHaveCount(0);
  await expect(block.getByRole('button', { name: cat('en', 'tickets.addToCart'), exact: true })).toBeDisabled();
  await expectNoHorizontalOverflow(page);
  expect(errors).toEqual([]);
});

test('[S1-8.6] [S1-8.1] [S0-1.2] (ar) tickets in the cart beyond the places left are refused at checkout with the capacity message in Arabic; the cart is kept', async ({
  page,
  request,
}) => {
  const errors = watchPageErrors(page);
  const event = await runEventId(request);
  await signIn(page, request, 'customer');
  await page.setViewportSize(PHONE);
  await open(page, `/events/${event}?lang=ar`);
  await expectDocumentLanguage(page, 'ar');
  const block = purchase(page, 'ar');
  await expect(block.getByTestId('event-places')).toHaveText(placesLeft('ar', 150));
  await block.getByRole('button', { name: fill(copy('ar', 'facilityBooking:stepper.increase'), { label: cat('ar', 'tickets.quantity') }) }).click();
  await block.getByRole('button', { name: cat('ar', 'tickets.addToCart'), exact: true }).click();
  const confirmation = page.getByRole('dialog', { name: cat('ar', 'confirmation.title'), exact: true });
  await confirmation.getByRole('button', { name: cat('ar', 'confirmation.no'), exact: true }).click();
  await expect(page).toHaveURL(/\/cart/);

  // Meanwhile other buyers take all but one place.
  await takePlaces(request, 149);
  const panel = page.getByRole('region', { name: co('ar', 'title'), exact: true });
  await expect(panel.getByText(co('ar', 'loading'))).toHaveCount(0);
  await panel.getByRole('button', { name: co('ar', 'pay', { amount: 'AED 105' }), exact: true }).click();
  const message = fill(copy('ar', 'booking:rules.capacityExceeded'), { remaining: 1, requested: 2 });
  await expect(panel.getByRole('alert')).toHaveText(message);
  await expect(page.locator('.toaster').getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem', { name: RUN.name.ar, exact: true })).toBeVisible();
  await waitForDeviceStorage(page);
  // The browser logs the refused POST orders itself; nothing else may go wrong.
  expect(errors.filter((error) => !error.includes('status of 409 (Conflict)'))).toEqual([]);
});
