import { type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { checkScreen, expectAccessible, LAYOUTS, open, signIn } from './helpers';
import { textsOf, venueDay } from './support/booking';
import { PRODUCT_TYPE } from '../src/domain/productTypes';
import { becomeKiosk, expectDocumentLanguage, watchPageErrors } from './support/portal';
import { readDeviceRows } from './support/deviceDatabase';
import { waitForServiceWorkerControl } from './support/shell';

/**
 * After the sale, against the real venue API: the demo customer's order (server/seed/ticketOrders.ts: a session for
 * two, paid by wallet and card, and a cancelled session refunded to both) on /profile/view-tickets/{id} in English
 * and Arabic, on a phone and at a kiosk; the ticket and receipt PDFs; Print at a terminal with its 80 mm print
 * stylesheet; tickets at the gate with no network; nothing of them after logout or for another customer.
 */

const tk = textsOf('tickets');
const REFERENCE = 'ORD-7C1A90D2E4';
const CODES = { session: 'TKT-3F9A1C7B20D4', cancelled: 'TKT-8B2E6D4A19C5' } as const;
const SHOTS = '/work/shots/tickets';
mkdirSync(SHOTS, { recursive: true });

/** The demo customer's upcoming tickets as the server lists them (the demo booking history has several). */
async function upcomingTickets(request: APIRequestContext): Promise<{ order_id: number; reference: string }[]> {
  const token = await request.post('/api/v1/dev/token', { data: { customer: 'customer' } });
  const { data } = (await token.json()) as { data: { token: string } };
  const upcoming = await request.get('/api/v1/customers/tickets/upcoming', { headers: { authorization: `Bearer ${data.token}` } });
  return ((await upcoming.json()) as { data: { order_id: number; reference: string }[] }).data;
}

/** The demo order's id, read as the customer's own device reads it. */
async function demoOrderId(request: APIRequestContext): Promise<number> {
  const order = (await upcomingTickets(request)).find((each) => each.reference === REFERENCE);
  if (!order) throw new Error('the demo ticket order is missing');
  return order.order_id;
}

const main = (page: Page) => page.getByRole('main');
/** A person's ticket, named by what it is for and whom it admits. */
const ticketCard = (page: Page, name: string, holder: string, lang: 'en' | 'ar') => main(page).getByRole('listitem', { name: `${name}${lang === 'ar' ? '، ' : ', '}${holder}`, exact: true });

/** The number of tickets the device keeps (src/db/db.ts keptTickets); 0 when the table is not there yet. */
async function keptTicketCount(page: Page): Promise<number> {
  return (await readDeviceRows(page, 'keptTickets')).length;
}

test.describe('view tickets', () => {
  test.use({ serviceWorkers: 'block' });

  test.beforeEach(async ({ request }) => {
    await request.post('/api/v1/dev/reset');
  });

  for (const layout of LAYOUTS) {
    for (const lang of ['en', 'ar'] as const) {
      test(`[S0-2.20] [S0-2.53] [S0-2.57] [S0-2.59] [S0-3.32] the order's tickets with QR codes, its documents and transaction details (${layout.name}, ${lang})`, async ({ page, request }) => {
        const errors = watchPageErrors(page);
        const orderId = await demoOrderId(request);
        await page.setViewportSize(layout.viewport);
        await signIn(page, request, 'customer');
        if (layout.kiosk) await becomeKiosk(page);
        await open(page, `/profile/view-tickets/${orderId}?lang=${lang}`);
        await expectDocumentLanguage(page, lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tk(lang, 'title'));
        await expect(main(page).getByTestId('order-reference')).toHaveText(REFERENCE);

        // The session for two: one ticket a person, each with a QR code of its own.
        const coach = lang === 'ar' ? 'المدربة بريا ناير' : 'Coach Priya Nair';
        const session = ticketCard(page, coach, 'Layla Hassan', lang);
        await expect(session.getByRole('img', { name: tk(lang, 'qrLabel', { code: CODES.session }) })).toBeVisible();
        await expect(session.getByTestId('ticket-code')).toHaveText(CODES.session);
        await expect(session.getByTestId('ticket-holder')).toHaveText('Layla Hassan');
        await expect(session.getByText(tk(lang, 'ticketStatuses.valid'), { exact: true })).toBeVisible();
        const second = ticketCard(page, coach, 'Omar Hassan', lang);
        await expect(second.getByTestId('ticket-code')).toHaveText(/^TKT-[0-9A-F]{16}$/);
        await expect(second.getByRole('img', { name: tk(lang, 'qrLabel', { code: (await second.getByTestId('ticket-code').textContent()) ?? '' }) })).toBeVisible();
        const cancelled = ticketCard(page, lang === 'ar' ? 'المدرب عمر حداد' : 'Coach Omar Haddad', 'Layla Hassan', lang);
        await expect(cancelled.getByText(tk(lang, 'ticketStatuses.cancelled'), { exact: true })).toBeVisible();
        await expect(cancelled.getByRole('img')).toHaveCount(0);

        const transaction = main(page).getByRole('region', { name: tk(lang, 'transaction.heading') });
        await expect(transaction.getByTestId('amount-paid')).toHaveText('AED 735');
        await expect(transaction.getByTestId('pending-amount')).toHaveText('AED 0');
        await expect(transaction.getByTestId('refunds')).toContainText(tk(lang, 'transaction.refundStatuses.requested'));
        await expect(transaction.getByTestId('refunds')).toContainText('AED 215');
        await expect(transaction.getByTestId('refunds')).toContainText(tk(lang, 'transaction.refundStatuses.refunded'));

        await checkScreen(page, 'main', `${SHOTS}/view-tickets-${layout.name}-${lang}.png`, { fullPage: true });

        if (layout.kiosk) {
          // A terminal prints instead of downloading; window.print goes to the receipt printer with no dialog.
          await expect(main(page).getByRole('button', { name: tk(lang, 'downloadTickets') })).toHaveCount(0);
          await page.evaluate(() => {
            (window as unknown as { printed: string[] }).printed = [];
            window.print = () => (window as unknown as { printed: string[] }).printed.push(document.documentElement.dataset.print ?? '');
          });
          await main(page).getByRole('button', { name: tk(lang, 'printTickets') }).click();
          await main(page).getByRole('button', { name: tk(lang, 'printReceipt') }).click();
          expect(await page.evaluate(() => (window as unknown as { printed: string[] }).printed)).toEqual(['tickets', 'receipt']);

          for (const part of ['tickets', 'receipt'] as const) {
            await page.evaluate((printing) => (document.documentElement.dataset.print = printing), part);
            await page.emulateMedia({ media: 'print' });
            await expect(page.getByRole('banner')).toBeHidden();
            await expect(page.getByRole('contentinfo')).toBeHidden();
            await expect(main(page).getByRole('button', { name: tk(lang, 'printTickets') })).toBeHidden();
            if (part === 'tickets') {
              await expect(session.getByRole('img')).toBeVisible();
              await expect(transaction).toBeHidden();
            } else {
              await expect(transaction).toBeVisible();
              await expect(session).toBeHidden();
            }
            await page.screenshot({ path: `${SHOTS}/print-${part}-${lang}.png`, fullPage: true });
            // Printed for real, the pages are as wide as the receipt printer's paper: 80 mm is 226.77 pt.
            const printed = await page.pdf({ preferCSSPageSize: true });
            const [, width] = /\/MediaBox \[0 0 ([\d.]+) [\d.]+\]/.exec(printed.toString('latin1')) ?? [];
            expect(Number(width)).toBeCloseTo(226.77, 0);
            writeFileSync(`${SHOTS}/print-${part}-${lang}.pdf`, printed);
            await page.emulateMedia({ media: 'screen' });
          }
        } else {
          for (const kind of ['tickets', 'receipt'] as const) {
            const button = main(page).getByRole('button', { name: tk(lang, kind === 'tickets' ? 'downloadTickets' : 'downloadReceipt') });
            const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
            expect(download.suggestedFilename()).toBe(`${kind}-${REFERENCE}.pdf`);
            const path = await download.path();
            const bytes = readFileSync(path);
            expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
            expect(bytes.toString('latin1')).toContain(`(${REFERENCE})`);
            expect(bytes.toString('latin1')).toContain(`/Lang (${lang})`);
            await download.saveAs(`${SHOTS}/${kind}-${lang}.pdf`);
          }
        }
        expect(errors).toEqual([]);
      });
    }
  }

  test('[S0-2.20] an order just paid shows its ticket, with where the event is, and is kept for the gate', async ({ page, request }) => {
    const customer = await signIn(page, request, 'customer');
    const config = (await (await request.get('/api/v1/config')).json()) as { data: { venue_id: number } };
    // The demo's Family Fun Run (server/seed/demo.ts), 38 days ahead, paid from the wallet.
    const run = { venue_id: config.data.venue_id, product_id: 3, event_id: 3, product_type_id: PRODUCT_TYPE.event, quantity: 1, price: 50, tax_amount: 2.5, total_price: 52.5, customers: [], addons: [], discount: null, date: venueDay(38), start_time: '07:00:00', end_time: '10:00:00' };
    const product = { capacity_facility: [], event: [run], membership: [], workshop: [], training: [], offers: [], pos: [] };
    const placed = await request.post('/api/v1/orders', {
      multipart: { product: JSON.stringify(product), is_wallet: '1' },
      headers: { Authorization: `Bearer ${customer.token}`, 'Idempotency-Key': `tickets-e2e-${Date.now()}` },
    });
    expect(placed.ok(), await placed.text()).toBeTruthy();
    const upcoming = (await (await request.get('/api/v1/customers/tickets/upcoming', { headers: { authorization: `Bearer ${customer.token}` } })).json()) as {
      data: { order_id: number; reference: string; ticket: { name: string } }[];
    };
    const bought = upcoming.data.find((each) => each.ticket.name === 'Family Fun Run');
    if (!bought) throw new Error('the order just paid has no upcoming ticket');

    await page.setViewportSize(LAYOUTS[0].viewport);
    await open(page, `/profile/view-tickets/${bought.order_id}?lang=ar`);
    await expect(main(page).getByTestId('order-reference')).toHaveText(bought.reference);
    const ticket = ticketCard(page, 'سباق المرح العائلي', 'Layla Hassan', 'ar');
    await expect(ticket.getByText('ممشى المرسى')).toBeVisible();
    await expect(ticket.getByText('Layla Hassan')).toBeVisible();
    await expect(ticket.getByRole('img')).toBeVisible();
    await expect(main(page).getByTestId('amount-paid')).toHaveText('AED 52.5');
    // Kept with every other upcoming ticket of hers (the demo order's session and the demo booking history's).
    await expect.poll(() => keptTicketCount(page), { timeout: 15_000 }).toBe(upcoming.data.length);
  });

  test("[S0-2.20] another customer, or an order that is nobody's, gets the not-found page", async ({ page, request }) => {
    const orderId = await demoOrderId(request);
    await signIn(page, request, 'member');
    await open(page, `/profile/view-tickets/${orderId}?lang=en`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText(REFERENCE)).toHaveCount(0);
    await open(page, '/profile/view-tickets/not-an-order?lang=ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
  });
});

test.describe('tickets at the gate with no network', () => {
  test('a customer’s phone shows the kept tickets offline; after logout they are gone', async ({ page, request, context }) => {
    test.setTimeout(90_000);
    await request.post('/api/v1/dev/reset');
    const orderId = await demoOrderId(request);
    await page.setViewportSize(LAYOUTS[0].viewport);
    await signIn(page, request, 'customer');
    await open(page, `/profile/view-tickets/${orderId}?lang=en`);
    await expect(main(page).getByTestId('order-reference')).toHaveText(REFERENCE);
    await waitForServiceWorkerControl(page);
    // The cancelled session is not kept: only what still admits someone (the server's upcoming tickets).
    await expect.poll(() => keptTicketCount(page), { timeout: 15_000 }).toBe((await upcomingTickets(request)).length);

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tickets');
    await expect(main(page).getByRole('status').filter({ hasText: 'You are offline. These tickets were saved on this device' })).toBeVisible();
    await expect(main(page).getByRole('img', { name: `QR code of ticket ${CODES.session}` })).toBeVisible();
    await expect(main(page).getByTestId('ticket-code')).toHaveText([CODES.session, /^TKT-[0-9A-F]{16}$/]);
    await page.screenshot({ path: `${SHOTS}/offline-phone-en.png`, fullPage: true });

    // Another order is not kept: the page says so and leads to the one that is.
    await page.goto(`/profile/view-tickets/${orderId + 1000}?lang=en`);
    await page.waitForSelector('html[data-ready="true"]');
    await expect(main(page).getByRole('alert')).toContainText('not kept on this device');
    await main(page).getByRole('link', { name: `Order ${REFERENCE}` }).click();
    await expect(main(page).getByTestId('ticket-code')).toHaveText([CODES.session, /^TKT-[0-9A-F]{16}$/]);
    await expectAccessible(page);

    await context.setOffline(false);
    await page.getByRole('banner').getByRole('button', { name: 'Layla Hassan, account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect.poll(() => keptTicketCount(page)).toBe(0);
  });

  test('a kiosk terminal never keeps tickets', async ({ page, request }) => {
    await request.post('/api/v1/dev/reset');
    const orderId = await demoOrderId(request);
    await page.setViewportSize(LAYOUTS[1].viewport);
    await signIn(page, request, 'customer');
    await becomeKiosk(page);
    await open(page, `/profile/view-tickets/${orderId}?lang=en`);
    await expect(main(page).getByTestId('order-reference')).toHaveText(REFERENCE);
    await page.waitForTimeout(1500);
    expect(await keptTicketCount(page)).toBe(0);
  });
});
