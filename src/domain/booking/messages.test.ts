import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { BOOKING_NAMESPACE, bookingMessage, wholeQuantity, type BookingMessage } from './messages';

type Table = Record<string, unknown>;

/** Read from disk, as the UI's bundle would load them, rather than imported across the layer boundary. */
function locale(lang: 'en' | 'ar'): Table {
  return JSON.parse(readFileSync(new URL(`../../i18n/locales/${lang}/booking.json`, import.meta.url), 'utf8')) as Table;
}

function leaves(table: Table, prefix = ''): [string, string][] {
  return Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value as Table, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();

async function render(lang: 'en' | 'ar', message: BookingMessage): Promise<string> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: 'en',
    ns: [BOOKING_NAMESPACE],
    interpolation: { escapeValue: false },
    resources: { en: { [BOOKING_NAMESPACE]: locale('en') }, ar: { [BOOKING_NAMESPACE]: locale('ar') } },
  });
  return instance.t(`${BOOKING_NAMESPACE}:${message.key}`, message.values);
}

describe('booking rule messages', () => {
  it.each<[string, BookingMessage, string]>([
    ['[S1-8.5]', bookingMessage('rules.capacityReached'), 'Maximum capacity reached'],
    ['[S1-8.6]', bookingMessage('rules.capacityExceeded', { remaining: 3, requested: 8 }), 'Maximum capacity reached, remaining capacity is 3, requested capacity is 8'],
    ['[S1-8.4]', bookingMessage('rules.addonMaxReached', { max: 12 }), 'Max quantity 12 reached'],
    ['[S1-8.7]', bookingMessage('rules.participantThreshold', { max: 4 }), 'Maximum of 4 participants allowed to book per session'],
    ['[S1-8.8]', bookingMessage('rules.dependentTicket'), 'Dependent ticket cannot be booked at the same time'],
  ])('%s English reads exactly as the spec writes it', async (_id, message, english) => {
    expect(await render('en', message)).toBe(english);
  });

  it('[S1-9.10] [S1-9.11] time-range labels: All slots and the eight 3-hour ranges', () => {
    expect(locale('en').timeRanges).toEqual({
      all: 'All slots',
      '00-03': '12 AM - 3 AM',
      '03-06': '3 AM - 6 AM',
      '06-09': '6 AM - 9 AM',
      '09-12': '9 AM - 12 PM',
      '12-15': '12 PM - 3 PM',
      '15-18': '3 PM - 6 PM',
      '18-21': '6 PM - 9 PM',
      '21-24': '9 PM - 12 AM',
    });
  });

  it('Arabic translates every key with the same placeholders', async () => {
    const arabic = new Map(leaves(locale('ar')));
    for (const [key, english] of leaves(locale('en'))) {
      const translated = arabic.get(key);
      expect(translated, key).toMatch(/[\u0600-\u06FF]/);
      expect(placeholders(translated ?? ''), key).toEqual(placeholders(english));
    }
    expect(arabic.size).toBe(leaves(locale('en')).length);
    expect(await render('ar', bookingMessage('rules.addonMaxReached', { max: 12 }))).toContain('12');
  });

  it('a descriptor carries values only when given', () => {
    expect(bookingMessage('rules.capacityReached')).toEqual({ key: 'rules.capacityReached' });
    expect(bookingMessage('rules.addonMaxReached', { max: 1 })).toEqual({ key: 'rules.addonMaxReached', values: { max: 1 } });
  });

  it.each<[number, number]>([
    [3, 3],
    [2.7, 2],
    [0, 0],
    [-1, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('[S1-5.52] wholeQuantity(%s) = %s', (quantity, whole) => {
    expect(wholeQuantity(quantity)).toBe(whole);
  });
});
