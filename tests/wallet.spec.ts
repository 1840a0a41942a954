import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, open, signIn, type DemoCustomer } from './helpers';
import { ACCOUNT_RUNS, applyRunLayout, checkScreen, openScreen, type AccountRun } from './support/accountScreens';
import { expectKioskTarget, textsOf } from './support/booking';
import { adultLine, putLines } from './support/checkout';
import { freshVenueWithCartSession, watchPageErrors } from './support/portal';

/**
 * The customer's money against the real venue API and its development gateway, in English and Arabic, on a phone
 * and on the portrait kiosk: saved cards (delete after a confirmation, make another the default), the wallet (its
 * history, a range shortcut, a top-up paid on the gateway and then spent at checkout), the q-points that purchase
 * earned, and a partner paying an open invoice by card. Each screen passes axe and is photographed.
 */

test.use({ serviceWorkers: 'block' });

const SESSION = 'wallet-e2e-session';
freshVenueWithCartSession(SESSION);

const w = textsOf('wallet');
const SHOTS = '/work/shots/wallet';
const co = textsOf('checkout');

async function start(page: Page, request: APIRequestContext, run: AccountRun, account: DemoCustomer) {
  await signIn(page, request, account);
  await applyRunLayout(page, run);
}

async function expectTarget(target: Locator, run: AccountRun) {
  if (run.kiosk) await expectKioskTarget(target);
  else expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
}

