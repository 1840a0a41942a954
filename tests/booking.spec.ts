import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoHorizontalOverflow, LANGS, LAYOUTS, open, patchConfig, PHONE, resetServer, signIn } from './helpers';
import {
  bookingDialog,
  cartBadge,
  FACILITY,
  holdFor,
  releaseFor,
  showAllSlots,
  PRODUCT,
  rule,
  stepperFewer,
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
import { copy } from './support/shell';

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
    test(`[S1-1.2] [S1-1.3] [S1-7.38] [S1-2.11] [S1-2.13] [S1-2.20] [S1-2.21] [S1-2.27] [S1-2.28] [S1-2.29] [S1-2.30] [S1-4.1] [S1-4.2] [S1-4.3] [S1-4.6] [S1-4.12] [S1-4.13] [S1-2.39] [S1-2.40] [S1-2.41] [S1-8.20] [S1-9.7] a full booking of a pitch with its rental and an add-on reaches the cart (${layout.name}, ${lang})`, async ({
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


// ---------------------------------------------------------------------------------------------------------------
// Every capacity and quantity message, through the steppers and Add to cart.

const TICKET = {
  adult: { en: 'Adult', ar: 'بالغ' },
  family: { en: 'Family Pass', ar: 'تذكرة العائلة' },
  cabana: { en: 'Cabana Pass', ar: 'تذكرة الكابانا' },
  slides: { en: 'Slides Day Pass', ar: 'تذكرة الزلاقات اليومية' },
  goggles: { en: 'Swim Goggles', ar: 'نظارات السباحة' },
} as const;

/** /service/2 (Aqua Park), `date`, the 10:00 slot, Continue to the tickets. */
async function aquaTickets(page: Page, lang: Lang, date: string, placesLeft: number) {
  await page.setViewportSize(PHONE);
  await open(page, `/service/2?lang=${lang}`);
  const dialog = bookingDialog(page, lang);
  await expect(dialog).toBeVisible();
  await chooseDate(dialog, lang, date);
  await chooseSlot(dialog, lang, '10:00:00', '11:00:00');
  await expect(facilityPicker(dialog, lang).getByRole('button', { pressed: true })).toContainText(fb(lang, 'picker.placesLeft', { count: placesLeft }));
  await continueButton(dialog, lang).click();
  await expect(productCard(dialog, TICKET.adult[lang])).toBeVisible();
  return dialog;
}

const tickets = (dialog: Locator, lang: Lang, name: string) => {
  const card = productCard(dialog, name);
  return {
    card,
    value: stepperValue(card, lang, 'tickets.numberOfTickets'),
    more: stepperMore(card, lang, 'tickets.numberOfTickets'),
    add: card.getByRole('button', { name: fb(lang, 'tickets.addToCart'), exact: true }),
  };
};

for (const lang of LANGS) {
  test(`[S1-5.52] [S1-5.53] [S1-8.5] [S1-8.6] [S1-5.55] [S1-8.8] [S1-8.1] [S1-7.21] capacity and dependency messages: the steppers revert, the server refuses an overbooking hold (${lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    // Every cart here holds from this one machine: its allowances are raised so that only the slot's places count.
    await patchConfig(request, { enable_fb_participant_details: 0, cart_hold_places_per_session: 200, cart_hold_places_per_address: 1000 });
    const date = venueDay(6);
    // Another visitor's cart holds 116 of the 120 places at 10:00.
    await holdFor(request, { product_id: PRODUCT.adult, quantity: 116, date, start_time: '10:00:00', end_time: '11:00:00', facility_id: FACILITY.aquaPark });
    const dialog = await aquaTickets(page, lang, date, 4);

    await test.step("a Family Pass admits 4: two would need 8 of the 4 left, and the stepper stays at 1", async () => {
      const family = tickets(dialog, lang, TICKET.family[lang]);
      await family.more.click();
      await expect(family.value).toHaveValue('1');
      await family.more.click();
      await expect(toastWith(page, rule(lang, 'capacityExceeded', { remaining: 4, requested: 8 }))).toBeVisible();
      await expect(family.value).toHaveValue('1');
      // Below 0 is never offered.
      await stepperFewer(family.card, lang, 'tickets.numberOfTickets').click();
      await expect(family.value).toHaveValue('0');
      await expect(stepperFewer(family.card, lang, 'tickets.numberOfTickets')).toBeDisabled();
    });

    await test.step('Adult: 4 fit, a 5th does not', async () => {
      const adult = tickets(dialog, lang, TICKET.adult[lang]);
      for (let count = 1; count <= 4; count += 1) await adult.more.click();
      await expect(adult.value).toHaveValue('4');
      await adult.more.click();
      await expect(toastWith(page, rule(lang, 'capacityExceeded', { remaining: 4, requested: 5 }))).toBeVisible();
      await expect(adult.value).toHaveValue('4');
    });

    await test.step('one Adult goes into the cart (held on the server), then the Slides Day Pass of the same day is refused', async () => {
      const adult = tickets(dialog, lang, TICKET.adult[lang]);
      await adult.value.fill('1');
      await expect(adult.value).toHaveValue('1');
      await adult.add.click();
      await expect(toastWith(page, fb(lang, 'notices.addedToCart'))).toBeVisible();
      await expect(adult.value).toHaveValue('0');
      await expect(cartBadge(page)).toHaveText('1');

      const slides = tickets(dialog, lang, TICKET.slides[lang]);
      await slides.more.click();
      await expect(slides.value).toHaveValue('1');
      await slides.add.click();
      await expect(toastWith(page, rule(lang, 'dependentTicket'))).toBeVisible();
      await expect(cartBadge(page)).toHaveText('1');
      expect((await storedCartLines(page)).map((line) => line.product_id)).toEqual([PRODUCT.adult]);
    });

    await test.step('the server refuses what no longer fits once this cart holds a place', async () => {
      const family = tickets(dialog, lang, TICKET.family[lang]);
      await family.more.click();
      await family.add.click();
      // The server's own words (3 places are left now: 116 held elsewhere, 1 in this cart).
      await expect(toastWith(page, rule('en', 'capacityExceeded', { remaining: 3, requested: 4 }))).toBeVisible();
      await expect(cartBadge(page)).toHaveText('1');
    });
  });
}

test("[S1-8.5] [S1-5.53] [S1-5.51] [S1-8.4] [S1-2.39] [S1-4.5] a ticket whose stock is all held elsewhere says 'Maximum capacity reached'; an add-on past its stock says 'Max quantity 20 reached'", async ({ page, request }) => {
  const date = venueDay(7);
  await holdFor(request, { product_id: PRODUCT.cabana, quantity: 4, date, start_time: '10:00:00', end_time: '11:00:00', facility_id: FACILITY.aquaPark });
  const dialog = await aquaTickets(page, 'en', date, 116);
  const cabana = tickets(dialog, 'en', TICKET.cabana.en);
  await cabana.more.click();
  await expect(toastWith(page, 'Maximum capacity reached')).toBeVisible();
  await expect(cabana.value).toHaveValue('0');

  // Proceed: the add-ons (Swim Goggles: 20 in stock that day).
  await dialog.getByRole('button', { name: 'Proceed', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Equipment', exact: true })).toBeVisible();
  const goggles = productCard(dialog, TICKET.goggles.en);
  const value = stepperValue(goggles, 'en', 'addons.quantity');
  await value.fill('21');
  await expect(toastWith(page, 'Max quantity 20 reached')).toBeVisible();
  await expect(value).toHaveValue('20');
  await stepperMore(goggles, 'en', 'addons.quantity').click();
  await expect(toastWith(page, 'Max quantity 20 reached')).toBeVisible();
  await expect(value).toHaveValue('20');
});

test("[S1-5.54] [S1-8.7] [S1-2.32] [S1-2.35] [S1-7.16] is_baps with customer_threshold: 'Maximum of 3 participants allowed to book per session' and the stepper reverts", async ({ page, request }) => {
  await patchConfig(request, { is_baps: 1, customer_threshold: 3 });
  await signIn(page, request, 'customer');
  const date = venueDay(6);
  const dialog = await aquaTickets(page, 'en', date, 120);
  // is_baps: 'Your Visit: ddd, DD MMM YYYY | time', and no Proceed.
  await expect(dialog.getByText(/^Your Visit: \w{3}, \d{2} \w{3} \d{4} \| 10:00 AM – 11:00 AM$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Proceed', exact: true })).toHaveCount(0);
  const adult = tickets(dialog, 'en', TICKET.adult.en);
  for (let count = 1; count <= 3; count += 1) await adult.more.click();
  await expect(adult.value).toHaveValue('3');
  await adult.more.click();
  await expect(toastWith(page, 'Maximum of 3 participants allowed to book per session')).toBeVisible();
  await expect(adult.value).toHaveValue('3');
  // A Family Pass (4 participants) alone is already over the limit.
  const family = tickets(dialog, 'en', TICKET.family.en);
  await family.more.click();
  await expect(family.value).toHaveValue('0');
});

// ---------------------------------------------------------------------------------------------------------------
// Holds of other sessions, and what changing a filter resets.

const CAGE = { facility_id: FACILITY.cage, product_id: PRODUCT.cageRental, quantity: 2, start_time: '09:00:00', end_time: '10:00:00' } as const;

test("[S1-7.21] [S1-7.22] [S1-2.19] [S1-2.23] [S1-4.8] a slot held by another session's cart disappears, and comes back once it is released", async ({ page, request }) => {
  const date = venueDay(8);
  await page.setViewportSize(PHONE);
  await open(page, '/');

  /** Opens the modal afresh on the cage alone, at `date` (closing resets everything, so each opening reads anew). */
  const openOnCage = async () => {
    const dialog = await openBookingFromHome(page, 'en');
    await filter(dialog, 'en', 'filters.facility').selectOption({ label: 'Five-a-side Cage' });
    await slotsSettled(dialog);
    await chooseDate(dialog, 'en', date);
    await showAllSlots(dialog, 'en');
    return dialog;
  };
  const close = async (dialog: Locator) => {
    await dialog.getByRole('button', { name: copy('en', 'ui:close'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
  };

  let dialog = await openOnCage();
  await expect(slotButton(dialog, 'en', '09:00:00', '10:00:00')).toBeVisible();
  await close(dialog);

  const another = await holdFor(request, { ...CAGE, date });
  dialog = await openOnCage();
  // Closing reset the filters: the cage had to be chosen again.
  await expect(slotButton(dialog, 'en', '10:00:00', '11:00:00')).toBeVisible();
  await expect(slotButton(dialog, 'en', '09:00:00', '10:00:00')).toHaveCount(0);
  await expect(slotButton(dialog, 'en', '08:30:00', '09:30:00')).toHaveCount(0);
  await expect(slotButton(dialog, 'en', '09:30:00', '10:30:00')).toHaveCount(0);
  await close(dialog);

  await releaseFor(request, another, { facility_id: CAGE.facility_id, product_id: CAGE.product_id, start_time: CAGE.start_time, end_time: CAGE.end_time, date });
  dialog = await openOnCage();
  await expect(slotButton(dialog, 'en', '09:00:00', '10:00:00')).toBeVisible();
  await chooseSlot(dialog, 'en', '09:00:00', '10:00:00');
  await expect(facilityPicker(dialog, 'en').getByRole('button')).toHaveText([/Five-a-side Cage/]);
});

test('[S1-4.10] [S1-4.11] [S1-2.16] [S1-2.17] [S1-2.18] [S1-2.22] [S1-2.24] [S1-2.25] [S1-2.26] changing the service resets surface, outdoor, formation, pitch and time; changing the duration clears the slot and facilities', async ({
  page,
}) => {
  const date = venueDay(8);
  await page.setViewportSize(PHONE);
  await open(page, '/');
  const dialog = await openBookingFromHome(page, 'en');
  const service = filter(dialog, 'en', 'services.label');
  // pos is hidden; the service search finds by English or Arabic name.
  await expect(service.locator('option')).toHaveText(['Football Pitches', 'Aqua Park', 'Bowling']);
  await dialog.getByLabel('Search services').fill('بولينج');
  await expect(service.locator('option')).toHaveText(['Football Pitches', 'Bowling']);
  await dialog.getByLabel('Search services').fill('');

  await chooseDate(dialog, 'en', date);
  await filter(dialog, 'en', 'filters.facility').selectOption({ label: 'Five-a-side Cage' });
  await filter(dialog, 'en', 'filters.formation').selectOption({ label: '5-a-side' });
  await filter(dialog, 'en', 'filters.surface').selectOption({ label: 'Artificial turf' });
  await filter(dialog, 'en', 'filters.outdoor').selectOption({ label: 'Outdoor' });
  await slotsSettled(dialog);
  await filter(dialog, 'en', 'filters.timeRange').selectOption({ label: '9 AM - 12 PM' });

  await test.step('changing the duration clears the slot and the facilities', async () => {
    await chooseSlot(dialog, 'en', '10:00:00', '11:00:00');
    await expect(continueButton(dialog, 'en')).toBeEnabled();
    await filter(dialog, 'en', 'filters.duration').selectOption('90');
    await expect(slotGrid(dialog, 'en').getByRole('button', { pressed: true })).toHaveCount(0);
    await expect(facilityPicker(dialog, 'en')).toHaveCount(0);
    await expect(continueButton(dialog, 'en')).toBeDisabled();
    await expect(dialog.getByText(/^Total /)).toHaveCount(0);
    // The other filters stay.
    await expect(filter(dialog, 'en', 'filters.facility')).toHaveValue(String(FACILITY.cage));
    await expect(filter(dialog, 'en', 'filters.surface').locator('option:checked')).toHaveText('Artificial turf');
  });

  await test.step('changing the service resets surface, outdoor, formation, pitch and time', async () => {
    await chooseSlot(dialog, 'en', '10:00:00', '11:30:00');
    await service.selectOption({ label: 'Aqua Park' });
    await slotsSettled(dialog);
    // Aqua Park has no facility filter, formations or surfaces.
    await expect(filter(dialog, 'en', 'filters.facility')).toHaveCount(0);
    await expect(filter(dialog, 'en', 'filters.formation')).toHaveCount(0);
    await expect(filter(dialog, 'en', 'filters.surface')).toHaveCount(0);
    await expect(filter(dialog, 'en', 'filters.outdoor')).toHaveValue('');
    await expect(facilityPicker(dialog, 'en')).toHaveCount(0);
    await expect(slotGrid(dialog, 'en').getByRole('button', { pressed: true })).toHaveCount(0);

    await service.selectOption({ label: 'Football Pitches' });
    await slotsSettled(dialog);
    await expect(filter(dialog, 'en', 'filters.facility').locator('option:checked')).toHaveText('All facilities');
    await expect(filter(dialog, 'en', 'filters.formation').locator('option:checked')).toHaveText('Any');
    await expect(filter(dialog, 'en', 'filters.surface').locator('option:checked')).toHaveText('Any');
    await expect(filter(dialog, 'en', 'filters.outdoor').locator('option:checked')).toHaveText('Any');
    await expect(facilityPicker(dialog, 'en')).toHaveCount(0);
    await expect(slotGrid(dialog, 'en').getByRole('button', { pressed: true })).toHaveCount(0);
    await expect(continueButton(dialog, 'en')).toBeDisabled();
    // The grid is the whole day again: every facility, all slots.
    await expect(filter(dialog, 'en', 'filters.timeRange').locator('option:checked')).toHaveText('All slots');
    await expect(slotButton(dialog, 'en', '06:00:00', '07:00:00')).toBeVisible();
  });
});
