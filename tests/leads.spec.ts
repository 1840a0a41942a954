import { type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { checkScreen, KIOSK, open, PHONE, resetServer } from './helpers';
import { field as accountField, solveCaptcha, toastWith } from './support/accounts';
import {
  answerOf,
  expectFilled,
  fillChoices,
  fillLead,
  fillTexts,
  LEAD_FORM,
  LEAD_SETTLING_TIMEOUT_MS,
  leadSectionSettled,
  leadButton,
  leadDialog,
  leadField,
  lt,
  sendButton,
  skipLeadForm,
  storedLeads,
  vm,
  type Lang,
} from './support/leads';
import { copy, DedicatedServer, waitForServiceWorkerControl, workerPort } from './support/shell';
import { provisionedTerminal } from './support/staff';
import { PAGE_SETTLED_MS } from '../src/app/whenIdle';

/** The lead section on the home page has read the form (its button is ready). */
async function formRead(page: Page) {
  await expect(page.locator('.home-leads')).toHaveAttribute('data-state', 'ready');
}

/** The form opens by itself once the page has settled (PAGE_SETTLED_MS after it showed, then the idle time). */
async function opensByItself(dialog: Locator) {
  await expect(dialog).toBeVisible({ timeout: LEAD_SETTLING_TIMEOUT_MS });
}

const captchaGroup = (dialog: Locator, lang: Lang) => dialog.getByRole('group', { name: copy(lang, 'account:captcha.legend') });

/** A wrong answer to the built-in sum on screen. */
async function answerCaptchaWrongly(dialog: Locator, lang: Lang) {
  const captcha = captchaGroup(dialog, lang);
  const question = captcha.locator('.captcha-sum');
  await expect(question).toBeVisible();
  const western = (await question.innerText()).replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  const [a, b] = (western.match(/\d+/g) ?? []).map(Number);
  await accountField(captcha, lang, 'captcha.answer').fill(String(a! + b! + 1));
}

const closeButton = (dialog: Locator, lang: Lang) => dialog.getByRole('button', { name: copy(lang, 'ui:close'), exact: true });

// This suite is about the form that opens by itself; every other suite starts with it dismissed (tests/fixtures.ts).
test.use({ leadFormDismissed: false });

test.describe('lead form on the shared server', () => {
  test.beforeEach(async ({ request }) => {
    await resetServer(request);
  });

  test('[S1-2.45] [S1-3.37] [S1-3.38] [S1-4.36] [S1-4.37] [S1-4.38] the form opens by itself with a field of every type; dismissed, it stays closed for the session; the button reopens it', async ({
    page,
    context,
  }) => {
    await open(page, '/?lang=en');
    const dialog = leadDialog(page, 'en');
    const f = LEAD_FORM.en;
    await test.step('shown automatically, with the form name, description and every field type', async () => {
      await opensByItself(dialog);
      await expect(dialog.getByText('Tell us what you enjoy', { exact: false })).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: f.name })).toBeVisible();
      await expect(leadField(dialog, f.email)).toHaveAttribute('type', 'email');
      await expect(leadField(dialog, f.mobile)).toHaveAttribute('type', 'tel');
      await expect(dialog.getByRole('group', { name: f.interests, exact: true }).getByRole('checkbox')).toHaveCount(4);
      await expect(dialog.getByRole('group', { name: f.time, exact: true }).getByRole('radio')).toHaveCount(3);
      await expect(dialog.getByRole('combobox', { name: f.heard })).toBeVisible();
      await expect(leadField(dialog, f.message)).toHaveJSProperty('tagName', 'TEXTAREA');
      await expect(captchaGroup(dialog, 'en')).toBeVisible();
    });

    await test.step('dismissed: the flag is kept in sessionStorage and a reload does not show it again', async () => {
      await closeButton(dialog, 'en').click();
      await expect(dialog).toBeHidden();
      expect(await page.evaluate(() => sessionStorage.getItem('portal.leadForm.dismissed'))).toBe('1');
      await page.reload();
      await page.waitForSelector('html[data-ready="true"]');
      await formRead(page);
      await leadSectionSettled(page);
      await expect(dialog).toBeHidden();
    });

    await test.step('the lead button reopens it', async () => {
      await leadButton(page, 'en').click();
      await expect(dialog).toBeVisible();
      await expect(leadField(dialog, f.name)).toBeVisible();
    });

    await test.step('a new browser session shows it by itself again', async () => {
      const other = await context.newPage();
      await open(other, '/?lang=en');
      await opensByItself(leadDialog(other, 'en'));
      await other.close();
    });
  });

  test('[S1-4.36] the form opens by itself only once the page has settled, not while it loads; its captcha comes with it', async ({ page }) => {
    // When the section showed, when it counted the page settled and when the dialog opened, on the page's own clock.
    await page.addInitScript(() => {
      const times: Record<string, number> = {};
      Object.assign(window, { leadTimes: times });
      new MutationObserver(() => {
        const section = document.querySelector('.home-leads');
        times.section ??= section ? performance.now() : undefined!;
        if (section?.getAttribute('data-settled') === 'true') times.settled ??= performance.now();
        if (document.querySelector('dialog[open]')) times.dialog ??= performance.now();
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await open(page, '/?lang=en');
    const dialog = leadDialog(page, 'en');
    await opensByItself(dialog);
    await expect(captchaGroup(dialog, 'en').locator('.captcha-sum')).toBeVisible();
    const { times, challengeAt } = await page.evaluate(() => ({
      times: (window as unknown as { leadTimes: Record<'section' | 'settled' | 'dialog', number> }).leadTimes,
      challengeAt: performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/v1/captcha/challenge'))?.startTime ?? -1,
    }));
    expect(times.dialog - times.section).toBeGreaterThanOrEqual(PAGE_SETTLED_MS);
    expect(times.dialog).toBeGreaterThanOrEqual(times.settled);
    // Nothing of the captcha while the page loaded: its question is asked for as the dialog opens.
    expect(challengeAt).toBeGreaterThanOrEqual(times.settled);
  });

  test('[S1-4.36] the form does not open over a booking under way: it opens once that dialog is closed', async ({ page }) => {
    await open(page, '/?lang=en');
    await page.getByRole('main').getByRole('button', { name: 'Book a Facility', exact: true }).click();
    const booking = page.getByRole('dialog', { name: 'Book a Facility', exact: true });
    await expect(booking).toBeVisible();
    await leadSectionSettled(page);
    await expect(leadDialog(page, 'en')).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(booking).toBeHidden();
    await expect(leadDialog(page, 'en')).toBeVisible();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`[S1-5.61] [S1-5.62] [S1-5.63] [S1-5.64] [S1-5.65] [S1-5.66] every validation message, nothing sent (${lang}, phone)`, async ({ page, request }) => {
      await page.setViewportSize(PHONE);
      await open(page, `/?lang=${lang}`);
      const dialog = leadDialog(page, lang);
      const f = LEAD_FORM[lang];
      await opensByItself(dialog);
      await checkScreen(page, 'dialog[open]', `/work/shots/leads/dialog-${lang}-phone.png`);
      await sendButton(dialog, lang).click();
      await expect(dialog.getByRole('alert').filter({ hasText: vm(lang, 'form.fillRequired') })).toBeVisible();
      await expect(dialog.getByText(vm(lang, 'required', { field: f.name }), { exact: true })).toBeVisible();
      await expect(dialog.getByText(vm(lang, 'required', { field: f.email }), { exact: true })).toBeVisible();
      await expect(dialog.getByText(vm(lang, 'required', { field: f.interests }), { exact: true })).toBeVisible();
      await expect(dialog.getByText(vm(lang, 'mobile.empty'), { exact: true })).toBeVisible();
      await expect(dialog.getByText(vm(lang, 'captcha.notRobot'), { exact: true })).toBeVisible();
      await expect(leadField(dialog, f.name)).toBeFocused();

      await leadField(dialog, f.email).fill('sam@example');
      await expect(dialog.getByText(vm(lang, 'email.lead'), { exact: true })).toBeVisible();
      await leadField(dialog, f.mobile).fill('12345');
      await expect(dialog.getByText(vm(lang, 'mobile.invalid'), { exact: true })).toBeVisible();
      await leadField(dialog, f.name).fill('Sam');
      await expect(dialog.getByText(vm(lang, 'required', { field: f.name }), { exact: true })).toHaveCount(0);
      await sendButton(dialog, lang).click();
      await expect(dialog.getByText(vm(lang, 'email.lead'), { exact: true })).toBeVisible();
      expect(await storedLeads(request)).toEqual([]);
    });

    test(`[S1-7.28] [S1-8.21] [S1-4.39] a complete form is sent: the server message shows and the form closes (${lang})`, async ({ page, request }) => {
      await open(page, `/?lang=${lang}`);
      const dialog = leadDialog(page, lang);
      await opensByItself(dialog);
      if (lang === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await fillLead(dialog, lang);
      await solveCaptcha(dialog, lang);
      await sendButton(dialog, lang).click();
      await expect(toastWith(page, lt(lang, 'serverMessages.thanks'))).toBeVisible();
      await expect(dialog).toBeHidden();

      const leads = await storedLeads(request);
      expect(leads).toHaveLength(1);
      expect(leads[0]?.lead_action_list_id).toBe(41);
      expect(answerOf(leads[0], 'Full name')).toBe('Sam Visitor');
      expect(answerOf(leads[0], 'Mobile number')).toBe('+971501234567');
      expect(answerOf(leads[0], 'Interests')).toEqual(['Tennis', 'Bowling']);
      expect(answerOf(leads[0], 'Best time to call')).toBe('Evening');
      expect(answerOf(leads[0], 'How did you hear about us?')).toBe('A friend');
      expect(leads[0]?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

      // Sent: the form does not come back by itself, and opening it again starts afresh.
      await page.reload();
      await page.waitForSelector('html[data-ready="true"]');
      await formRead(page);
      await leadSectionSettled(page);
      await expect(dialog).toBeHidden();
      await leadButton(page, lang).click();
      await expect(leadField(dialog, LEAD_FORM[lang].name)).toHaveValue('');
    });
  }

  test('[S1-8.11] [S1-8.12] a refused submit (wrong captcha) shows the server message, clears the captcha and keeps every answer', async ({ page, request }) => {
    await open(page, '/?lang=en');
    const dialog = leadDialog(page, 'en');
    await opensByItself(dialog);
    await fillLead(dialog, 'en');
    await answerCaptchaWrongly(dialog, 'en');
    await sendButton(dialog, 'en').click();
    await expect(dialog.getByRole('alert').filter({ hasText: copy('en', 'account:serverErrors.captcha_failed') })).toBeVisible();
    await expect(accountField(captchaGroup(dialog, 'en'), 'en', 'captcha.answer')).toHaveValue('');
    await expectFilled(dialog, 'en');
    expect(await storedLeads(request)).toEqual([]);
    // A new question replaces the used one; answering it sends the kept answers.
    await solveCaptcha(dialog, 'en');
    await sendButton(dialog, 'en').click();
    await expect(toastWith(page, lt('en', 'serverMessages.thanks'))).toBeVisible();
    expect(await storedLeads(request)).toHaveLength(1);
  });

  test('[S1-8.11] in Arabic the refusal reads in Arabic', async ({ page }) => {
    await open(page, '/?lang=ar');
    const dialog = leadDialog(page, 'ar');
    await opensByItself(dialog);
    await fillLead(dialog, 'ar');
    await answerCaptchaWrongly(dialog, 'ar');
    await sendButton(dialog, 'ar').click();
    await expect(dialog.getByRole('alert').filter({ hasText: copy('ar', 'account:serverErrors.captcha_failed') })).toBeVisible();
    await expectFilled(dialog, 'ar');
  });

  test('[S1-8.13] a failed read of the form leaves it empty: it does not open by itself, and the button offers another try', async ({ page }) => {
    await page.route('**/api/v1/leads', (route) => route.fulfill({ status: 500, json: { status: false, message: 'Something went wrong, please try again' } }));
    await open(page, '/?lang=en');
    await expect(page.locator('.home-leads')).toHaveAttribute('data-state', 'failed');
    const dialog = page.getByRole('dialog', { name: lt('en', 'section.fallbackTitle'), exact: true });
    await leadSectionSettled(page);
    await expect(dialog).toBeHidden();
    await leadButton(page, 'en').click();
    await expect(dialog.getByRole('alert').filter({ hasText: lt('en', 'dialog.loadFailed') })).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    await page.unroute('**/api/v1/leads');
    await dialog.getByRole('button', { name: lt('en', 'dialog.retry'), exact: true }).click();
    await expect(leadField(dialog, LEAD_FORM.en.name)).toBeVisible();
  });

  test('a lost answer: the lead waits in the outbox and is resent under the same key, stored exactly once', async ({ page, request }) => {
    const keys: (string | null)[] = [];
    let answered = 0;
    await page.route('**/api/v1/leads', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(await route.request().headerValue('idempotency-key'));
      if (answered++ === 0) {
        // The server gets the lead and stores it, but its answer never reaches the device.
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    await open(page, '/?lang=en');
    const dialog = leadDialog(page, 'en');
    await opensByItself(dialog);
    await fillLead(dialog, 'en');
    await solveCaptcha(dialog, 'en');
    await sendButton(dialog, 'en').click();
    await expect(dialog.getByRole('status').filter({ hasText: lt('en', 'dialog.queued') })).toBeVisible();
    // The outbox resends at once (the device is online); the server recognises the key.
    await expect.poll(() => keys.length).toBe(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await dialog.getByRole('button', { name: lt('en', 'dialog.done'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator('.lead-outbox')).toHaveCount(0);
    const leads = await storedLeads(request);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.idempotency_key).toBe(keys[0]);
  });

  test('[S1-2.45] kiosk 1080x1920: the form opens by itself, the on-screen keyboard types into it, targets are large, and it sends', async ({ page, request }) => {
    await page.setViewportSize(KIOSK);
    await open(page, '/?mode=kiosk&lang=en');
    await expect(page.locator('html')).toHaveAttribute('data-mode', 'kiosk');
    const dialog = leadDialog(page, 'en');
    await opensByItself(dialog);
    await checkScreen(page, 'dialog[open]', '/work/shots/leads/dialog-en-kiosk.png');
    const name = leadField(dialog, LEAD_FORM.en.name);
    await name.click();
    const keyboard = page.getByRole('group', { name: copy('en', 'ui:keyboard.label') });
    await expect(keyboard).toBeVisible();
    for (const key of ['s', 'a', 'm']) await keyboard.getByRole('button', { name: key, exact: true }).click();
    await expect(name).toHaveValue('sam');
    await keyboard.getByRole('button', { name: copy('en', 'ui:keyboard.done'), exact: true }).click();
    await expect(keyboard).toBeHidden();

    await fillChoices(dialog, 'en');
    await fillTexts(dialog, 'en');
    await solveCaptcha(dialog, 'en');
    // The captcha's answer is typed on the number pad; Done puts it away before Send.
    const numberPad = page.getByRole('group', { name: copy('en', 'ui:keyboard.numeric') });
    await expect(numberPad).toBeVisible();
    await numberPad.getByRole('button', { name: copy('en', 'ui:keyboard.done'), exact: true }).click();
    await expect(numberPad).toBeHidden();
    const send = sendButton(dialog, 'en');
    const box = await send.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(64);
    await send.click();
    await expect(toastWith(page, lt('en', 'serverMessages.thanks'))).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await storedLeads(request)).toHaveLength(1);
  });
});

/**
 * Offline for real: the server is killed and the network cut, then both come back. The server keeps its data
 * across the restart (as a venue's would), so the queued lead still finds its captcha question there.
 */
test.describe('lead form offline', () => {
  const server = new DedicatedServer(workerPort(1000), { keepData: true });
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await server.start();
  });
  test.afterAll(async () => {
    await server.dispose();
  });

  async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 1280, height: 900 } });
    return { context, page: await context.newPage() };
  }

  test('[S1-7.28] offline, a lead is kept in the outbox (also across an app restart) and delivered exactly once when the server and the network return', async ({ browser }) => {
    await server.start();
    const { context, page } = await newVisitor(browser);
    const dialog = leadDialog(page, 'en');
    try {
      await test.step('online: the app is installed, the form opens by itself and is filled in', async () => {
        const reset = await context.request.post('/api/v1/dev/reset');
        expect(reset.ok()).toBeTruthy();
        await page.goto('/?lang=en');
        await page.waitForSelector('html[data-ready="true"]');
        await waitForServiceWorkerControl(page);
        await opensByItself(dialog);
        await fillLead(dialog, 'en');
        await solveCaptcha(dialog, 'en');
      });

      await test.step('the server is killed and the network cut', async () => {
        await server.stop();
        await context.setOffline(true);
      });

      await test.step('offline: the dialog says so; Send keeps the lead on the device and says it will be sent later', async () => {
        await expect(dialog.getByText(lt('en', 'dialog.offlineHint'))).toBeVisible();
        await sendButton(dialog, 'en').click();
        await expect(dialog.getByRole('status').filter({ hasText: lt('en', 'dialog.queued') })).toBeVisible();
        await dialog.getByRole('button', { name: lt('en', 'dialog.done'), exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(page.locator('.lead-outbox')).toContainText(lt('en', 'section.waiting', { count: 1 }));
      });

      await test.step('the app restarts while still offline: the lead is still waiting', async () => {
        await page.reload();
        await page.waitForSelector('html[data-ready="true"]');
        await expect(page.locator('.lead-outbox')).toContainText(lt('en', 'section.waiting', { count: 1 }));
      });

      await test.step('the server restarts and the network returns: the lead is delivered, once', async () => {
        await server.start();
        await context.setOffline(false);
        await expect(page.locator('.lead-outbox')).toHaveCount(0, { timeout: 20_000 });
        const leads = await storedLeads(context.request);
        expect(leads).toHaveLength(1);
        expect(answerOf(leads[0], 'Full name')).toBe('Sam Visitor');
        expect(answerOf(leads[0], 'Email')).toBe('sam@example.com');
        expect(answerOf(leads[0], 'Message')).toBe('Weekend tennis lessons, please.');
      });

      await test.step('nothing is sent twice afterwards, even after another start', async () => {
        await page.reload();
        await page.waitForSelector('html[data-ready="true"]');
        await formRead(page);
        await expect(page.locator('.lead-outbox')).toHaveCount(0);
        expect(await storedLeads(context.request)).toHaveLength(1);
      });
    } finally {
      await context.close();
    }
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`[S1-7.28] [S0-1.25] a provisioned kiosk terminal (1080x1920) that starts offline takes a lead without a captcha, and its device key gets it delivered (${lang})`, async ({
      browser,
    }) => {
      await server.start();
      const context = await browser.newContext({ baseURL: server.origin, viewport: KIOSK });
      // The form is opened with its button here, so that it opens the same way online and offline.
      await skipLeadForm(context);
      const page = await context.newPage();
      const dialog = leadDialog(page, lang);
      try {
        await test.step('online: staff provision the terminal; the home page reads the venue\'s lead form', async () => {
          expect((await context.request.post('/api/v1/dev/reset')).ok()).toBeTruthy();
          await provisionedTerminal(page, lang);
          await formRead(page);
          await waitForServiceWorkerControl(page);
        });

        await server.goAway(context);

        await test.step('the terminal restarts without server or network; a visitor opens the form: no captcha, it can still be sent', async () => {
          await page.goto(`/?mode=kiosk&attract=1&lang=${lang}`);
          await page.waitForSelector('html[data-ready="true"]');
          await page.getByRole('button', { name: copy(lang, 'kioskVisitor:attract.start'), exact: true }).click();
          await formRead(page);
          await leadButton(page, lang).click();
          await expect(dialog).toBeVisible();
          await expect(dialog.getByText(lt(lang, 'dialog.offlineHint'))).toBeVisible();
          await expect(captchaGroup(dialog, lang)).toHaveCount(0);
          await fillLead(dialog, lang);
          await sendButton(dialog, lang).click();
          await expect(dialog.getByRole('status').filter({ hasText: lt(lang, 'dialog.queued') })).toBeVisible();
          await dialog.getByRole('button', { name: lt(lang, 'dialog.done'), exact: true }).click();
          await expect(page.locator('.lead-outbox')).toContainText(lt(lang, 'section.waiting', { count: 1 }));
        });

        await server.comeBack(context);

        await test.step('the network returns: the lead is delivered once, vouched for by the terminal', async () => {
          await expect(page.locator('.lead-outbox')).toHaveCount(0, { timeout: 20_000 });
          const leads = await storedLeads(context.request);
          expect(leads).toHaveLength(1);
          expect(leads[0]?.terminal_id).toBe(1);
          expect(answerOf(leads[0], 'Full name')).toBe('Sam Visitor');
        });
      } finally {
        await context.close();
      }
    });
  }
});
