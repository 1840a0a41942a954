import { expect, type Locator, type Page } from '@playwright/test';
import { bookingDialog, chooseDate, chooseSlot, continueButton, facilityPicker, fb, productCard, vt, type Lang } from './booking';
import { escapeRegExp } from './shell';

/** The demo's Aqua Park (/service/2): the service that asks for every visitor field. */
export const AQUA = { en: 'Aqua Park', ar: 'الحديقة المائية' } as const;
export const ADULT = { en: 'Adult', ar: 'بالغ' } as const;
export const FIELD = {
  contactName: { en: 'Emergency contact name', ar: 'اسم جهة الاتصال للطوارئ' },
  swimming: { en: 'Swimming ability', ar: 'مستوى السباحة' },
  beginner: { en: 'Beginner', ar: 'مبتدئ' },
  contactNumber: { en: 'Emergency contact number', ar: 'رقم الطوارئ' },
  waiver: { en: 'Safety waiver', ar: 'إقرار السلامة' },
  certificate: { en: 'Medical certificate', ar: 'شهادة طبية' },
} as const;

/** A field by its visible label; a required field's label ends with '*'. */
export const labelled = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

export const visitorsDialog = (page: Page, lang: Lang) => page.getByRole('dialog', { name: vt(lang, 'title', { facility: AQUA[lang] }), exact: true });
export const visitorSection = (dialog: Locator, lang: Lang, n: number) => dialog.getByRole('region', { name: vt(lang, 'section', { n }), exact: true });

/** Draws a short stroke across the disclaimer's signature pad. */
export async function sign(page: Page, section: Locator, lang: Lang) {
  const pad = section.getByRole('img', { name: vt(lang, 'signature.label') });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  expect(box).not.toBeNull();
  expect(Math.round(box!.width)).toBe(300);
  expect(Math.round(box!.height)).toBe(200);
  await page.mouse.move(box!.x + 40, box!.y + 100);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1) await page.mouse.move(box!.x + 40 + step * 20, box!.y + 100 + (step % 2 === 0 ? 30 : -30));
  await page.mouse.up();
  await expect(section.getByText(vt(lang, 'signature.signed'), { exact: true })).toBeVisible();
}

/** Opens /service/2 (Aqua Park preselected), picks a 10:00 slot on `date` and continues to the tickets. */
export async function openAquaTickets(page: Page, lang: Lang, date: string) {
  const dialog = bookingDialog(page, lang);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(fb(lang, 'services.label'), { exact: true }).locator('option:checked')).toHaveText(AQUA[lang]);
  await chooseDate(dialog, lang, date);
  await chooseSlot(dialog, lang, '10:00:00', '11:00:00');
  const picked = facilityPicker(dialog, lang).getByRole('button', { pressed: true });
  await expect(picked).toContainText(AQUA[lang]);
  await expect(picked).toContainText(fb(lang, 'picker.placesLeft', { count: 120 }));
  await continueButton(dialog, lang).click();
  await expect(productCard(dialog, ADULT[lang])).toBeVisible();
  return dialog;
}
