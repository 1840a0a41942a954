import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const errors = (lang: string) => JSON.parse(readFileSync(new URL(`./locales/${lang}/errors.json`, import.meta.url), 'utf8')) as Record<string, string>;

describe('translated message keys', () => {
  it.each(['en', 'ar'])('[S0-8.21] %s has the invalid promo, username or mobile not found, and transaction failed messages', (lang) => {
    const messages = errors(lang);
    for (const key of ['invalidPromo', 'usernameNotFound', 'mobileNotFound', 'transactionFailed', 'sessionExpired']) {
      expect(messages[key], key).toMatch(/\S/);
    }
    if (lang === 'en') expect(messages.sessionExpired).toBe('Session expired, please login again');
  });
});
