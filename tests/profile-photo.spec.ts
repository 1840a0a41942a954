import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { checkScreen, LANGS, LAYOUTS, open, resetServer, signIn } from './helpers';
import { openOn } from './support/accounts';
import { TINY_PNG, type Lang } from './support/booking';
import { copy } from './support/shell';
import { watchPageErrors } from './support/portal';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const SHOTS = '/work/shots/rest';
mkdirSync(SHOTS, { recursive: true });

const p = (lang: Lang, key: string) => copy(lang, `profile:${key}`);

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-3.35] the profile shows date of birth, gender, nationality, religion, ID card, photo and customer tag; the own photo can be removed for good (${layout.name}, ${lang})`, async ({ page, request }) => {
      const errors = watchPageErrors(page);
      const { token } = await signIn(page, request, 'customer');
      const uploaded = await request.post('/api/v1/customers/profile/image', {
        headers: { Authorization: `Bearer ${token}` },
        multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG } },
      });
      expect(uploaded.ok(), await uploaded.text()).toBeTruthy();

      await openOn(page, layout, lang, `/profile/user?lang=${lang}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('img', { name: p(lang, 'photo.alt') })).toBeVisible();
      // The demo customer's saved details, each under its label.
      await expect(main.getByLabel(p(lang, 'form.dob'))).toHaveValue('1990-04-12');
      await expect(main.getByRole('radiogroup', { name: p(lang, 'form.gender') }).or(main.getByRole('group', { name: p(lang, 'form.gender') }))).toBeVisible();
      for (const key of ['form.nationality', 'form.religion', 'form.customerTag', 'form.idProofType']) await expect(main.getByLabel(p(lang, key), { exact: true })).not.toHaveValue('');
      await expect(main.getByLabel(new RegExp(`^${p(lang, 'form.emiratesId')}`))).toHaveValue('784199012345676');
      await expect(main.getByLabel(p(lang, 'form.idExpiry'))).not.toHaveValue('');
      const remove = main.getByRole('button', { name: p(lang, 'photo.remove'), exact: true });
      await expect(remove).toBeVisible();
      await checkScreen(page, 'main', `${SHOTS}/profile-photo-${layout.name}-${lang}.png`);

      await remove.click();
      await expect(main.getByRole('img', { name: p(lang, 'photo.alt') })).toHaveCount(0);
      await expect(remove).toHaveCount(0);
      await expect(main.getByRole('button', { name: p(lang, 'photo.add'), exact: true })).toBeVisible();
      await checkScreen(page, 'main', `${SHOTS}/profile-photo-removed-${layout.name}-${lang}.png`);

      // A fresh page: the server no longer has the photo.
      const reloaded = await page.context().newPage();
      await open(reloaded, `/profile/user?lang=${lang}`);
      await expect(reloaded.getByRole('main').getByRole('button', { name: p(lang, 'photo.add'), exact: true })).toBeVisible();
      await expect(reloaded.getByRole('main').getByRole('img', { name: p(lang, 'photo.alt') })).toHaveCount(0);
      expect(errors).toEqual([]);
    });
  }
}
