import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { VERSION_POLL_MS, isNewerVersion, reloadUrlWithVersion } from './version';

describe('version check', () => {
  it('[S0-9.16] polls every minute', () => {
    expect(VERSION_POLL_MS).toBe(60000);
  });

  it.each<[string, string | null, string, boolean]>([
    ['[S0-4.18] nothing stored yet: the first read becomes the baseline', null, '1.0.0', false],
    ['same version', '1.0.0', '1.0.0', false],
    ['[S0-4.19] a later different version', '1.0.0', '1.0.1', true],
    ['[S0-4.19] any difference counts, even an older one', '2.0.0', '1.9.9', true],
  ])('%s', (_title, first, latest, expected) => {
    expect(isNewerVersion(first, latest)).toBe(expected);
  });

  it.each<[string, number, string]>([
    ['https://venue.example/events', 1700000000, 'https://venue.example/events?v=1700000000'],
    ['https://venue.example/events?lang=ar#tickets', 1700000000, 'https://venue.example/events?lang=ar&v=1700000000#tickets'],
    ['https://venue.example/?v=1&lang=en', 1700000001, 'https://venue.example/?v=1700000001&lang=en'],
    ['https://venue.example/?v=1&v=2', 1700000001.9, 'https://venue.example/?v=1700000001'],
    ['/profile/user?tab=x', 1700000000, '/profile/user?tab=x&v=1700000000'],
    ['/#facilities', 5, '/?v=5#facilities'],
  ])('[S0-8.12] reloadUrlWithVersion(%s, %s) = %s', (href, seconds, expected) => {
    expect(reloadUrlWithVersion(href, seconds)).toBe(expected);
  });

  it('[S0-8.12] keeps the path and other parameters and sets exactly one v', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.integer({ min: 0, max: 2 ** 31 }), (href, seconds) => {
        const result = new URL(reloadUrlWithVersion(href, seconds));
        const original = new URL(href);
        expect(result.searchParams.getAll('v')).toEqual([String(seconds)]);
        expect(result.pathname).toBe(original.pathname);
        expect(result.hash).toBe(original.hash);
        original.searchParams.delete('v');
        result.searchParams.delete('v');
        expect(result.searchParams.toString()).toBe(original.searchParams.toString());
      }),
    );
  });
});
