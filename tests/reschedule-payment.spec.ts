import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkScreen, LANGS, LAYOUTS, open, resetServer, signIn } from './helpers';
import { slotName, textsOf, venueDay, type Lang } from './support/booking';
import { becomeKiosk, expectDocumentLanguage, watchPageErrors } from './support/portal';

/**
 * A reschedule to a dearer slot paid through the development gateway (issue 15): the demo customer's Aqua Park visit
 * on day 27 was bought at the old Adult price (2 × 84), so moving it costs 2 × 105 − 168 = AED 42.
 */

test.use({ serviceWorkers: 'block' });

const t = textsOf('bookingActions');
const SCREENSHOTS = '/work/shots/reschedule';
const DIFFERENCE = 'AED 42';

/** The order reference of the seeded visit, which names its row in the list. */
async function seededReference(request: APIRequestContext): Promise<string> {
  const token = ((await (await request.post('/api/v1/dev/token', { data: { customer: 'customer' } })).json()) as { data: { token: string } }).data.token;
  const list = (await (await request.get('/api/v1/customers/bookings/facility?range=all&page=1', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { data: { order_reference: string; date: string | null; start_time: string | null; name: string }[] };
  };
  // Among the furthest ahead, so on the first page of the list's default order (date, latest first).
  const visit = list.data.data.find((item) => item.date === venueDay(27) && item.start_time?.startsWith('11:00') && item.name === 'Adult');
  if (!visit) throw new Error('the demo visit bought at the old price is missing');
  return visit.order_reference;
}

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test.describe(`${layout.name} ${lang}`, () => {
      test.use({ viewport: layout.viewport });
      test.beforeEach(async ({ request }) => resetServer(request));

      test('[S0-2.58] moves a booking to a dearer slot after paying the difference on the payment page', async ({ page, request }) => {
        const errors = watchPageErrors(page);
        const reference = await seededReference(request);
        if (layout.kiosk) await becomeKiosk(page);
        await signIn(page, request);
        await open(page, `/profile/facility-bookings?lang=${lang}`);
        await expectDocumentLanguage(page, lang as Lang);

        const row = page.getByRole('main').getByRole('listitem').filter({ hasText: reference });
        await row.getByRole('button', { name: t(lang, 'reschedule'), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t(lang, 'rescheduleDialog.title'), exact: true });
        await expect(dialog.getByLabel(t(lang, 'rescheduleDialog.date'), { exact: true })).toHaveValue(venueDay(27));
        await dialog.getByRole('group', { name: t(lang, 'rescheduleDialog.slots'), exact: true }).getByRole('button', { name: slotName('13:00:00', '14:00:00'), exact: true }).click();

        const pay = dialog.getByRole('button', { name: t(lang, 'rescheduleDialog.pay', { amount: DIFFERENCE }), exact: true });
        await expect(pay).toBeVisible();
        await expect(dialog.getByRole('group', { name: t(lang, 'pay.legend'), exact: true }).getByRole('radio', { name: t(lang, 'pay.newCard'), exact: true })).toBeChecked();
        await checkScreen(page, 'dialog[open]', `${SCREENSHOTS}/dearer-${layout.name}-${lang}.png`);
        await pay.click();

        await expect(page.getByRole('heading', { name: 'Development payment gateway' })).toBeVisible();
        await expect(page.getByText('AED 42.00')).toBeVisible();
        await page.getByRole('button', { name: 'Pay', exact: true }).click();

        await expect(page).toHaveURL(/\/profile\/booking-moves\//);
        await expect(page.getByRole('heading', { name: t(lang, 'move.title'), exact: true })).toBeVisible();
        const status = page.getByRole('main').getByRole('status');
        await expect(status).toContainText(t(lang, 'move.paid', { amount: DIFFERENCE }));
        await expect(status).toContainText(slotName('13:00:00', '14:00:00'));
        await checkScreen(page, 'main', `${SCREENSHOTS}/moved-${layout.name}-${lang}.png`);

        await page.getByRole('link', { name: t(lang, 'move.toBookings'), exact: true }).click();
        await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: reference })).toContainText(slotName('13:00:00', '14:00:00'));
        expect(errors).toEqual([]);
      });
    });
  }
}
