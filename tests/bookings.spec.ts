import { type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dayjs, DATE_FORMATS } from '../src/domain/dates';
import { PRODUCT_TYPE } from '../src/domain/productTypes';
import { expect, test } from './fixtures';
import { checkScreen, expectAccessible, LANGS, LAYOUTS, open, patchConfig, resetServer, signIn, type DemoCustomer } from './helpers';
import { expectKioskTarget, textsOf, venueDay, type Lang } from './support/booking';
import { becomeKiosk, expectDocumentLanguage } from './support/portal';
import { copy } from './support/shell';

/**
 * The customer's booking lists and details against the real venue API and the demo history (server/seed/
 * bookingHistory.ts): a ticket bought just now in its list with its status, every status label, pages, range
 * shortcuts and sort, a trainer session's and an academy place's details, and another customer seeing none of it —
 * English and Arabic, phone and kiosk, with axe on every screen.
 */

test.use({ serviceWorkers: 'block' });

const SHOTS = '/work/shots/bookings';
mkdirSync(SHOTS, { recursive: true });

const b = textsOf('bookings');
const pages = textsOf('pages');

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const shownDay = (offset: number, lang: Lang) => dayjs(venueDay(offset)).locale(lang).format(DATE_FORMATS.display);
const main = (page: Page) => page.getByRole('main');
const rows = (page: Page) => main(page).locator('.booking-list > li');
const row = (page: Page, name: string, offset: number, lang: Lang) =>
  main(page).getByRole('listitem', { name, exact: true }).filter({ hasText: shownDay(offset, lang) });
const statusOf = (lang: Lang, status: string) => b(lang, `status.${status}`);

