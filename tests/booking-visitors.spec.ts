import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, LANGS, LAYOUTS, open, PHONE, resetServer, signIn } from './helpers';
import { openOn } from './support/accounts';
import {
  bookingDialog,
  cartBadge,
  cartLink,
  expectKioskTarget,
  fb,
  productCard,
  stepperMore,
  stepperValue,
  storedCartLines,
  TINY_PNG,
  toastWith,
  venueDay,
  vt,
} from './support/booking';
import { copy } from './support/shell';
import { ADULT, AQUA, FIELD, labelled, openAquaTickets, sign, visitorSection, visitorsDialog } from './support/aquaPark';
import { expectDocumentLanguage, watchPageErrors } from './support/portal';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

// ---------------------------------------------------------------------------------------------------------------
// A per-capacity ticket with visitor details, signature and upload.

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-1.4] [S1-1.4] [S1-2.9] [S1-4.4] [S1-2.31] [S1-2.33] [S1-2.34] [S1-2.36] [S1-2.37] [S1-2.38] [S1-4.14] [S1-4.16] [S1-4.17] [S1-2.42] [S1-2.43] [S1-5.11] [S1-5.13] [S1-5.14] [S1-5.15] [S1-5.16] [S1-5.26] [S1-6.2] [S1-6.3] [S1-3.31] [S1-3.32] [S1-7.26] a logged-in customer books Aqua Park tickets with visitor details, a signature and an upload (${layout.name}, ${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const errors = watchPageErrors(page);
      const date = venueDay(5);
      await signIn(page, request, 'customer');
      await openOn(page, layout, lang, `/service/2?lang=${lang}`);
      await expectDocumentLanguage(page, lang);
      const dialog = await openAquaTickets(page, lang, date);

      const adult = productCard(dialog, ADULT[lang]);
      await test.step('step 2: the visit line, ticket cards with the price with tax and the Number of Tickets stepper', async () => {
        await expect(dialog.locator('.booking-visit')).toContainText(AQUA[lang]);
        await expect(dialog.locator('.booking-visit')).toContainText(fb(lang, 'tickets.visit', { facility: '', date: '', minutes: 60 }).split('·').pop()!.trim());
        await expect(adult.getByText('AED 105', { exact: true })).toBeVisible();
        await expect(stepperValue(adult, lang, 'tickets.numberOfTickets')).toHaveValue('0');
        await expect(adult.getByRole('button', { name: fb(lang, 'tickets.addToCart'), exact: true })).toBeDisabled();
        await expect(dialog.getByRole('button', { name: fb(lang, 'tickets.goBack'), exact: true })).toBeVisible();
        await expect(dialog.getByRole('button', { name: fb(lang, 'tickets.proceed'), exact: true })).toBeVisible();
        await stepperMore(adult, lang, 'tickets.numberOfTickets').click();
        await stepperMore(adult, lang, 'tickets.numberOfTickets').click();
        await expect(stepperValue(adult, lang, 'tickets.numberOfTickets')).toHaveValue('2');
        await expectNoHorizontalOverflow(page);
        if (layout.kiosk) await expectKioskTarget(stepperMore(adult, lang, 'tickets.numberOfTickets'));
        await adult.getByRole('button', { name: fb(lang, 'tickets.addToCart'), exact: true }).click();
      });

      const visitors = visitorsDialog(page, lang);
      const first = visitorSection(visitors, lang, 1);
      const second = visitorSection(visitors, lang, 2);
      await test.step('the visitor details dialog: one section per visitor, the first prefilled and locked', async () => {
        await expect(visitors).toBeVisible();
        await expect(first).toBeVisible();
        await expect(second).toBeVisible();
        await expect(visitorSection(visitors, lang, 3)).toHaveCount(0);
        await expect(labelled(first, vt(lang, 'fields.name'))).toHaveValue('Layla Hassan');
        await expect(labelled(first, vt(lang, 'fields.name'))).toHaveAttribute('readonly', '');
        await expect(labelled(first, vt(lang, 'fields.email'))).toHaveValue('layla.hassan@example.com');
        await expect(labelled(first, vt(lang, 'fields.email'))).toHaveAttribute('readonly', '');
        await expect(labelled(first, vt(lang, 'fields.dob'))).toHaveValue('1990-04-12');
        await expect(first.getByRole('radio', { name: vt(lang, 'gender.Female') })).toBeChecked();
        await expect(first.getByRole('radio', { name: vt(lang, 'gender.Female') })).toBeDisabled();
        // The disclaimer names the visitor.
        await expect(first.getByRole('group', { name: FIELD.waiver[lang] })).toContainText('Layla Hassan');
        // Terms are not ticked: Add to cart waits for them.
        await expect(visitors.getByRole('button', { name: vt(lang, 'submit'), exact: true })).toBeDisabled();
      });

      await test.step("incomplete: 'Please fill all the required fields', nothing typed is lost", async () => {
        await first.getByRole('radio', { name: vt(lang, 'idProofTypes.33') }).check();
        await labelled(first, vt(lang, 'fields.idNumber')).fill('P7654321');
        await labelled(first, FIELD.contactName[lang]).fill('Sara Hassan');
        await visitors.getByRole('checkbox', { name: copy(lang, 'account:terms.agree').replace(/<\/?terms>/g, '') }).check();
        const submit = visitors.getByRole('button', { name: vt(lang, 'submit'), exact: true });
        await expect(submit).toBeEnabled();
        await submit.click();
        await expect(visitors.getByText(copy(lang, 'validation:form.fillRequired'), { exact: true })).toBeVisible();
        // Required additional fields say so by name.
        await expect(first.getByText(copy(lang, 'validation:required').replace('{{field}}', FIELD.contactNumber[lang]))).toBeVisible();
        await expect(labelled(first, vt(lang, 'fields.idNumber'))).toHaveValue('P7654321');
        await expect(labelled(first, FIELD.contactName[lang])).toHaveValue('Sara Hassan');
        await expect(visitors).toBeVisible();
      });

      await test.step('the first visitor completed: answers, a signature and a file', async () => {
        await first.getByRole('radio', { name: FIELD.beginner[lang] }).check();
        await labelled(first, FIELD.contactNumber[lang]).fill('0501112233');
        await sign(page, first, lang);
        await first.getByLabel(FIELD.certificate[lang]).setInputFiles({ name: 'certificate.png', mimeType: 'image/png', buffer: TINY_PNG });
        await expect(first.getByText(vt(lang, 'file.uploaded', { name: 'certificate.png' }))).toBeVisible();
      });

      await test.step('visitor 2 is a saved family member', async () => {
        await labelled(second, vt(lang, 'member.label')).selectOption({ label: 'Omar Hassan' });
        await expect(labelled(second, vt(lang, 'fields.name'))).toHaveValue('Omar Hassan');
        await expect(labelled(second, FIELD.contactName[lang])).toHaveValue('Layla Hassan');
        await expect(second.getByRole('group', { name: FIELD.waiver[lang] })).toContainText('Omar Hassan');
        await sign(page, second, lang);
        await expectNoHorizontalOverflow(page);
        if (layout.kiosk) await expectKioskTarget(visitors.getByRole('button', { name: vt(lang, 'submit'), exact: true }));
      });

      await test.step('Add to cart: the ticket is added and its quantity back to 0', async () => {
        await visitors.getByRole('button', { name: vt(lang, 'submit'), exact: true }).click();
        await expect(visitors).toHaveCount(0);
        await expect(toastWith(page, fb(lang, 'notices.addedToCart'))).toBeVisible();
        await expect(stepperValue(adult, lang, 'tickets.numberOfTickets')).toHaveValue('0');
        await expect(cartLink(page, lang, 2)).toBeVisible();
        await expect(cartBadge(page)).toHaveText('2');
      });

      await test.step('the cart line carries both visitors, the signatures and the document', async () => {
        const lines = await storedCartLines(page);
        expect(lines).toHaveLength(1);
        const [line] = lines;
        expect(line).toMatchObject({ type: 'facility', name: 'Adult', quantity: 2, date, start_time: '10:00:00', end_time: '11:00:00', facility_id: 6 });
        expect(line!.customers.map((customer) => customer.name)).toEqual(['Layla Hassan', 'Omar Hassan']);
        for (const customer of line!.customers) {
          const waiver = customer.additional_fields?.find((field) => field.id === 12);
          expect(typeof waiver?.value).toBe('string');
          expect(String(waiver?.value)).not.toMatch(/^data:/);
          expect(String(waiver?.value)).toMatch(/\.png$/);
        }
        expect(JSON.stringify(line!.customers[0])).toContain('certificate.png');
      });
      expect(errors).toEqual([]);
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Not logged in, with participant details on.

for (const lang of LANGS) {
  test(`[S1-4.15] [S1-5.27] [S1-6.1] [S1-2.2] a visitor who is not logged in gets 'Please Login!' and its login button goes to /login?nextUrl=… (${lang})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await open(page, `/service/2?lang=${lang}`);
    const dialog = await openAquaTickets(page, lang, venueDay(5));
    const adult = productCard(dialog, ADULT[lang]);
    await stepperMore(adult, lang, 'tickets.numberOfTickets').click();
    await adult.getByRole('button', { name: fb(lang, 'tickets.addToCart'), exact: true }).click();

    const login = page.getByRole('dialog', { name: fb(lang, 'loginRequired.title'), exact: true });
    await expect(login).toBeVisible();
    await expect(visitorsDialog(page, lang)).toHaveCount(0);
    // Cancel keeps the ticket step as it was.
    await login.getByRole('button', { name: fb(lang, 'loginRequired.cancel'), exact: true }).click();
    await expect(login).toHaveCount(0);
    await expect(stepperValue(adult, lang, 'tickets.numberOfTickets')).toHaveValue('1');
    expect(await storedCartLines(page)).toEqual([]);

    await adult.getByRole('button', { name: fb(lang, 'tickets.addToCart'), exact: true }).click();
    await login.getByRole('button', { name: fb(lang, 'loginRequired.login'), exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && (url.searchParams.get('nextUrl') ?? '').startsWith('/service/2'));
    await expect(page.getByRole('heading', { level: 1, name: copy(lang, 'pages:account.login') })).toBeVisible();
    await expect(bookingDialog(page, lang)).toHaveCount(0);
  });
}
