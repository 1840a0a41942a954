import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { checkScreen, LANGS, LAYOUTS, resetServer, signIn } from './helpers';
import { openOn } from './support/accounts';
import { ADULT, FIELD, labelled, openAquaTickets, sign, visitorSection, visitorsDialog } from './support/aquaPark';
import { fb, productCard, stepperMore, storedCartLines, toastWith, venueDay, vt } from './support/booking';
import { copy } from './support/shell';
import { watchPageErrors } from './support/portal';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const SHOTS = '/work/shots/rest';
mkdirSync(SHOTS, { recursive: true });

const PASSPORT = { number: 'N1234567', issued: venueDay(-400), place: { en: 'Muscat', ar: 'مسقط' }, reason: { en: 'Swimming lessons', ar: 'دروس السباحة' } } as const;

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-3.10] a visitor with a passport gives its issue date, place of birth and expiry, and a booking reason (${layout.name}, ${lang})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const errors = watchPageErrors(page);
      await signIn(page, request, 'customer');
      await openOn(page, layout, lang, `/service/2?lang=${lang}`);
      const dialog = await openAquaTickets(page, lang, venueDay(5));
      const adult = productCard(dialog, ADULT[lang]);
      await stepperMore(adult, lang, 'tickets.numberOfTickets').click();
      await stepperMore(adult, lang, 'tickets.numberOfTickets').click();
      await adult.getByRole('button', { name: fb(lang, 'tickets.addToCart'), exact: true }).click();

      const visitors = visitorsDialog(page, lang);
      const first = visitorSection(visitors, lang, 1);
      const second = visitorSection(visitors, lang, 2);
      await expect(second).toBeVisible();
      // An Emirates ID asks for its expiry only; a passport for its issue date and place of birth too.
      await expect(labelled(second, vt(lang, 'fields.expiryDate'))).toBeVisible();
      await expect(labelled(second, vt(lang, 'fields.passportIssueDate'))).toHaveCount(0);
      await second.getByRole('radio', { name: vt(lang, 'idProofTypes.33') }).check();
      await expect(labelled(second, vt(lang, 'fields.passportIssueDate'))).toBeVisible();
      await expect(labelled(second, vt(lang, 'fields.placeOfBirth'))).toBeVisible();
      await expect(labelled(second, vt(lang, 'fields.bookingReason'))).toBeVisible();

      await first.getByRole('textbox', { name: vt(lang, 'fields.emiratesId'), exact: true }).fill('784-1990-1234567-6');
      await labelled(first, FIELD.contactName[lang]).fill('Sara Hassan');
      await first.getByRole('radio', { name: FIELD.beginner[lang] }).check();
      await labelled(first, FIELD.contactNumber[lang]).fill('0501112233');
      await sign(page, first, lang);
      await labelled(second, vt(lang, 'fields.name')).fill('Mira Saleh');
      await labelled(second, vt(lang, 'fields.email')).fill('mira.saleh@example.com');
      await labelled(second, copy(lang, 'account:fields.mobile')).fill('0509990002');
      await labelled(second, vt(lang, 'fields.dob')).fill('1995-02-14');
      await labelled(second, vt(lang, 'fields.idNumber')).fill(PASSPORT.number);
      await labelled(second, vt(lang, 'fields.passportIssueDate')).fill(PASSPORT.issued);
      await labelled(second, vt(lang, 'fields.placeOfBirth')).fill(PASSPORT.place[lang]);
      // An ID that expires before the visit is refused, and nothing typed is lost.
      await labelled(second, vt(lang, 'fields.expiryDate')).fill(venueDay(4));
      await labelled(second, vt(lang, 'fields.bookingReason')).fill(PASSPORT.reason[lang]);
      await labelled(second, FIELD.contactName[lang]).fill('Layla Hassan');
      await second.getByRole('radio', { name: FIELD.beginner[lang] }).check();
      await labelled(second, FIELD.contactNumber[lang]).fill('0501112233');
      await sign(page, second, lang);
      await visitors.getByRole('checkbox', { name: copy(lang, 'account:terms.agree').replace(/<\/?terms>/g, '') }).check();
      const submit = visitors.getByRole('button', { name: vt(lang, 'submit'), exact: true });
      await submit.click();
      await expect(second.getByText(copy(lang, 'validation:profile.expiryPast'), { exact: true })).toBeVisible();
      await expect(labelled(second, vt(lang, 'fields.placeOfBirth'))).toHaveValue(PASSPORT.place[lang]);
      await expect(labelled(second, vt(lang, 'fields.bookingReason'))).toHaveValue(PASSPORT.reason[lang]);
      await second.scrollIntoViewIfNeeded();
      await checkScreen(page, 'dialog[open]', `${SHOTS}/visitor-passport-${layout.name}-${lang}.png`);

      const expiry = venueDay(3650);
      await labelled(second, vt(lang, 'fields.expiryDate')).fill(expiry);
      await submit.click();
      await expect(visitors).toHaveCount(0);
      await expect(toastWith(page, fb(lang, 'notices.addedToCart'))).toBeVisible();
      const [line] = await storedCartLines(page);
      expect(line?.customers[1]).toMatchObject({
        name: 'Mira Saleh',
        id_proof_type_id: 33,
        id_proof_number: PASSPORT.number,
        passport_issue_date: PASSPORT.issued,
        place_of_birth: PASSPORT.place[lang],
        expiry_date: expiry,
        booking_reason: PASSPORT.reason[lang],
      });
      expect(errors).toEqual([]);
    });
  }
}
