import { eventLineFixture, membershipLineFixture } from '../src/domain/cart/cartLineFixtures';
import { facilityLineFixture } from '../src/domain/cart/facilityLineFixture';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, LANGS, LAYOUTS, open, patchConfig, PHONE, resetServer, signIn } from './helpers';
import {
  button,
  DEMO,
  expectSignedIn,
  field,
  fillPasswordLogin,
  KIOSK_LAYOUT,
  latestCode,
  loginButton,
  openOn,
  solveCaptcha,
  text,
  toastWith,
  wrongCode,
  type Lang,
} from './support/accounts';
import { putCartLinesWhenReady } from './support/portal';
import { copy, readStoredSession } from './support/shell';

const INVALID_CREDENTIALS = 'Invalid mobile number or password';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

// ---------------------------------------------------------------------------------------------------------------
// Password login

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-2.32] [S0-2.102] [S0-4.20] [S0-7.16] [S0-7.32] password login says 'Login success' and goes to nextUrl (${layout.name}, ${lang})`, async ({ page }) => {
      const nextUrl = `/profile/user?lang=${lang}`;
      await openOn(page, layout, lang, `/login?lang=${lang}&nextUrl=${encodeURIComponent(nextUrl)}`);
      await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:account.login') })).toBeVisible();
      await expect(field(page.getByRole('main'), lang, 'fields.countryCode')).toHaveValue(DEMO.countryCode);
      await fillPasswordLogin(page, lang);
      await expectNoHorizontalOverflow(page);
      if (layout.kiosk) {
        const box = await loginButton(page, lang).boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(64);
      }
      await loginButton(page, lang).click();

      await expect(toastWith(page, text(lang, 'login.success'))).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/profile/user');
      await expectSignedIn(page, 'Layla Hassan');
    });
  }
}

test('[S0-4.20] [S0-8.6] a wrong password shows the server message and keeps what was typed', async ({ page }) => {
  await open(page, '/login');
  await fillPasswordLogin(page, 'en', 'Wrong@2025');
  await loginButton(page, 'en').click();

  await expect(page.getByRole('main').getByRole('alert')).toContainText(INVALID_CREDENTIALS);
  const main = page.getByRole('main');
  await expect(field(main, 'en', 'fields.mobile')).toHaveValue(DEMO.mobile);
  await expect(field(main, 'en', 'fields.countryCode')).toHaveValue(DEMO.countryCode);
  await expect(field(main, 'en', 'fields.password')).toHaveValue('Wrong@2025');
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  // Corrected, the same form signs in.
  await field(main, 'en', 'fields.password').fill(DEMO.password);
  await loginButton(page, 'en').click();
  await expect(toastWith(page, 'Login success')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('[S0-5.1] [S0-5.4] [S0-5.5] [S0-5.21] an empty login names each problem next to its field and focuses the first one', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/login');
  await loginButton(page, 'en').click();
  const main = page.getByRole('main');
  await expect(main.getByRole('alert')).toContainText('Please fix all errors');
  await expect(field(main, 'en', 'fields.mobile')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(main, 'en', 'fields.mobile')).toBeFocused();
  await expect(main.getByText('Please enter valid mobile number')).toBeVisible();
  await expect(main.getByText('Password is required')).toBeVisible();

  // Errors follow the typing once the form was submitted.
  await field(main, 'en', 'fields.mobile').fill('12');
  await expect(main.getByText('Mobile number is not valid')).toBeVisible();
  await field(main, 'en', 'fields.mobile').fill(DEMO.mobile);
  await expect(field(main, 'en', 'fields.mobile')).not.toHaveAttribute('aria-invalid', 'true');
});

test('[S0-2.102] the Login button is busy (aria-busy) while the server answers', async ({ page }) => {
  await open(page, '/login');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await fillPasswordLogin(page, 'en');
  await loginButton(page, 'en').click();
  await expect(loginButton(page, 'en')).toHaveAttribute('aria-busy', 'true');
  await expect(loginButton(page, 'en')).toBeDisabled();
  release();
  await expect(toastWith(page, 'Login success')).toBeVisible();
});

test('[S0-4.8] [S1-4.33] a logged-in customer who opens /login goes home', async ({ page, request }) => {
  await signIn(page, request, 'customer');
  await open(page, '/login');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('[S1-2.2] a nextUrl pointing off the site is ignored: the visitor goes home', async ({ page }) => {
  await open(page, `/login?nextUrl=${encodeURIComponent('//evil.example.com/x')}`);
  await fillPasswordLogin(page, 'en');
  await loginButton(page, 'en').click();
  await expect(toastWith(page, 'Login success')).toBeVisible();
  await expect(page).toHaveURL((url) => url.origin.startsWith('http://localhost') && url.pathname === '/');
});

test('[S1-2.5] the login page links to registration', async ({ page }) => {
  await open(page, '/login');
  await page.getByRole('main').getByRole('link', { name: 'Create an account', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
});

test('[S0-1.25] a kiosk visitor types the mobile number on the docked number pad', async ({ page }) => {
  await openOn(page, KIOSK_LAYOUT, 'en', '/login');
  const main = page.getByRole('main');
  await field(main, 'en', 'fields.mobile').click();
  const keyboard = page.getByRole('group', { name: copy('en', 'ui:keyboard.numeric') });
  await expect(keyboard).toBeVisible();
  for (const digit of DEMO.mobile) await keyboard.getByRole('button', { name: digit, exact: true }).click();
  await expect(field(main, 'en', 'fields.mobile')).toHaveValue(DEMO.mobile);
  const fieldBox = await field(main, 'en', 'fields.mobile').boundingBox();
  const keyboardBox = await keyboard.boundingBox();
  expect(fieldBox!.y + fieldBox!.height).toBeLessThanOrEqual(keyboardBox!.y);
});

// ---------------------------------------------------------------------------------------------------------------
// Email code login

for (const lang of LANGS) {
  test(`[S0-2.103] [S0-4.21] [S0-7.17] [S0-7.18] [S0-7.31] [S1-5.35] email code login: captcha, wrong code, then the right one (${lang})`, async ({ page, request }) => {
    await patchConfig(request, { qube_otp_login: 1 });
    await page.setViewportSize(PHONE);
    await open(page, `/login?lang=${lang}`);
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: text(lang, 'login.methodEmailCode') }).check();

    // Without an answer to the captcha no code is asked for.
    await field(main, lang, 'fields.email').fill(DEMO.email);
    await button(main, text(lang, 'login.sendCode')).click();
    await expect(main.getByText(copy(lang, 'validation:captcha.validateRecaptcha'))).toBeVisible();

    await solveCaptcha(main, lang);
    await button(main, text(lang, 'login.sendCode')).click();
    await expect(main.getByRole('status').filter({ hasText: text(lang, 'serverNotices.codeSentEmail') })).toBeVisible();
    await expect(main.locator('.account-sent-to')).toContainText(DEMO.email);
    const code = await latestCode(request, DEMO.email);

    // A wrong code: the server's message, the typed code kept, and a fresh captcha to answer.
    await field(main, lang, 'fields.code').fill(wrongCode(code));
    await solveCaptcha(main, lang);
    await loginButton(page, lang).click();
    await expect(main.getByRole('alert')).toContainText(text(lang, 'serverErrors.code_invalid'));
    await expect(field(main, lang, 'fields.code')).toHaveValue(wrongCode(code));
    await expect(field(main, lang, 'captcha.answer')).toHaveValue('');

    await field(main, lang, 'fields.code').fill(code);
    await solveCaptcha(main, lang);
    await loginButton(page, lang).click();
    await expect(toastWith(page, text(lang, 'login.success'))).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expectSignedIn(page, 'Layla Hassan');
  });
}

test('[S0-2.103] without qube_otp_login there is no email code choice', async ({ page }) => {
  await open(page, '/login');
  await expect(page.getByRole('main').getByRole('radio')).toHaveCount(0);
  await expect(field(page.getByRole('main'), 'en', 'fields.password')).toBeVisible();
});

test('[S0-7.31] the code step can ask for a new code with a fresh captcha', async ({ page, request }) => {
  await patchConfig(request, { qube_otp_login: 1 });
  await open(page, '/login');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Email code' }).check();
  await field(main, 'en', 'fields.email').fill(DEMO.email);
  await solveCaptcha(main, 'en');
  await button(main, 'Send code').click();
  const first = await latestCode(request, DEMO.email);

  await button(main, 'Resend code').click();
  await expect(main.getByText('Please validate recaptcha')).toBeVisible();
  await solveCaptcha(main, 'en');
  await button(main, 'Resend code').click();
  await expect.poll(() => latestCode(request, DEMO.email)).not.toBe(first);
  const second = await latestCode(request, DEMO.email);

  await field(main, 'en', 'fields.code').fill(second);
  await solveCaptcha(main, 'en');
  await loginButton(page, 'en').click();
  await expect(toastWith(page, 'Login success')).toBeVisible();
});

// ---------------------------------------------------------------------------------------------------------------
// UAE PASS

test('[S0-1.27] [S0-4.22] [S0-7.19] [S0-7.20] [S1-6.7] UAE PASS: the button leaves for the identity service, the returned token signs in and nextUrl is kept', async ({ page, request }) => {
  await open(page, '/login');
  await expect(button(page.getByRole('main'), 'Sign in with UAE PASS')).toHaveCount(0);

  await patchConfig(request, { enable_uae_pass: 1 });
  await open(page, `/login?nextUrl=${encodeURIComponent('/profile/user?lang=en')}`);
  await button(page.getByRole('main'), 'Sign in with UAE PASS').click();
  await expect(page).toHaveURL((url) => url.pathname === '/dev-idp/authorize');
  await page.getByRole('button', { name: /Layla Hassan/ }).click();

  await expect(toastWith(page, 'Login success')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/profile/user');
  await expectSignedIn(page, 'Layla Hassan');
});

test('[S0-4.22] a used or unknown UAE PASS token shows the server message on the login page', async ({ page, request }) => {
  await patchConfig(request, { enable_uae_pass: 1 });
  await open(page, '/login?token=not-a-real-token');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('UAE PASS sign-in failed or expired');
  // The token leaves the address, so a reload cannot replay it.
  await expect(page).toHaveURL((url) => url.pathname === '/login' && !url.searchParams.has('token'));
  await expect(field(page.getByRole('main'), 'en', 'fields.mobile')).toBeVisible();
});

// ---------------------------------------------------------------------------------------------------------------
// Forgot password

for (const lang of LANGS) {
  test(`[S0-2.105] [S0-2.106] [S0-4.24] [S0-7.21] [S0-7.22] [S0-7.23] [S0-7.33] [S1-5.38] forgot password: details and captcha, the code, a new password (${lang})`, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await open(page, `/login?lang=${lang}`);
    await button(page.getByRole('main'), text(lang, 'login.forgotPassword')).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'forgot.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: text(lang, 'steps.label') }).locator('[aria-current="step"]')).toContainText(
      text(lang, 'forgot.steps.request'),
    );

    // Step 1: mobile, email, captcha.
    await button(dialog, text(lang, 'forgot.submit.request')).click();
    await expect(dialog.getByText(copy(lang, 'validation:captcha.verifyHuman'))).toBeVisible();
    await field(dialog, lang, 'fields.mobile').fill(DEMO.mobile);
    await field(dialog, lang, 'fields.email').fill(DEMO.email);
    await solveCaptcha(dialog, lang);
    await button(dialog, text(lang, 'forgot.submit.request')).click();

    // Step 2: the 6-digit code; a wrong one first.
    await expect(field(dialog, lang, 'fields.code')).toBeVisible();
    const code = await latestCode(request, DEMO.email);
    await field(dialog, lang, 'fields.code').fill(wrongCode(code));
    await button(dialog, text(lang, 'forgot.submit.verify')).click();
    await expect(dialog.getByRole('alert').filter({ hasText: text(lang, 'serverErrors.code_invalid') })).toBeVisible();
    await field(dialog, lang, 'fields.code').fill(code);
    await button(dialog, text(lang, 'forgot.submit.verify')).click();

    // Step 3: the new password, which must match its confirmation.
    await expect(field(dialog, lang, 'fields.newPassword')).toBeVisible();
    await field(dialog, lang, 'fields.newPassword').fill('Harbour#2026');
    await field(dialog, lang, 'fields.confirmPassword').fill('Harbour#2027');
    await button(dialog, text(lang, 'forgot.submit.reset')).click();
    await expect(dialog.getByText(copy(lang, 'validation:password.mismatchReset'))).toBeVisible();
    await expect(field(dialog, lang, 'fields.confirmPassword')).toBeFocused();
    await field(dialog, lang, 'fields.confirmPassword').fill('Harbour#2026');
    await button(dialog, text(lang, 'forgot.submit.reset')).click();

    await expect(toastWith(page, text(lang, 'forgot.success'))).toBeVisible();
    await expect(dialog).toBeHidden();

    // The new password works.
    await fillPasswordLogin(page, lang, 'Harbour#2026');
    await loginButton(page, lang).click();
    await expect(toastWith(page, text(lang, 'login.success'))).toBeVisible();
  });
}

test('[S0-2.105] [S1-4.34] forgot password in kiosk mode: a step indicator and large targets', async ({ page }) => {
  await openOn(page, KIOSK_LAYOUT, 'en', '/login');
  await button(page.getByRole('main'), 'Forgot password?').click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await expect(dialog.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveCount(3);
  const send = await button(dialog, 'Send code').boundingBox();
  expect(send!.height).toBeGreaterThanOrEqual(64);
  await expectNoHorizontalOverflow(page);
});

// ---------------------------------------------------------------------------------------------------------------
// Registration

const NEW_CUSTOMER = { first: 'Omar', last: 'Saeed', email: 'omar.saeed@example.com', mobile: '509876543', password: 'Dunes@2026' } as const;

async function fillRegistration(page: Page, lang: Lang) {
  const main = page.getByRole('main');
  await field(main, lang, 'fields.firstName').fill(NEW_CUSTOMER.first);
  await field(main, lang, 'fields.lastName').fill(NEW_CUSTOMER.last);
  await field(main, lang, 'fields.email').fill(NEW_CUSTOMER.email);
  await field(main, lang, 'fields.mobile').fill(NEW_CUSTOMER.mobile);
  await field(main, lang, 'fields.password').fill(NEW_CUSTOMER.password);
  await field(main, lang, 'fields.confirmPassword').fill(NEW_CUSTOMER.password);
  await field(main, lang, 'fields.dob').fill('1992-03-14');
  await main.getByRole('radio', { name: text(lang, 'gender.Male'), exact: true }).check();
  await main.getByRole('checkbox').check();
  await solveCaptcha(main, lang);
}

for (const lang of LANGS) {
  test(`[S0-2.33] [S0-2.104] [S0-5.18] [S0-5.19] [S0-7.13] [S0-7.14] [S0-4.6] registration: a wrong code shows on the code field, the right one registers and logs in (${lang})`, async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    await open(page, `/register?lang=${lang}`);
    await fillRegistration(page, lang);
    const main = page.getByRole('main');
    await button(main, text(lang, 'register.sendCode')).click();

    await expect(field(main, lang, 'fields.code')).toBeVisible();
    const code = await latestCode(request, NEW_CUSTOMER.email);

    const registrations: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/v1/auth/')) registrations.push(new URL(sent.url()).pathname);
    });
    await field(main, lang, 'fields.code').fill(wrongCode(code));
    await button(main, text(lang, 'register.submit')).click();
    await expect(field(main, lang, 'fields.code')).toHaveAttribute('aria-invalid', 'true');
    await expect(main.locator('.account-code .field-error')).toContainText(text(lang, 'serverErrors.code_invalid'));
    // The code is checked first; a refused code never sends the registration.
    expect(registrations).toEqual(['/api/v1/auth/otp/validate-otp']);

    await field(main, lang, 'fields.code').fill(code);
    await button(main, text(lang, 'register.submit')).click();
    await expect(toastWith(page, text(lang, 'register.success'))).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(registrations).toEqual(['/api/v1/auth/otp/validate-otp', '/api/v1/auth/otp/validate-otp', '/api/v1/auth/register']);
    await expectSignedIn(page, `${NEW_CUSTOMER.first} ${NEW_CUSTOMER.last}`);
  });
}

test('[S0-5.7] [S0-5.8] [S0-5.9] registration: live password hints, mismatch and terms are named next to their fields', async ({ page }) => {
  await open(page, '/register');
  const main = page.getByRole('main');
  const rules = main.getByRole('list', { name: 'Password requirements' });
  await expect(rules.locator('.password-rule.met')).toHaveCount(0);
  await field(main, 'en', 'fields.password').fill('abc');
  await expect(rules.locator('.password-rule.met')).toHaveCount(1);
  await field(main, 'en', 'fields.password').fill(NEW_CUSTOMER.password);
  await expect(rules.locator('.password-rule.met')).toHaveCount(5);

  await field(main, 'en', 'fields.confirmPassword').fill('Dunes@2027');
  await button(main, 'Send verification code').click();
  await expect(field(main, 'en', 'fields.firstName')).toBeFocused();
  await expect(main.getByText('First name is required')).toBeVisible();
  await expect(main.getByText('Passwords must match')).toBeVisible();
  await expect(main.getByText('Please fill all the required fields')).toBeVisible();
  await expect(main.getByText('Please verify you are human')).toBeVisible();

  // The terms link opens in a new tab, so nothing typed is lost.
  const terms = main.getByRole('link', { name: 'terms and conditions' });
  await expect(terms).toHaveAttribute('href', '/terms-and-conditions');
  await expect(terms).toHaveAttribute('target', '_blank');
});

test('[S0-8.6] [S0-8.22] registration with a mobile already registered shows the server message on the mobile field', async ({ page }) => {
  await open(page, '/register');
  await fillRegistration(page, 'en');
  const main = page.getByRole('main');
  await field(main, 'en', 'fields.mobile').fill(DEMO.mobile);
  await button(main, 'Send verification code').click();
  await expect(main.getByRole('alert')).toContainText('This mobile number is already registered');
  await expect(field(main, 'en', 'fields.mobile')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(main, 'en', 'fields.firstName')).toHaveValue(NEW_CUSTOMER.first);
});

test('[S0-2.55] [S0-2.52] [S0-4.36] partner sign-up: the account waits for approval and does not log in', async ({ page, request }) => {
  await open(page, '/register');
  const main = page.getByRole('main');
  await field(main, 'en', 'fields.firstName').fill('Hind');
  await main.getByRole('radio', { name: 'Partner (business)' }).check();
  // Switching the account type keeps what was typed.
  await expect(field(main, 'en', 'fields.firstName')).toHaveValue('Hind');
  await fillRegistration(page, 'en');
  await field(main, 'en', 'fields.entityName').fill('Gulf Events LLC');
  await field(main, 'en', 'fields.entityType').fill('Company');
  await field(main, 'en', 'fields.contactPerson').fill('Hind Saeed');
  await button(main, 'Send verification code').click();
  await field(main, 'en', 'fields.code').fill(await latestCode(request, NEW_CUSTOMER.email));
  await button(main, 'Create account').click();

  await expect(main.getByRole('heading', { name: 'Your partner account is awaiting approval' })).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  expect((await readStoredSession(page))?.user ?? null).toBeNull();
});

test('[S0-2.104] registration on a kiosk in Arabic fits the screen', async ({ page }) => {
  await openOn(page, KIOSK_LAYOUT, 'ar', '/register?lang=ar');
  await expect(page.getByRole('heading', { level: 1, name: copy('ar', 'pages:account.register') })).toBeVisible();
  await expect(page.getByRole('main').getByRole('group', { name: text('ar', 'captcha.legend') }).locator('.captcha-sum')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

// ---------------------------------------------------------------------------------------------------------------
// Guest login

test('[S0-2.107] [S1-5.39] [S1-5.42] the guest entry shows only when guest checkout is on and not in is_baps mode', async ({ page, request }) => {
  await open(page, '/login');
  await expect(button(page.getByRole('main'), 'Continue as guest')).toHaveCount(0);

  await patchConfig(request, { is_guest_checkout: 1, is_baps: 1 });
  await open(page, '/login');
  await expect(button(page.getByRole('main'), 'Continue as guest')).toHaveCount(0);

  await patchConfig(request, { is_baps: 0 });
  await open(page, '/login');
  await expect(button(page.getByRole('main'), 'Continue as guest')).toBeVisible();
});

test('[S1-5.41] guest login is offered only while the cart holds nothing but facility or event lines', async ({ page, request }) => {
  await patchConfig(request, { is_guest_checkout: 1 });
  await open(page, '/login');
  await putCartLinesWhenReady(page, [
    facilityLineFixture(),
    eventLineFixture({ group: 'event-line' }),
  ]);
  await page.reload();
  await expect(button(page.getByRole('main'), 'Continue as guest')).toBeVisible();

  await putCartLinesWhenReady(page, [
    facilityLineFixture(),
    membershipLineFixture({ group: 'membership-line' }),
  ]);
  // Written behind Dexie's back, so the page reads them afresh.
  await page.reload();
  await expect(button(page.getByRole('main'), 'Continue as guest')).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`[S0-2.107] [S0-4.23] [S0-7.15] [S1-5.40] guest login: name, mobile, email and the terms start a guest session (${lang})`, async ({ page, request }) => {
    await patchConfig(request, { is_guest_checkout: 1 });
    await page.setViewportSize(PHONE);
    await open(page, `/login?lang=${lang}&nextUrl=${encodeURIComponent(`/cart?lang=${lang}`)}`);
    await button(page.getByRole('main'), text(lang, 'login.guest')).click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'guest.title') });
    await field(dialog, lang, 'fields.name').fill('Sara Ali');
    await field(dialog, lang, 'fields.mobile').fill('0551234567');
    await field(dialog, lang, 'fields.email').fill('sara.ali@example.com');

    // The terms must be accepted.
    await button(dialog, text(lang, 'guest.submit')).click();
    await expect(dialog.getByRole('checkbox')).toBeFocused();
    await expect(dialog.getByText(copy(lang, 'validation:form.fillRequired'))).toBeVisible();
    await dialog.getByRole('checkbox').check();
    await button(dialog, text(lang, 'guest.submit')).click();

    await expect(toastWith(page, text(lang, 'login.success'))).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/cart');
    await expect.poll(async () => (await readStoredSession(page))?.user?.is_anonymous).toBe(true);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Captcha widget

test('[S0-9.31] [S1-4.35] the built-in captcha offers a new question and follows the language', async ({ page, request }) => {
  await patchConfig(request, { qube_otp_login: 1 });
  await open(page, '/login?lang=ar');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: text('ar', 'login.methodEmailCode') }).check();
  const captcha = main.getByRole('group', { name: text('ar', 'captcha.legend') });
  await expect(captcha.locator('.captcha-sum')).toContainText('كم يساوي');
  const challenges = page.waitForResponse((response) => response.url().endsWith('/api/v1/captcha/challenge'));
  await button(captcha, text('ar', 'captcha.newQuestion')).click();
  expect((await challenges).ok()).toBeTruthy();
  await expect(captcha.locator('.captcha-sum')).toBeVisible();
});

test.describe('reCAPTCHA', () => {
  // Google's script is played by a stand-in (no internet here); the CSP allows it only once the server lists Google.
  test.use({ bypassCSP: true });

  test('[S0-9.31] [S1-4.35] with a reCAPTCHA site key the v2 widget is shown with its states: init, verified, expired, error', async ({ page, request }) => {
    await patchConfig(request, { qube_otp_login: 1, recaptcha_site_key: 'test-site-key' });
    await page.route('https://www.google.com/recaptcha/api.js*', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.grecaptcha = { render(host, options) {
          const tick = document.createElement('button'); tick.type = 'button'; tick.textContent = 'I am not a robot';
          tick.onclick = () => options.callback('token-1');
          const expire = document.createElement('button'); expire.type = 'button'; expire.textContent = 'Expire';
          expire.onclick = () => options['expired-callback']();
          const fail = document.createElement('button'); fail.type = 'button'; fail.textContent = 'Fail';
          fail.onclick = () => options['error-callback']();
          host.append(tick, expire, fail); return 1; } };
          const url = new URL(document.currentScript.src); window[url.searchParams.get('onload')]();`,
      }),
    );
    let builtInAsked = false;
    page.on('request', (sent) => {
      if (sent.url().includes('/captcha/challenge')) builtInAsked = true;
    });
    await open(page, '/login');
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Email code' }).check();
    const widget = main.locator('.captcha-recaptcha');
    await expect(widget).toHaveAttribute('data-state', 'init');
    await widget.getByRole('button', { name: 'I am not a robot' }).click();
    await expect(widget).toHaveAttribute('data-state', 'verified');
    await expect(widget.getByRole('status')).toHaveText('Verified');
    await widget.getByRole('button', { name: 'Expire' }).click();
    await expect(widget).toHaveAttribute('data-state', 'expired');
    await button(main, 'Send code').click();
    await expect(main.getByText('Please validate recaptcha')).toBeVisible();
    await widget.getByRole('button', { name: 'Fail' }).click();
    await expect(widget).toHaveAttribute('data-state', 'error');
    await expect(widget.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(builtInAsked).toBe(false);
  });
});
