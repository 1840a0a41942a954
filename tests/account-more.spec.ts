import { type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { open, signIn } from './helpers';
import { ACCOUNT_RUNS, checkScreen, openScreen, applyRunLayout, type AccountRun } from './support/accountScreens';
import { expectKioskTarget, textsOf } from './support/booking';
import { adultLine, putLines } from './support/checkout';
import { freshVenueWithCartSession, watchPageErrors } from './support/portal';

/**
 * The rest of the customer's account against the real venue API, in English and Arabic, on a phone and on the
 * portrait kiosk: one ticket a person on the demo family visit (ORD-FAM0001), the q-points page naming the next
 * expiry, a family member's photo added and removed, and the partner credit block (demo partner Hamad, an invoice
 * overdue beyond the grace days) refusing a credit checkout until the invoice is paid by card.
 */

test.use({ serviceWorkers: 'block' });

const SESSION = 'account-more-e2e-session';
freshVenueWithCartSession(SESSION);

const tk = textsOf('tickets');
const w = textsOf('wallet');
const pr = textsOf('profile');
const co = textsOf('checkout');
const SHOTS = '/work/shots/account';

/** The demo family visit's order id, as the customer's own device reads it. */
async function familyVisitId(request: APIRequestContext, token: string): Promise<number> {
  const upcoming = await request.get('/api/v1/customers/tickets/upcoming', { headers: { authorization: `Bearer ${token}` } });
  const found = ((await upcoming.json()) as { data: { order_id: number; reference: string }[] }).data.find((each) => each.reference === 'ORD-FAM0001');
  if (!found) throw new Error('the demo family visit is missing');
  return found.order_id;
}

const personTicket = (page: Page, run: AccountRun, holder: string) =>
  page.getByRole('main').getByRole('listitem', { name: `${run.lang === 'ar' ? 'الحديقة المائية' : 'Aqua Park'}${run.lang === 'ar' ? '، ' : ', '}${holder}`, exact: true });

for (const run of ACCOUNT_RUNS) {
  const layoutIds = `${run.kiosk ? ' [S0-1.25]' : ''}${run.lang === 'ar' ? ' [S0-1.2]' : ''}`;

  test(`[S0-2.20]${layoutIds} the family visit has one QR code a member; q-points name their next expiry; a member's photo (${run.name}, ${run.lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = watchPageErrors(page);
    const { lang } = run;
    const customer = await signIn(page, request, 'customer');
    await applyRunLayout(page, run);

    // One ticket a person: Layla keeps the line's code, Omar has his own; each with its QR code.
    await openScreen(page, run, `/profile/view-tickets/${await familyVisitId(request, customer.token)}`, tk(lang, 'title'));
    const layla = personTicket(page, run, 'Layla Hassan');
    const omar = personTicket(page, run, 'Omar Hassan');
    await expect(layla.getByTestId('ticket-code')).toHaveText('TKT-FAM000000001');
    await expect(layla.getByRole('img', { name: tk(lang, 'qrLabel', { code: 'TKT-FAM000000001' }) })).toBeVisible();
    await expect(omar.getByTestId('ticket-code')).toHaveText(/^TKT-[0-9A-F]{16}$/);
    const omarCode = (await omar.getByTestId('ticket-code').textContent()) ?? '';
    await expect(omar.getByRole('img', { name: tk(lang, 'qrLabel', { code: omarCode }) })).toBeVisible();
    await expect(omar.getByTestId('ticket-holder')).toHaveText('Omar Hassan');
    await checkScreen(page, run, SHOTS, 'family-tickets');

    // Q-points: the 20 earned 350 days ago are the next to expire.
    await openScreen(page, run, '/profile/user/q-points', w(lang, 'qpoints.title'));
    const expiry = page.getByTestId('qpoints-next-expiry');
    await expect(expiry).toContainText(w(lang, `qpoints.expiry_${new Intl.PluralRules(lang).select(20)}`, { count: 20, date: '' }).trim());
    await expect(page.getByRole('main')).toContainText(w(lang, 'qpoints.types.expired'));
    await checkScreen(page, run, SHOTS, 'qpoints-expiry');

    // A family member's photo: added through the file chooser, shown, then removed.
    await openScreen(page, run, '/profile/family', pr(lang, 'family.title'));
    const member = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Omar Hassan' });
    const add = member.getByRole('button', { name: pr(lang, 'family.photoAddNamed', { name: 'Omar Hassan' }) });
    if (run.kiosk) await expectKioskTarget(add);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#1d7a55' } }).png().toBuffer();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), add.click()]);
    await chooser.setFiles({ name: 'omar.png', mimeType: 'image/png', buffer: png });
    const photo = member.getByRole('img', { name: pr(lang, 'family.photoAlt', { name: 'Omar Hassan' }) });
    await expect(photo).toBeVisible();
    await expect(member.getByRole('button', { name: pr(lang, 'family.photoChangeNamed', { name: 'Omar Hassan' }) })).toBeVisible();
    await checkScreen(page, run, SHOTS, 'family-photo');
    await page.reload();
    await expect(photo).toBeVisible();
    await member.getByRole('button', { name: pr(lang, 'family.photoRemoveNamed', { name: 'Omar Hassan' }) }).click();
    await expect(photo).toHaveCount(0);
    await expect(add).toBeVisible();
    expect(errors).toEqual([]);
  });
}

/** Signs in the demo partner whose invoice is overdue beyond the grace days (server/seed/wallet.ts DEMO_BLOCKED_PARTNER). */
async function signInHamad(page: Page, request: APIRequestContext) {
  const response = await request.post('/api/v1/auth/login', { data: { country_code: '971', mobile_number: '508901234', password: 'Marina@2025' } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { data } = (await response.json()) as { data: { token: string } & Record<string, unknown> };
  const user = 'user' in data ? (data.user as Record<string, unknown>) : data;
  const stored = JSON.stringify({ user: { ...user, token: data.token }, lastUpdated: Date.now() });
  await page.addInitScript((value) => window.localStorage.setItem('portal.session', value), stored);
}

for (const run of [ACCOUNT_RUNS[0], ACCOUNT_RUNS[3]] as const) {
  test(`[S0-1.21] [S0-6.4]${run.kiosk ? ' [S0-1.25]' : ''}${run.lang === 'ar' ? ' [S0-1.2]' : ''} an overdue invoice holds credit purchases until it is paid by card (${run.name}, ${run.lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = watchPageErrors(page);
    const { lang } = run;
    await signInHamad(page, request);
    await applyRunLayout(page, run);
    await open(page, `/cart?lang=${lang}`);
    await putLines(page, SESSION, [await adultLine(request, 1)]);
    await open(page, `/cart?lang=${lang}`);
    const panel = page.getByRole('region', { name: co(lang, 'title'), exact: true });
    const refusal = co(lang, 'refusals.creditBlocked', { invoice: 'INV-000000' }).split('INV-000000')[0]!.trim();
    const blockedAlert = panel.getByRole('alert').filter({ hasText: refusal });
    await expect(blockedAlert).toBeVisible();
    const blockedText = (await blockedAlert.textContent()) ?? '';
    await page.screenshot({ path: `${SHOTS}/credit-blocked-${run.name}-${run.lang}.png`, fullPage: true });
    // Credit is not offered while the invoice is overdue: the alert says why and leads to the partner page.
    await expect(panel.getByRole('radio', { name: new RegExp(co(lang, 'methods.credit')) })).toHaveCount(0);
    await expect(panel.getByRole('alert').getByRole('link', { name: co(lang, 'creditBlockedLink') })).toBeVisible();

    // Paying the overdue invoice by card lifts the hold.
    await open(page, `/profile/partner?lang=${lang}`);
    const overdue = page.locator('.invoices > li').first();
    await expect(overdue).toContainText(w(lang, 'partner.statuses.overdue'));
    const number = (await overdue.getAttribute('aria-label')) ?? '';
    // The alert at checkout named this invoice, in the spec's words.
    expect(blockedText).toContain(co(lang, 'refusals.creditBlocked', { invoice: number }));
    await overdue.getByRole('button', { name: `${w(lang, 'partner.pay')}: ${number}` }).click();
    await page.getByRole('dialog', { name: w(lang, 'partner.payTitle', { number }) }).getByRole('button', { name: w(lang, 'topUp.pay', { amount: 'AED 410' }) }).click();
    await expect(page).toHaveURL(/\/api\/v1\/dev-gateway\/account\/txn_/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/profile\/partner\?payment=paid/);

    await open(page, `/cart?lang=${lang}`);
    await expect(panel.getByRole('alert').filter({ hasText: refusal })).toHaveCount(0);
    await panel.getByRole('radio', { name: new RegExp(co(lang, 'methods.credit')) }).check();
    await panel.getByRole('button', { name: co(lang, 'placeOrder'), exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: co(lang, 'success.title') })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
