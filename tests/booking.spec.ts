import { expect, test, type Page } from '@playwright/test';
import { expectNoHorizontalOverflow, LAYOUTS, resetServer } from './helpers';
import {
  cartBadge,
  cartLink,
  chooseDate,
  chooseSlot,
  continueButton,
  expectKioskTarget,
  fb,
  filter,
  facilityPicker,
  openBookingFromHome,
  productCard,
  slotButton,
  slotGrid,
  slotsSettled,
  stepperMore,
  stepperValue,
  storedCartLines,
  toastWith,
  venueDay,
  type Lang,
} from './support/booking';
import { openOn } from './support/accounts';
import { expectDocumentLanguage, watchPageErrors } from './support/portal';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const PITCH_NAME = { en: 'Main Stadium Pitch', ar: 'ملعب الاستاد الرئيسي' } as const;
const RENTAL_NAME = { en: 'Full Pitch Rental', ar: 'إيجار الملعب الكامل' } as const;
const ADDON_NAME = { en: 'Football Hire', ar: 'استئجار كرة قدم' } as const;
const CATEGORY_NAME = { en: 'Equipment', ar: 'المعدات' } as const;
const SERVICE_NAME = { en: 'Football Pitches', ar: 'ملاعب كرة القدم' } as const;

// ---------------------------------------------------------------------------------------------------------------
// A full booking of a pitch: default products, an add-on, 'show more tickets', the cart.

