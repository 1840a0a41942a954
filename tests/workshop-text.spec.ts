import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { checkScreen, LANGS, LAYOUTS, resetServer } from './helpers';
import { openOn } from './support/accounts';
import { shownTime, textsOf } from './support/booking';
import { copy, escapeRegExp } from './support/shell';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ request }) => {
  await resetServer(request);
});

const SHOTS = '/work/shots/rest';
mkdirSync(SHOTS, { recursive: true });

const cat = textsOf('catalogue');
const TENNIS = { id: 2, name: { en: 'Tennis Academy', ar: 'أكاديمية التنس' }, slots: [['17:00', '18:30'], ['18:30', '20:00']] } as const;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

for (const layout of LAYOUTS) {
  for (const lang of LANGS) {
    test(`[S0-3.31] a workshop shows its date range, its days and its time slots (${layout.name}, ${lang})`, async ({ page }) => {
      await openOn(page, layout, lang, `/academy/${TENNIS.id}?lang=${lang}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: TENNIS.name[lang] })).toBeVisible();
      // 'ddd, DD MMM YYYY to ddd, DD MMM YYYY' in the page's language (its own digits in Arabic).
      const [before, between] = copy(lang, 'pages:catalogue.dateRange').split(/\{\{from\}\}|\{\{to\}\}/);
      const day = '\\S+ [\\d٠-٩]{2} \\S+ [\\d٠-٩]{4}';
      await expect(main.getByText(new RegExp(`^${escapeRegExp(before ?? '')}${day}${escapeRegExp(between ?? '')}${day}$`))).toBeVisible();
      const schedule = main.getByRole('region', { name: copy(lang, 'pages:catalogue.schedule'), exact: true });
      await expect(schedule.getByRole('listitem')).toHaveText(TENNIS.slots.map(([from, to]) => `${shownTime(from)} – ${shownTime(to)}`));
      const days = main.getByRole('group', { name: cat(lang, 'academy.days'), exact: true });
      await expect(days.getByRole('checkbox')).toHaveCount(7);
      for (const weekday of WEEKDAYS) await expect(days.getByRole('checkbox', { name: cat(lang, `academy.weekdays.${weekday}`), exact: true })).toBeVisible();
      await checkScreen(page, 'main', `${SHOTS}/workshop-${layout.name}-${lang}.png`);
    });
  }
}
