import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldMessage, message, translateMessage, VALIDATION_NAMESPACE, type MessageDescriptor } from './messages';
import { messageText } from './messageText';

type Table = Record<string, unknown>;

/** Read from disk, as the UI's bundle would load them, rather than imported across the layer boundary. */
function locale(lang: 'en' | 'ar'): Table {
  return JSON.parse(readFileSync(new URL(`../../i18n/locales/${lang}/validation.json`, import.meta.url), 'utf8')) as Table;
}

function leaves(table: Table, prefix = ''): [string, string][] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as Table, `${prefix}${key}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

async function i18nIn(lang: 'en' | 'ar') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: 'en',
    ns: [VALIDATION_NAMESPACE],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    resources: { en: { [VALIDATION_NAMESPACE]: locale('en') }, ar: { [VALIDATION_NAMESPACE]: locale('ar') } },
  });
  return instance;
}

const samples: MessageDescriptor[] = [
  fieldMessage('required', { labelKey: 'email' }),
  fieldMessage('required', 'Company'),
  fieldMessage('name.tooShort', { labelKey: 'firstName' }, { min: 2 }),
  message('password.minLength', { min: 8 }),
  message('upload.invalidType', { types: 'jpeg, png, pdf' }),
  message('form.loginRequired'),
];

describe('validation messages', () => {
  it('[S0-5.1] messageText fills a labelled field from the bundled English table', () => {
    expect(messageText(fieldMessage('required', { labelKey: 'email' }))).toBe('Email is required');
    expect(messageText(fieldMessage('required', { labelKey: 'purposeOfVisit' }))).toBe('Purpose of visit is required');
  });

  it('[S0-5.1] [S1-5.16] [S1-5.61] a field named in plain text is shown as given', () => {
    expect(messageText(fieldMessage('required', 'Company name'))).toBe('Company name is required');
  });

  it('keeps an unknown placeholder visible instead of dropping it', () => {
    expect(messageText({ key: 'required' })).toBe('{{field}} is required');
  });

  it('the bundled English table is the English locale file', () => {
    for (const [key, text] of leaves(locale('en'))) expect(messageText({ key } as MessageDescriptor)).toBe(text);
  });

  it('Arabic has every key, a translation of its own and the same placeholders', () => {
    const english = new Map(leaves(locale('en')));
    const arabic = new Map(leaves(locale('ar')));
    expect([...arabic.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      const translated = arabic.get(key) ?? '';
      expect(translated, key).not.toBe(text);
      expect(translated, key).toMatch(/\p{Script=Arabic}/u);
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('i18next renders the same English text as messageText', async () => {
    const { t } = await i18nIn('en');
    for (const sample of samples) expect(translateMessage(sample, t)).toBe(messageText(sample));
  });

  it('i18next renders Arabic with the field label translated too', async () => {
    const { t } = await i18nIn('ar');
    expect(translateMessage(fieldMessage('required', { labelKey: 'email' }), t)).toBe('حقل البريد الإلكتروني مطلوب');
    expect(translateMessage(message('password.minLength', { min: 8 }), t)).toBe('يجب ألا يقل عدد الأحرف عن 8');
  });
});