for (const layout of LAYOUTS) {
  for (const lang of ['en', 'ar'] as const) {
    test(`[S1-1.2] [S1-1.3] [S1-2.11] [S1-2.13] [S1-2.20] [S1-2.21] [S1-2.27] [S1-2.28] [S1-2.29] [S1-2.30] [S1-4.1] [S1-4.2] [S1-4.3] [S1-4.6] [S1-4.12] [S1-4.13] [S1-2.39] [S1-2.40] [S1-2.41] [S1-8.20] [S1-9.7] a full booking of a pitch with its rental and an add-on reaches the cart (${layout.name}, ${lang})`, async ({
      page,
    }) => {
      const errors = watchPageErrors(page);
      const date = venueDay(4);
      await openOn(page, layout, lang, `/?lang=${lang}`);
      await expectDocumentLanguage(page, lang);
      if (layout.kiosk) await expectKioskTarget(page.getByRole('main').getByRole('button', { name: fb(lang, 'button'), exact: true }));
      const dialog = await openBookingFromHome(page, lang);

      await test.step('step 1: service, date, duration, slot; the first facility is picked', async () => {
        // The modal is full width.
        const box = await dialog.boundingBox();
        const viewport = page.viewportSize()!;
        expect(box!.width).toBeGreaterThanOrEqual(viewport.width - 2);

        await expect(filter(dialog, lang, 'services.label')).toHaveValue('1');
        await expect(filter(dialog, lang, 'services.label').locator('option:checked')).toHaveText(SERVICE_NAME[lang]);
        await chooseDate(dialog, lang, date);
        // 60 to 180 minutes by 30.
        await expect(filter(dialog, lang, 'filters.duration').locator('option')).toHaveText(
          [60, 90, 120, 150, 180].map((minutes) => fb(lang, 'filters.minutes', { minutes })),
        );
        await expect(continueButton(dialog, lang)).toBeDisabled();
        await expect(facilityPicker(dialog, lang)).toHaveCount(0);
        await filter(dialog, lang, 'filters.duration').selectOption('60');
        await chooseSlot(dialog, lang, '10:00:00', '11:00:00');
        const picked = facilityPicker(dialog, lang).getByRole('button', { pressed: true });
        await expect(picked).toHaveCount(1);
        await expect(picked).toContainText(PITCH_NAME[lang]);
        // Images are on (show_facility_image): cards.
        await expect(facilityPicker(dialog, lang).locator('.facility-card').first()).toBeVisible();
        // The rental is 200 + 5% per half hour, twice.
        await expect(dialog.getByText(fb(lang, 'footer.price', { price: 'AED 420' }))).toBeVisible();
        await expect(continueButton(dialog, lang)).toBeEnabled();
        await expectNoHorizontalOverflow(page);
        if (layout.kiosk) {
          await expectKioskTarget(slotButton(dialog, lang, '10:00:00', '11:00:00'));
          await expectKioskTarget(continueButton(dialog, lang));
        }
      });

      await test.step('Continue adds the default products and moves to the add-ons', async () => {
        await continueButton(dialog, lang).click();
        await expect(toastWith(page, fb(lang, 'notices.addedToCart'))).toBeVisible();
        await expect(dialog.getByRole('heading', { name: CATEGORY_NAME[lang], exact: true })).toBeVisible();
        await expect(cartLink(page, lang, 2)).toBeVisible();
        await expect(cartBadge(page)).toHaveText('2');
      });

      await test.step('step 3: one add-on', async () => {
        const card = productCard(dialog, ADDON_NAME[lang]);
        await stepperMore(card, lang, 'addons.quantity').click();
        await expect(stepperValue(card, lang, 'addons.quantity')).toHaveValue('1');
        if (layout.kiosk) await expectKioskTarget(stepperMore(card, lang, 'addons.quantity'));
        await card.getByRole('button', { name: fb(lang, 'addons.addToCart'), exact: true }).click();
        await expect(stepperValue(card, lang, 'addons.quantity')).toHaveValue('0');
        await expect(cartBadge(page)).toHaveText('3');
        await expectNoHorizontalOverflow(page);
      });

      await test.step("'show more tickets': Yes returns to step 1 without a slot, at the minimum duration", async () => {
        await dialog.getByRole('button', { name: fb(lang, 'addons.done'), exact: true }).click();
        const confirm = page.getByRole('alertdialog', { name: fb(lang, 'confirm.title') });
        await expect(confirm).toBeVisible();
        await confirm.getByRole('button', { name: fb(lang, 'confirm.yes'), exact: true }).click();
        await expect(confirm).toHaveCount(0);
        await slotsSettled(dialog);
        await expect(slotGrid(dialog, lang)).toBeVisible();
        await expect(filter(dialog, lang, 'filters.duration')).toHaveValue('60');
        await expect(slotGrid(dialog, lang).getByRole('button', { pressed: true })).toHaveCount(0);
        await expect(facilityPicker(dialog, lang)).toHaveCount(0);
        await expect(continueButton(dialog, lang)).toBeDisabled();
        // The date chosen is kept.
        await expect(filter(dialog, lang, 'filters.date')).toHaveValue(date);
      });

      await test.step("a second slot, then 'show more tickets' No closes the modal", async () => {
        await filter(dialog, lang, 'filters.duration').selectOption('90');
        await chooseSlot(dialog, lang, '12:00:00', '13:30:00');
        await continueButton(dialog, lang).click();
        await expect(dialog.getByRole('heading', { name: CATEGORY_NAME[lang], exact: true })).toBeVisible();
        await expect(cartBadge(page)).toHaveText('6');
        await dialog.getByRole('button', { name: fb(lang, 'addons.done'), exact: true }).click();
        const confirm = page.getByRole('alertdialog', { name: fb(lang, 'confirm.title') });
        await confirm.getByRole('button', { name: fb(lang, 'confirm.no'), exact: true }).click();
        await expect(dialog).toHaveCount(0);
      });

      await test.step('the lines stay in the cart after a reload', async () => {
        await page.reload();
        await page.waitForSelector('html[data-ready="true"]');
        await expect(cartLink(page, lang, 6)).toBeVisible();
        const lines = await storedCartLines(page);
        expect(lines).toHaveLength(2);
        const [first, second] = lines;
        expect(first).toMatchObject({ type: 'facility', name: RENTAL_NAME.en, quantity: 2, date, start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 });
        expect(first!.addons).toEqual([expect.objectContaining({ name: ADDON_NAME.en, quantity: 1, group: first!.group })]);
        expect(second).toMatchObject({ type: 'facility', name: RENTAL_NAME.en, quantity: 3, date, start_time: '12:00:00', end_time: '13:30:00' });
        expect(second!.group).not.toBe(first!.group);
        expect(second!.addons).toEqual([]);
      });
      expect(errors).toEqual([]);
    });
  }
}