async function payOnGateway(page: Page, amount: string) {
  await expect(page).toHaveURL(/\/api\/v1\/dev-gateway\/account\/txn_/);
  await expect(page.getByRole('heading', { name: 'Development payment gateway' })).toBeVisible();
  await expect(page.locator('body')).toContainText(amount);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

for (const run of ACCOUNT_RUNS) {
  const layoutIds = `${run.kiosk ? ' [S0-1.25]' : ''}${run.lang === 'ar' ? ' [S0-1.2]' : ''}`;

  test(`[S0-2.54] [S0-2.22] [S0-2.21] [S0-1.18]${layoutIds} cards, wallet and q-points (${run.name}, ${run.lang}): delete a card, top up, spend it, see the points`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const errors = watchPageErrors(page);
    const { lang } = run;
    await start(page, request, run, 'customer');

    // Saved cards: the expired one is marked; deleting asks first; another card becomes the default.
    await openScreen(page, run, '/profile/user/cards', w(lang, 'cards.title'));
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole('listitem', { name: 'Visa •••• 1111' })).toContainText(w(lang, 'cards.expired'));
    await expect(page.getByRole('listitem', { name: 'Visa •••• 4242' })).toContainText(w(lang, 'cards.default'));
    await checkScreen(page, run, SHOTS, 'cards');
    const cardName = (brand: string, last4: string) => w(lang, 'cards.cardName', { brand, masked: `•••• ${last4}` });
    const remove = page.getByRole('button', { name: `${w(lang, 'cards.delete')}: ${cardName('Mastercard', '5454')}` });
    await expectTarget(remove, run);
    await remove.click();
    const confirm = page.getByRole('dialog', { name: w(lang, 'cards.deleteTitle') });
    await expect(confirm).toContainText('Mastercard •••• 5454');
    await page.screenshot({ path: `/work/shots/wallet/cards-delete-${run.name}-${run.lang}.png` });
    await confirm.getByRole('button', { name: w(lang, 'cards.confirmDelete') }).click();
    await expect(page.getByRole('status').filter({ hasText: w(lang, 'cards.deleted') })).toBeVisible();
    await expect(cards).toHaveCount(3);
    await expect(page.getByRole('listitem', { name: 'Mastercard •••• 5454' })).toHaveCount(0);
    await page.getByRole('button', { name: `${w(lang, 'cards.makeDefault')}: ${cardName('Unknown', '0005')}` }).click();
    await expect(page.getByRole('status').filter({ hasText: w(lang, 'cards.defaultSet') })).toBeVisible();
    await expect(cards.first()).toHaveAccessibleName(cardName('Unknown', '0005'));
    await expect(cards.first()).toContainText(w(lang, 'cards.default'));

    // Wallet: balance, history 16 a page, a range shortcut, and a top-up paid on the gateway.
    await openScreen(page, run, '/profile/user/wallet', w(lang, 'wallet.title'));
    const balance = page.getByRole('region', { name: w(lang, 'wallet.balance') });
    await expect(balance).toContainText('AED 150');
    const history = page.locator('.ledger > li');
    await expect(history).toHaveCount(16);
    await checkScreen(page, run, SHOTS, 'wallet');
    await page.getByRole('link', { name: w(lang, 'ranges.week') }).click();
    await expect(page).toHaveURL(/range=week/);
    await expect(history).toHaveCount(5);
    const topUp = balance.getByRole('button', { name: w(lang, 'wallet.topUp') });
    await expectTarget(topUp, run);
    await topUp.click();
    const dialog = page.getByRole('dialog', { name: w(lang, 'topUp.title') });
    await dialog.getByRole('button', { name: 'AED 100', exact: true }).click();
    await dialog.getByRole('radio', { name: w(lang, 'payWith.newCard') }).check();
    await page.screenshot({ path: `/work/shots/wallet/top-up-${run.name}-${run.lang}.png` });
    await expectAccessible(page, 'dialog');
    await dialog.getByRole('button', { name: w(lang, 'topUp.pay', { amount: 'AED 100' }) }).click();
    await payOnGateway(page, 'AED 100');
    await expect(page).toHaveURL(/\/profile\/user\/wallet\?payment=paid/);
    await expect(page.getByRole('status').filter({ hasText: w(lang, 'wallet.paid') })).toBeVisible();
    await expect(page.getByRole('region', { name: w(lang, 'wallet.balance') })).toContainText('AED 250');
    await expect(history.first()).toContainText(w(lang, 'wallet.types.top_up'));
    await expect(history.first()).toContainText('+AED 100');

    // Spend it at checkout: one Adult ticket (AED 105), all from the wallet.
    await putLines(page, SESSION, [await adultLine(request, 1)]);
    await open(page, `/cart?lang=${lang}`);
    const panel = page.getByRole('region', { name: co(lang, 'title'), exact: true });
    await panel.getByRole('checkbox', { name: co(lang, 'methods.wallet', { amount: 'AED 250' }) }).check();
    await expect(panel.getByTestId('checkout-card-amount')).toHaveText('AED 0');
    await panel.getByRole('button', { name: co(lang, 'placeOrder'), exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: co(lang, 'success.title') })).toBeVisible();
    await openScreen(page, run, '/profile/user/wallet', w(lang, 'wallet.title'));
    await expect(page.getByRole('region', { name: w(lang, 'wallet.balance') })).toContainText('AED 145');
    await expect(history.first()).toContainText(w(lang, 'wallet.types.purchase'));
    await expect(history.first()).toContainText('AED -105');

    // The order earned its q-point (1 per AED 100) when it was paid.
    await openScreen(page, run, '/profile/user/q-points', w(lang, 'qpoints.title'));
    const points = page.getByRole('region', { name: w(lang, 'qpoints.balance') });
    await expect(points).toContainText(w(lang, `qpoints.pointsCount_${new Intl.PluralRules(lang).select(36)}`, { count: 36 }));
    await expect(points).toContainText(w(lang, 'qpoints.value', { amount: 'AED 36' }));
    await expect(page.locator('.ledger > li').first()).toContainText(w(lang, 'qpoints.types.earned'));
    await expect(page.getByRole('main')).toContainText(w(lang, 'qpoints.types.redeemed'));
    await expect(page.getByRole('main')).toContainText(w(lang, 'qpoints.types.expired'));
    await checkScreen(page, run, SHOTS, 'q-points');
    expect(errors).toEqual([]);
  });

  test(`[S0-1.21] [S0-6.4] [S0-3.34]${layoutIds} partner (${run.name}, ${run.lang}): credit, details and an open invoice paid by card`, async ({ page, request }) => {
    const errors = watchPageErrors(page);
    const { lang } = run;
    await start(page, request, run, 'partner');
    await openScreen(page, run, '/profile/partner', w(lang, 'partner.title'));
    const main = page.getByRole('main');
    await expect(main).toContainText('AED 1,000');
    await expect(main).toContainText('AED 350');
    await expect(main).toContainText('AED 650');
    await expect(main).toContainText('Gulf Corporate Events LLC');
    await expect(main).toContainText('Noura Khalid');
    const invoices = page.locator('.invoices > li');
    await expect(invoices).toHaveCount(4);
    await expect(invoices.first()).toContainText(w(lang, 'partner.statuses.open'));
    await checkScreen(page, run, SHOTS, 'partner');
    const number = (await invoices.first().getAttribute('aria-label')) ?? '';
    const pay = invoices.first().getByRole('button', { name: `${w(lang, 'partner.pay')}: ${number}` });
    await expectTarget(pay, run);
    await pay.click();
    const dialog = page.getByRole('dialog', { name: w(lang, 'partner.payTitle', { number }) });
    await page.screenshot({ path: `/work/shots/wallet/invoice-pay-${run.name}-${run.lang}.png` });
    await dialog.getByRole('button', { name: w(lang, 'topUp.pay', { amount: 'AED 350' }) }).click();
    await payOnGateway(page, 'AED 350');
    await expect(page).toHaveURL(/\/profile\/partner\?payment=paid/);
    await expect(page.getByRole('status').filter({ hasText: w(lang, 'partner.paid') })).toBeVisible();
    await expect(page.getByRole('listitem', { name: number })).toContainText(w(lang, 'partner.statuses.paid'));
    await expect(main).toContainText(w(lang, 'partner.available'));
    await expect(page.locator('.money-facts')).toContainText('AED 0');
    expect(errors).toEqual([]);
  });
}

test('[S0-1.21] a B2E employee sees their purchases on the company credit, without paying them', async ({ page, request }) => {
  await start(page, request, ACCOUNT_RUNS[0], 'employee');
  await openScreen(page, ACCOUNT_RUNS[0], '/profile/partner', w('en', 'partner.employeeTitle'));
  await expect(page.getByRole('heading', { name: w('en', 'partner.employeePurchases') })).toBeVisible();
  await expect(page.locator('.invoices > li')).toHaveCount(2);
  await expect(page.getByRole('button', { name: new RegExp(`^${w('en', 'partner.pay')}`) })).toHaveCount(0);
  await checkScreen(page, ACCOUNT_RUNS[0], SHOTS, 'employee');
});
