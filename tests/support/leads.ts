import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { PAGE_SETTLED_MS } from '../../src/app/whenIdle';
import { copy, escapeRegExp } from './shell';

/** What the lead form suite shares: the demo form in both languages, its dialog and fields, the stored leads. */

export type Lang = 'en' | 'ar';

/** The demo venue's lead form (server/seed/leads.ts) as each language shows it. */
export const LEAD_FORM = {
  en: {
    title: 'Stay in touch',
    name: 'Full name',
    email: 'Email',
    mobile: 'Mobile number',
    interests: 'Interests',
    tennis: 'Tennis',
    bowling: 'Bowling',
    time: 'Best time to call',
    evening: 'Evening',
    heard: 'How did you hear about us?',
    friend: 'A friend',
    message: 'Message',
  },
  ar: {
    title: 'ابقَ على تواصل',
    name: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    mobile: 'رقم الجوال',
    interests: 'الاهتمامات',
    tennis: 'التنس',
    bowling: 'البولينج',
    time: 'أفضل وقت للاتصال',
    evening: 'المساء',
    heard: 'كيف عرفت عنا؟',
    friend: 'صديق',
    message: 'رسالتك',
  },
} as const;

export const lt = (lang: Lang, key: string, values: Record<string, string | number> = {}) =>
  copy(lang, `leads:${key}`).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** A message of the validation namespace, its placeholders filled. */
export const vm = (lang: Lang, key: string, values: Record<string, string> = {}) =>
  copy(lang, `validation:${key}`).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);


/** How long the home page's lead form may take to decide whether it opens: PAGE_SETTLED_MS, then the idle time. */
export const LEAD_SETTLING_TIMEOUT_MS = PAGE_SETTLED_MS + 15_000;

/** The lead section has counted the page settled: by now the form has opened by itself, or it will not. */
export async function leadSectionSettled(page: Page) {
  await expect(page.locator('.home-leads')).toHaveAttribute('data-settled', 'true', { timeout: LEAD_SETTLING_TIMEOUT_MS });
}

export const leadDialog = (page: Page, lang: Lang) => page.getByRole('dialog', { name: LEAD_FORM[lang].title, exact: true });

/** A text field, text area or list of the form by its label (a required field's label ends with '*'). */
export const leadField = (dialog: Locator, label: string) => dialog.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));

export const leadButton = (page: Page, lang: Lang) => page.getByRole('main').getByRole('button', { name: lt(lang, 'section.open'), exact: true });

export const sendButton = (dialog: Locator, lang: Lang) => dialog.getByRole('button', { name: lt(lang, 'dialog.submit'), exact: true });

export type LeadValues = { name: string; email: string; mobile: string; message: string };

export const SAM: LeadValues = { name: 'Sam Visitor', email: 'sam@example.com', mobile: '050 123 4567', message: 'Weekend tennis lessons, please.' };

/** The choice fields of the demo form: two interests, a time and where the visitor heard of the venue. */
export async function fillChoices(dialog: Locator, lang: Lang) {
  const f = LEAD_FORM[lang];
  const interests = dialog.getByRole('group', { name: f.interests, exact: true });
  await interests.getByRole('checkbox', { name: f.tennis, exact: true }).check();
  await interests.getByRole('checkbox', { name: f.bowling, exact: true }).check();
  await dialog.getByRole('group', { name: f.time, exact: true }).getByRole('radio', { name: f.evening, exact: true }).check();
  await leadField(dialog, f.heard).selectOption({ label: f.friend });
}

/** The text fields of the demo form. */
export async function fillTexts(dialog: Locator, lang: Lang, values: LeadValues = SAM) {
  const f = LEAD_FORM[lang];
  await leadField(dialog, f.name).fill(values.name);
  await leadField(dialog, f.email).fill(values.email);
  await leadField(dialog, f.mobile).fill(values.mobile);
  await leadField(dialog, f.message).fill(values.message);
}

/** Fills every field of the demo form, one of each type. */
export async function fillLead(dialog: Locator, lang: Lang, values: LeadValues = SAM) {
  await fillTexts(dialog, lang, values);
  await fillChoices(dialog, lang);
}

/** Checks that every answer of `fillLead` is still there. */
export async function expectFilled(dialog: Locator, lang: Lang, values: LeadValues = SAM) {
  const f = LEAD_FORM[lang];
  await expect(leadField(dialog, f.name)).toHaveValue(values.name);
  await expect(leadField(dialog, f.email)).toHaveValue(values.email);
  await expect(leadField(dialog, f.mobile)).toHaveValue(values.mobile);
  const interests = dialog.getByRole('group', { name: f.interests, exact: true });
  await expect(interests.getByRole('checkbox', { name: f.tennis, exact: true })).toBeChecked();
  await expect(interests.getByRole('checkbox', { name: f.bowling, exact: true })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: f.evening, exact: true })).toBeChecked();
  await expect(leadField(dialog, f.heard)).toHaveValue('A friend');
  await expect(leadField(dialog, f.message)).toHaveValue(values.message);
}

export type StoredLead = {
  id: number;
  lead_action_list_id: number;
  idempotency_key: string | null;
  /** The terminal whose device key vouched for the lead instead of a captcha answer. */
  terminal_id: number | null;
  answers: { form_fields: { field_name: string; answer: unknown }[] };
};

/** Every lead the server stored (GET dev/leads, newest first). */
export async function storedLeads(request: APIRequestContext, origin = ''): Promise<StoredLead[]> {
  const response = await request.get(`${origin}/api/v1/dev/leads`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: StoredLead[] }).data;
}

export const answerOf = (lead: StoredLead | undefined, field: string) => lead?.answers.form_fields.find((each) => each.field_name === field)?.answer;


/**
 * For suites about other things: marks the lead form as dismissed in every page of this test before the app starts,
 * so the home page does not open it by itself (the demo venue has a lead form, S1-4.36).
 */
export async function skipLeadForm(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    try {
      sessionStorage.setItem('portal.leadForm.dismissed', '1');
    } catch {
      // No session storage: nothing to mark.
    }
  });
}