async function openAs(page: Page, path: string, lang: Lang, kiosk: boolean) {
  if (kiosk) await becomeKiosk(page);
  await open(page, `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
  await expectDocumentLanguage(page, lang);
}

/** The customer buys one Football Cup Final ticket (day 10), paid from her wallet: no payment page. */
async function buyCupFinalTicket(request: APIRequestContext, customer: DemoCustomer = 'customer') {
  const token = ((await (await request.post('/api/v1/dev/token', { data: { customer } })).json()) as { data: { token: string } }).data.token;
  const venueId = ((await (await request.get('/api/v1/config')).json()) as { data: { venue_id: number } }).data.venue_id;
  const line = {
    venue_id: venueId,
    product_id: 1,
    product_type_id: PRODUCT_TYPE.event,
    quantity: 1,
    price: 75,
    tax_amount: 3.75,
    total_price: 78.75,
    customers: [],
    addons: [],
    discount: null,
    event_id: 1,
    date: venueDay(10),
    start_time: '19:00:00',
    end_time: '21:30:00',
  };
  const product = { capacity_facility: [], event: [line], membership: [], workshop: [], training: [], offers: [], pos: [] };
  const response = await request.post('/api/v1/orders', {
    multipart: { product: JSON.stringify(product), is_wallet: '1' },
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `bookings-e2e-${Date.now()}` },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

for (const lang of LANGS) {
  for (const layout of LAYOUTS) {
    test(`[S0-2.28] [S0-4.35] a ticket bought now is in the event bookings with its status, beside every other (${layout.name}, ${lang})`, async ({ page, request }) => {
      await page.setViewportSize(layout.viewport);
      await signIn(page, request);
      await buyCupFinalTicket(request);
      await openAs(page, '/profile/event-bookings', lang, layout.kiosk);
      await expect(main(page).getByRole('heading', { level: 1, name: pages(lang, 'profile.eventBookings') })).toBeVisible();

      const bought = row(page, lang === 'ar' ? 'نهائي كأس كرة القدم' : 'Football Cup Final', 10, lang);
      await expect(bought).toHaveCount(1);
      await expect(bought.getByText(statusOf(lang, 'approved'), { exact: true })).toBeVisible();
      await expect(bought).toContainText('07:00 PM – 09:30 PM');
      await expect(bought).toContainText('AED 78.75');
      const tickets = bought.getByRole('link', { name: b(lang, 'viewTicketsOf', { name: lang === 'ar' ? 'نهائي كأس كرة القدم' : 'Football Cup Final' }) });
      await expect(tickets).toHaveAttribute('href', /\/profile\/view-tickets\/\d+/);

      const stargazing = row(page, lang === 'ar' ? 'ليلة مراقبة النجوم' : 'Desert Stargazing Night', 56, lang);
      await expect(stargazing.getByText(statusOf(lang, 'sold_out'), { exact: true })).toBeVisible();
      await expect(stargazing.getByRole('link')).toHaveCount(0);
      for (const status of ['completed', 'cancelled', 'expired']) await expect(main(page).getByText(statusOf(lang, status), { exact: true }).first()).toBeVisible();

      if (layout.kiosk) {
        await expectKioskTarget(tickets);
        await expectKioskTarget(main(page).getByRole('group', { name: b(lang, 'range.label') }).getByRole('button').first());
        await expectKioskTarget(main(page).getByLabel(b(lang, 'sort.label')));
      }
      await checkScreen(page, 'main', `${SHOTS}/event-bookings-${layout.name}-${lang}.png`, { fullPage: !layout.kiosk });
    });
  }
}

test('[S0-9.2] [S0-9.23] [S0-9.24] [S0-4.32] [S0-2.87] facility bookings page 16 at a time, narrow to a range, sort, and show awaiting approval (phone, en)', async ({ page, request }) => {
  await signIn(page, request);
  await openAs(page, '/profile/facility-bookings', 'en', false);
  await expect(rows(page)).toHaveCount(16);
  await expect(main(page).getByText('21 bookings')).toBeVisible();
  const vip = row(page, 'VIP Bowling Game', 22, 'en');
  await expect(vip.getByText('Pending', { exact: true })).toBeVisible();
  await expect(vip.getByText('Awaiting approval', { exact: true })).toBeVisible();
  for (const status of ['approved', 'pending', 'rejected', 'cancelled', 'refund_requested', 'expired', 'completed']) {
    await expect(main(page).getByText(statusOf('en', status), { exact: true }).first()).toBeVisible();
  }

  const pager = main(page).getByRole('navigation', { name: copy('en', 'ui:pagination.label') });
  await pager.getByRole('link', { name: copy('en', 'ui:pagination.next') }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).last()).toContainText(shownDay(-100, 'en'));

  const ranges = main(page).getByRole('group', { name: 'Show bookings from' });
  await ranges.getByRole('button', { name: 'Last week' }).click();
  await expect(page).toHaveURL(/[?&]range=week\b/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(rows(page)).toHaveCount(2);
  await expect(ranges.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(ranges.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
  await ranges.getByRole('button', { name: 'Last month' }).click();
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).first()).toContainText(shownDay(-2, 'en'));

  await main(page).getByLabel('Sort by').selectOption({ label: 'Date, earliest first' });
  await expect(page).toHaveURL(/[?&]sort=date_asc\b/);
  await expect(rows(page).first()).toContainText(shownDay(-20, 'en'));
  await expect(page).toHaveURL(/[?&]range=month\b/);

  await ranges.getByRole('button', { name: 'Last 3 months' }).click();
  await expect(rows(page)).toHaveCount(7);
  await ranges.getByRole('button', { name: 'All' }).click();
  await expect(page).not.toHaveURL(/[?&]range=/);
  await expect(rows(page)).toHaveCount(16);
  await expectAccessible(page);

  // [S0-2.87] In the is_baps mode the list is My Bookings, as the profile menu calls it.
  await patchConfig(request, { is_baps: 1 });
  await open(page, '/profile/facility-bookings?lang=en');
  await expect(main(page).getByRole('heading', { level: 1, name: copy('en', 'shell:profile.myBookings') })).toBeVisible();
});

test('[S0-2.25] [S0-2.27] [S0-2.57] [S0-9.15] a trainer session’s and an academy place’s details, from their lists (kiosk, ar)', async ({ page, request }) => {
  await page.setViewportSize(LAYOUTS[1].viewport);
  await signIn(page, request);
  await openAs(page, '/profile/trainer-sessions', 'ar', true);
  const priya = row(page, 'المدربة بريا ناير', 4, 'ar').filter({ hasText: '05:00 PM' });
  await priya.getByRole('link', { name: b('ar', 'detailsOf', { name: 'المدربة بريا ناير' }) }).click();
  await expect(page).toHaveURL(/\/profile\/trainer-sessions\/\d+/);
  const details = main(page).getByRole('article', { name: 'المدربة بريا ناير' });
  await expect(main(page).getByRole('heading', { level: 1, name: pages('ar', 'profile.trainerSession') })).toBeVisible();
  await expect(details.getByText(statusOf('ar', 'approved'), { exact: true })).toBeVisible();
  await expect(details).toContainText('اللياقة واليوغا');
  await expect(details).toContainText('05:00 PM – 05:45 PM');
  // The session's length in minutes (Arabic counts 45 with its "many" form).
  await expect(details).toContainText(b('ar', 'minutes_many', { count: 45 }));
  await expect(details).toContainText('Layla Hassan');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/trainer-session-details-kiosk-ar.png` });
  await main(page).getByRole('link', { name: b('ar', 'backTo.training') }).click();
  await expect(page).toHaveURL(/\/profile\/trainer-sessions\?/);

  await open(page, '/profile/academy-bookings?lang=ar');
  const swimming = row(page, 'أكاديمية السباحة للناشئين', 7, 'ar');
  await swimming.getByRole('link', { name: b('ar', 'detailsOf', { name: 'أكاديمية السباحة للناشئين' }) }).click();
  const academy = main(page).getByRole('article', { name: 'أكاديمية السباحة للناشئين' });
  await expect(academy).toContainText(b('ar', 'fromTo', { from: shownDay(7, 'ar'), to: shownDay(97, 'ar') }));
  await expect(academy).toContainText('Mariam Hassan');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/academy-booking-details-kiosk-ar.png` });
});

test('another customer sees none of Layla’s bookings, and her details are not found for him (phone, en)', async ({ page, request }) => {
  await buyCupFinalTicket(request);
  const sessions = await (async () => {
    const token = ((await (await request.post('/api/v1/dev/token', { data: { customer: 'customer' } })).json()) as { data: { token: string } }).data.token;
    const response = await request.get('/api/v1/customers/bookings/training', { headers: { Authorization: `Bearer ${token}` } });
    return ((await response.json()) as { data: { data: { id: number }[] } }).data.data;
  })();
  await signIn(page, request, 'member');
  await openAs(page, '/profile/event-bookings', 'en', false);
  await expect(main(page).getByText(b('en', 'empty.event'))).toBeVisible();
  await open(page, '/profile/facility-bookings?lang=en');
  await expect(rows(page)).toHaveCount(2);
  await expect(main(page).getByText('Indoor Arena Rental')).toHaveCount(0);
  await open(page, `/profile/trainer-sessions/${sessions[0]?.id ?? 1}?lang=en`);
  await expect(main(page).getByRole('alert')).toHaveText(b('en', 'notFound'));
  await expect(main(page).getByText('Coach Priya Nair')).toHaveCount(0);
  await expectAccessible(page);
});

/** Every booking screen, for a look: each must pass axe and never scroll sideways. */
for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`every booking screen (${layout.name}, ${lang})`, async ({ page, request }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(layout.viewport);
      await signIn(page, request);
      if (layout.kiosk) await becomeKiosk(page);
      const token = ((await (await request.post('/api/v1/dev/token', { data: { customer: 'customer' } })).json()) as { data: { token: string } }).data.token;
      const firstId = async (kind: string) => {
        const response = await request.get(`/api/v1/customers/bookings/${kind}`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await response.json()) as { data: { data: { id: number }[] } }).data.data[0]?.id;
      };
      const screens: [string, string][] = [
        ['facility-bookings', '/profile/facility-bookings'],
        ['event-bookings', '/profile/event-bookings?range=quarter'],
        ['trainer-sessions', '/profile/trainer-sessions'],
        ['trainer-session-details', `/profile/trainer-sessions/${await firstId('training')}`],
        ['academy-bookings', '/profile/academy-bookings'],
        ['academy-booking-details', `/profile/academy-bookings/${await firstId('academy')}`],
        ['memberships-bookings', '/profile/memberships-bookings'],
        ['retail', '/profile/retail'],
      ];
      for (const [name, path] of screens) {
        await open(page, `${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
        await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
        await expect(main(page).locator('.booking-row, .booking-details, .empty-state').first()).toBeVisible();
        await checkScreen(page, 'main', `${SHOTS}/${name}-${layout.name}-${lang}.png`);
      }
    });
  }
}
