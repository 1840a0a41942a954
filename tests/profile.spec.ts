import { mkdirSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, expectNoHorizontalOverflow, LANGS, LAYOUTS, open, resetServer, signIn } from './helpers';
import { latestCode, openOn, wrongCode } from './support/accounts';
import { bookingDialog, chooseDate, chooseSlot, continueButton, productCard, stepperMore, venueDay, vt, type Lang } from './support/booking';
import { copy, escapeRegExp } from './support/shell';
import { watchPageErrors } from './support/portal';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const SHOTS = '/work/shots/profile';
mkdirSync(SHOTS, { recursive: true });

const p = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{{${name}}}`, String(value)), copy(lang, `profile:${key}`));

/** A field by its visible label; a required field's label ends with '*'. */
const labelled = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

/** The on-screen keyboard: its letters, or its number pad for numeric fields. */
const keyboardOf = (page: Page, lang: Lang) =>
  page.getByRole('group', { name: new RegExp(`^(${escapeRegExp(copy(lang, 'ui:keyboard.label'))}|${escapeRegExp(copy(lang, 'ui:keyboard.numeric'))})$`) });

type Layout = (typeof LAYOUTS)[number];

/** Taps one character: from the board shown, else after Shift, else on the other language's board. */
async function tapCharacter(keyboard: Locator, lang: Lang, character: string) {
  const name = character === ' ' ? copy(lang, 'ui:keyboard.space') : character;
  const key = keyboard.getByRole('button', { name, exact: true });
  const shift = keyboard.getByRole('button', { name: copy(lang, 'ui:keyboard.shift'), exact: true });
  const switchLanguage = keyboard.getByRole('button', { name: copy(lang, 'ui:keyboard.switchLanguage'), exact: true });
  for (const prepare of [async () => undefined, () => shift.click(), () => shift.click(), () => switchLanguage.click(), () => shift.click()]) {
    await prepare();
    // The board redraws a moment after Shift or the language key.
    if (await key.first().waitFor({ state: 'visible', timeout: 400 }).then(() => true, () => false)) return key.first().click();
  }
  throw new Error(`no key for ${character}`);
}

/** Types into a field as the device would: a kiosk through its on-screen keyboard, a phone with its own. */
async function typeInto(page: Page, layout: Layout, lang: Lang, field: Locator, value: string) {
  if (!layout.kiosk) {
    await field.fill(value);
    return;
  }
  await field.click();
  // The caret goes to the end, where Backspace and the keys work (a tap in a right-to-left page may leave it at the start).
  await field.press('End');
  const keyboard = keyboardOf(page, lang);
  await expect(keyboard).toBeVisible();
  const backspace = keyboard.getByRole('button', { name: copy(lang, 'ui:keyboard.backspace'), exact: true });
  while ((await field.inputValue()) !== '') await backspace.click();
  for (const character of value) await tapCharacter(keyboard, lang, character);
  await expect(field).toHaveValue(value);
  await keyboard.getByRole('button', { name: copy(lang, 'ui:keyboard.done'), exact: true }).click();
}

async function shoot(page: Page, name: string, layout: Layout, lang: Lang) {
  await page.screenshot({ path: `${SHOTS}/${name}-${layout.name}-${lang}.png`, fullPage: true });
}

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-2.19] [S0-1.18] the profile is edited and stays edited after a reload; the header name follows (${layout.name}, ${lang})`, async ({ page, request }) => {
      test.setTimeout(layout.kiosk ? 240_000 : 90_000);
      const errors = watchPageErrors(page);
      await signIn(page, request, 'customer');
      await openOn(page, layout, lang, `/profile/user?lang=${lang}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: p(lang, 'title') })).toBeVisible();
      await expect(labelled(main, p(lang, 'form.firstName'))).toHaveValue('Layla');
      await expect(labelled(main, p(lang, 'form.emiratesId'))).toHaveValue('784199012345676');
      await expectAccessible(page);
      await expectNoHorizontalOverflow(page);
      await shoot(page, 'profile', layout, lang);

      // The Emirates ID is checked when it loses focus.
      const emiratesId = labelled(main, p(lang, 'form.emiratesId'));
      await typeInto(page, layout, lang, emiratesId, '78419901');
      await emiratesId.blur();
      await expect(main.getByText(copy(lang, 'validation:emiratesId.format'))).toBeVisible();
      await typeInto(page, layout, lang, emiratesId, '784199012345676');
      await emiratesId.blur();
      await expect(main.getByText(copy(lang, 'validation:emiratesId.format'))).toHaveCount(0);

      await typeInto(page, layout, lang, labelled(main, p(lang, 'form.firstName')), lang === 'ar' ? 'لينا' : 'Lina');
      await main.getByRole('radio', { name: p(lang, 'form.genders.Female'), exact: true }).check();
      await main.getByRole('button', { name: p(lang, 'details.save'), exact: true }).click();
      await expect(main.getByText(p(lang, 'serverMessages.saved'), { exact: true })).toBeVisible();
      const newName = lang === 'ar' ? 'لينا' : 'Lina';
      await expect(page.getByRole('banner')).toContainText(newName);

      // A fresh page of the same browser: what the server and the stored session now hold (signIn's script would restore the old login).
      const reloaded = await page.context().newPage();
      await open(reloaded, `/profile/user?lang=${lang}`);
      await expect(labelled(reloaded.getByRole('main'), p(lang, 'form.firstName'))).toHaveValue(newName);
      await expect(reloaded.getByRole('banner')).toContainText(newName);
      expect(errors).toEqual([]);
    });
  }
}

const EMAIL_CHANGE = [
  { layout: LAYOUTS[0], lang: 'en' },
  { layout: LAYOUTS[1], lang: 'ar' },
] as const;

for (const { layout, lang } of EMAIL_CHANGE) {
  test(`[S1-2.53] the e-mail changes only once the code sent to the new address is entered (${layout.name}, ${lang})`, async ({ page, request }) => {
    test.setTimeout(layout.kiosk ? 240_000 : 90_000);
    await signIn(page, request, 'customer');
    await openOn(page, layout, lang, `/profile/user?lang=${lang}`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: p(lang, 'contact.changeEmail'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: p(lang, 'contact.changeEmail') });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await typeInto(page, layout, lang, labelled(dialog, copy(lang, 'account:fields.email')), 'layla.new@example.com');
    await dialog.getByRole('button', { name: p(lang, 'contact.sendCode'), exact: true }).click();
    await expect(dialog.getByText(p(lang, 'serverMessages.codeSentTo', { address: 'layla.new@example.com' }))).toBeVisible();
    await shoot(page, 'change-email-code', layout, lang);
    const code = await latestCode(request, 'layla.new@example.com');
    // Nothing has changed yet.
    await expect(main.getByText('layla.hassan@example.com', { exact: true })).toBeVisible();

    const codeField = labelled(dialog, copy(lang, 'account:fields.code'));
    await typeInto(page, layout, lang, codeField, wrongCode(code));
    await dialog.getByRole('button', { name: p(lang, 'contact.confirm'), exact: true }).click();
    await expect(dialog.getByText(copy(lang, 'account:serverErrors.code_invalid'))).toBeVisible();
    await typeInto(page, layout, lang, codeField, code);
    await dialog.getByRole('button', { name: p(lang, 'contact.confirm'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(main.getByText('layla.new@example.com', { exact: true })).toBeVisible();
    await expect(main.getByText(p(lang, 'serverMessages.emailChanged'), { exact: true })).toBeVisible();
  });
}

const PASSWORD_CHANGE = [
  { layout: LAYOUTS[0], lang: 'ar' },
  { layout: LAYOUTS[1], lang: 'en' },
] as const;

for (const { layout, lang } of PASSWORD_CHANGE) {
  test(`[S0-2.56] the password changes with the password rules; other sessions end, this one stays (${layout.name}, ${lang})`, async ({ page, request }) => {
    test.setTimeout(layout.kiosk ? 240_000 : 90_000);
    const other = await signIn(page, request, 'customer');
    await signIn(page, request, 'customer');
    await openOn(page, layout, lang, `/profile/user?lang=${lang}`);
    await page.getByRole('main').getByRole('button', { name: p(lang, 'password.open'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: p(lang, 'password.title') });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await typeInto(page, layout, lang, labelled(dialog, p(lang, 'password.current')), 'Marina@2025');
    await typeInto(page, layout, lang, labelled(dialog, p(lang, 'password.new')), 'weak');
    await typeInto(page, layout, lang, labelled(dialog, p(lang, 'password.confirm')), 'weak');
    await dialog.getByRole('button', { name: p(lang, 'password.submit'), exact: true }).click();
    await expect(dialog.locator('.field-error').getByText(copy(lang, 'validation:password.minLength').replace('{{min}}', '8'))).toBeVisible();
    await shoot(page, 'change-password', layout, lang);
    await typeInto(page, layout, lang, labelled(dialog, p(lang, 'password.new')), 'Harbour#2031');
    await typeInto(page, layout, lang, labelled(dialog, p(lang, 'password.confirm')), 'Harbour#2031');
    await dialog.getByRole('button', { name: p(lang, 'password.submit'), exact: true }).click();
    await expect(dialog.getByText(p(lang, 'serverMessages.passwordChanged'))).toBeVisible();

    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await request.get('/api/v1/customers/profile/details', { headers: headers(other.token) })).status()).toBe(401);
    await dialog.getByRole('button', { name: p(lang, 'password.close'), exact: true }).click();
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    await expect(labelled(page.getByRole('main'), p(lang, 'form.firstName'))).toHaveValue('Layla');
    const login = await request.post('/api/v1/auth/login', { data: { country_code: '971', mobile_number: '501234567', password: 'Harbour#2031' } });
    expect(login.ok()).toBeTruthy();
  });
}

/** Books two Aqua Park tickets and answers the open visitor dialog. */
async function openVisitorDialog(page: Page, lang: Lang) {
  await open(page, `/service/2?lang=${lang}`);
  const dialog = bookingDialog(page, lang);
  await expect(dialog).toBeVisible();
  await chooseDate(dialog, lang, venueDay(5));
  await chooseSlot(dialog, lang, '10:00:00', '11:00:00');
  await continueButton(dialog, lang).click();
  const adult = productCard(dialog, lang === 'ar' ? 'بالغ' : 'Adult');
  await stepperMore(adult, lang, 'tickets.numberOfTickets').click();
  await stepperMore(adult, lang, 'tickets.numberOfTickets').click();
  await adult.getByRole('button', { name: copy(lang, 'facilityBooking:tickets.addToCart'), exact: true }).click();
  const visitors = page.getByRole('dialog', { name: vt(lang, 'title', { facility: lang === 'ar' ? 'الحديقة المائية' : 'Aqua Park' }), exact: true });
  await expect(visitors).toBeVisible();
  return visitors.getByRole('region', { name: vt(lang, 'section', { n: 2 }), exact: true });
}

for (const { layout, lang } of EMAIL_CHANGE) {
  test(`[S0-2.31] [S0-3.33] a family member is added, picked as a visitor, and removed; one with upcoming bookings says so first (${layout.name}, ${lang})`, async ({ page, request }) => {
    test.setTimeout(layout.kiosk ? 240_000 : 120_000);
    await signIn(page, request, 'customer');
    await openOn(page, layout, lang, `/profile/family?lang=${lang}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: p(lang, 'family.title') })).toBeVisible();
    const omar = main.getByRole('listitem').filter({ hasText: 'Omar Hassan' });
    await expect(omar).toContainText(p(lang, 'family.upcoming_one', { count: 1 }));
    await expectAccessible(page);
    await shoot(page, 'family', layout, lang);

    await main.getByRole('button', { name: p(lang, 'family.add'), exact: true }).click();
    const form = page.getByRole('dialog', { name: p(lang, 'family.addTitle') });
    await form.getByRole('button', { name: p(lang, 'family.save'), exact: true }).click();
    await expect(form.getByText(copy(lang, 'validation:required').replace('{{field}}', copy(lang, 'validation:fields.relation')))).toBeVisible();
    await typeInto(page, layout, lang, labelled(form, p(lang, 'form.firstName')), 'Zaid');
    await typeInto(page, layout, lang, labelled(form, p(lang, 'form.lastName')), 'Hassan');
    await labelled(form, p(lang, 'form.dob')).fill('2018-09-09');
    await form.getByRole('radio', { name: p(lang, 'form.genders.Male'), exact: true }).check();
    await labelled(form, p(lang, 'family.relation')).selectOption({ label: p(lang, 'family.relations.child') });
    await labelled(form, p(lang, 'form.idProofType')).selectOption({ label: p(lang, 'form.idProofTypes.33') });
    await typeInto(page, layout, lang, labelled(form, p(lang, 'form.passportNumber')), 'P9988776');
    await expectAccessible(page);
    await shoot(page, 'family-add', layout, lang);
    await form.getByRole('button', { name: p(lang, 'family.save'), exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(main.getByText(p(lang, 'serverMessages.memberAdded'), { exact: true })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: 'Zaid Hassan' })).toBeVisible();

    await test.step('the new member is offered in the booking visitor picker', async () => {
      const second = await openVisitorDialog(page, lang);
      await labelled(second, vt(lang, 'member.label')).selectOption({ label: 'Zaid Hassan' });
      await expect(labelled(second, vt(lang, 'fields.name'))).toHaveValue('Zaid Hassan');
    });

    await open(page, `/profile/family?lang=${lang}`);
    await main.getByRole('button', { name: p(lang, 'family.removeNamed', { name: 'Omar Hassan' }), exact: true }).click();
    const removal = page.getByRole('dialog', { name: p(lang, 'family.removeTitle', { name: 'Omar Hassan' }) });
    await removal.getByRole('button', { name: p(lang, 'family.remove'), exact: true }).click();
    const upcoming = page.getByRole('dialog', { name: p(lang, 'family.upcomingTitle', { name: 'Omar Hassan' }) });
    await expect(upcoming).toContainText(p(lang, 'serverMessages.memberHasBookings', { name: 'Omar Hassan', count: 1 }));
    await expectAccessible(page);
    await shoot(page, 'family-upcoming', layout, lang);
    await upcoming.getByRole('button', { name: p(lang, 'family.keep'), exact: true }).click();
    await expect(omar).toBeVisible();

    await main.getByRole('button', { name: p(lang, 'family.removeNamed', { name: 'Zaid Hassan' }), exact: true }).click();
    await page.getByRole('dialog', { name: p(lang, 'family.removeTitle', { name: 'Zaid Hassan' }) }).getByRole('button', { name: p(lang, 'family.remove'), exact: true }).click();
    await expect(main.getByText(p(lang, 'serverMessages.memberRemoved'), { exact: true })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: 'Zaid Hassan' })).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
  });
}

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-2.34] [S0-2.60] verify-customer sends a code to the customer's own address, records the verification and locks the known details (${layout.name}, ${lang})`, async ({ page, request }) => {
      test.setTimeout(layout.kiosk ? 240_000 : 90_000);
      await signIn(page, request, 'customer');
      await openOn(page, layout, lang, `/verify-customer?lang=${lang}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: p(lang, 'verify.title') })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, 'verify', layout, lang);
      await main.getByRole('radio', { name: p(lang, 'verify.channels.mobile', { address: '+971501234567' }) }).check();
      await main.getByRole('button', { name: p(lang, 'verify.send'), exact: true }).click();
      const code = await latestCode(request, '+971501234567');
      await typeInto(page, layout, lang, labelled(main, copy(lang, 'account:fields.code')), code);
      await main.getByRole('button', { name: p(lang, 'verify.confirm'), exact: true }).click();
      await expect(main.getByRole('heading', { name: p(lang, 'verify.doneTitle') })).toBeVisible();

      await main.getByRole('link', { name: p(lang, 'verify.toProfile') }).click();
      await expect(main.getByText(p(lang, 'verified'), { exact: true })).toBeVisible();
      await expect(labelled(main, p(lang, 'form.firstName'))).toHaveAttribute('readonly', '');
      await expect(labelled(main, p(lang, 'form.nationality'))).toBeDisabled();
      // Religion is not an identity fact: it stays open.
      await expect(labelled(main, p(lang, 'form.religion'))).toBeEnabled();
      await shoot(page, 'profile-verified', layout, lang);
    });
  }
}
