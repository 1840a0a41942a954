import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FIRST_SCREEN_ELEMENT_ID } from './firstScreen';
import {
  FIRST_SCREEN_MARK,
  htmlLang,
  keepingDecision,
  keptAt,
  keptPageKey,
  keptPagesCacheName,
  markKept,
  MAX_KEPT_PAGES,
  overflowing,
  pageAssets,
  precachedPaths,
  startPageCacheName,
  startPageKey,
  unkeepable,
} from './keptPages';

const ORIGIN = 'https://venue.example';
const key = (address: string) => keptPageKey(new URL(address, ORIGIN));

describe('keptPageKey', () => {
  it.each([
    ['/events?lang=ar', `${ORIGIN}/events?lang=ar`],
    ['/events/?lang=ar', `${ORIGIN}/events?lang=ar`],
    ['/', `${ORIGIN}/`],
    ['/events?page=2&lang=en', `${ORIGIN}/events?lang=en&page=2`],
    ['/events?lang=en&page=2', `${ORIGIN}/events?lang=en&page=2`],
    ['/events?lang=en&v=1764190000', `${ORIGIN}/events?lang=en`],
    ['/events?utm_source=flyer&fbclid=x&gclid=y', `${ORIGIN}/events`],
    ['/events#top', `${ORIGIN}/events`],
  ])('%s is kept as %s', (address, expected) => {
    expect(key(address)).toBe(expected);
  });

  it.each(['/?mode=kiosk', '/events?mode=KIOSK&lang=ar'])('%s (kiosk mode) is never kept', (address) => {
    expect(key(address)).toBeNull();
  });

  it('keeps the two languages of a page apart, and a page without lang apart from both', () => {
    const keys = new Set(['/events/1?lang=en', '/events/1?lang=ar', '/events/1'].map(key));
    expect(keys.size).toBe(3);
  });

  it("reads an address without lang as the page in the device's language", () => {
    expect(keptPageKey(new URL('/events/1?page=2', ORIGIN), 'ar')).toBe(key('/events/1?page=2&lang=ar'));
    expect(keptPageKey(new URL('/events/1?lang=en', ORIGIN), 'ar')).toBe(key('/events/1?lang=en'));
  });

  it('does not depend on the order of the parameters, nor on the version stamp', () => {
    const parameter = fc.tuple(fc.constantFrom('lang', 'page', 'category', 'q', 'v'), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.array(parameter, { maxLength: 6 }), (parameters) => {
        const url = new URL('/events', ORIGIN);
        for (const [name, value] of parameters) url.searchParams.append(name, value);
        const shuffled = new URL('/events', ORIGIN);
        for (const [name, value] of [...parameters].reverse()) shuffled.searchParams.append(name, value);
        shuffled.searchParams.set('v', '1');
        expect(keptPageKey(shuffled)).toBe(keptPageKey(url));
      }),
    );
  });
});

describe('startPageKey', () => {
  it("keys a terminal's start page whatever the order and case of its parameters", () => {
    expect(startPageKey(new URL('/?mode=kiosk&attract=1&lang=ar', ORIGIN))).toBe(`${ORIGIN}/?attract=1&lang=ar&mode=kiosk`);
    expect(startPageKey(new URL('/?lang=ar&attract=1&mode=KIOSK', ORIGIN))).toBe(`${ORIGIN}/?attract=1&lang=ar&mode=kiosk`);
    expect(startPageKey(new URL('/?mode=kiosk&attract=1&lang=en', ORIGIN))).not.toBe(startPageKey(new URL('/?mode=kiosk&attract=1&lang=ar', ORIGIN)));
  });

  it.each(['/?mode=kiosk&lang=en', '/?attract=1&lang=en', '/?mode=kiosk&attract=1', '/events?mode=kiosk&attract=1&lang=en', '/?mode=web&attract=1&lang=en'])(
    '%s is no start page',
    (address) => {
      expect(startPageKey(new URL(address, ORIGIN))).toBeNull();
    },
  );
});

describe('keepingDecision', () => {
  it.each([
    [{ signedIn: false, kiosk: false, rendersOnServer: true }, 'keep'],
    [{ signedIn: false, kiosk: false, rendersOnServer: false }, 'leave'],
    [{ signedIn: false, kiosk: null, rendersOnServer: true }, 'leave'],
    [{ signedIn: true, kiosk: false, rendersOnServer: true }, 'forgetAll'],
    [{ signedIn: true, kiosk: null, rendersOnServer: false }, 'forgetAll'],
    [{ signedIn: false, kiosk: true, rendersOnServer: true }, 'forgetAll'],
  ] as const)('%j: %s', (page, decision) => {
    expect(keepingDecision(page)).toBe(decision);
  });
});

const page = (lang: string, head = '') =>
  `<!doctype html><html lang="${lang}" dir="ltr"><head>${head}<style>@font-face{src:url(/assets/noto-400.woff2)}</style>` +
  `<script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/app-def.js"></head>` +
  `<body><div id="root"><h1>Cup final</h1></div><script type="application/json" id="first-screen">{}</script></body></html>`;
const PRECACHED = precachedPaths([{ url: 'assets/index-abc.js', revision: null }, 'assets/app-def.js', { url: 'assets/noto-400.woff2' }, { url: 'index.html', revision: '1' }]);

describe('unkeepable', () => {
  it('keeps a rendered page in the language on screen whose assets are all precached', () => {
    expect(unkeepable(page('en'), { lang: 'en', precached: PRECACHED })).toBeNull();
  });

  it.each([
    ['the plain shell', page('en').replace(' id="first-screen"', ''), 'en', 'notRendered'],
    ['a page in another language', page('en'), 'ar', 'otherLanguage'],
    ['a page naming a file of another build', page('en', '<link rel="modulepreload" href="/assets/new-999.js">'), 'en', 'assetNotPrecached'],
  ])('refuses %s', (_, html, lang, reason) => {
    expect(unkeepable(html, { lang, precached: PRECACHED })).toBe(reason);
  });

  it("recognises the server's data block by the id it is given", () => {
    expect(FIRST_SCREEN_MARK).toBe(`id="${FIRST_SCREEN_ELEMENT_ID}"`);
  });

  it('lists each file the page loads once, leaving out the fonts its styles name with fallbacks', () => {
    expect(pageAssets(page('en') + page('en')).sort()).toEqual(['/assets/app-def.js', '/assets/index-abc.js']);
  });
});

describe('markKept and keptAt', () => {
  it('marks the html element with when it was kept, and reads it back', () => {
    const marked = markKept(page('ar'), 1764190000123.7);
    expect(marked).toContain('<html data-kept-at="1764190000123" lang="ar"');
    expect(htmlLang(marked)).toBe('ar');
    expect(keptAt(/data-kept-at="(\d+)"/.exec(marked)![1]!)).toBe(1764190000123);
  });

  it.each([null, '', 'soon', '12a'])('reads %j as a page not kept', (attribute) => {
    expect(keptAt(attribute)).toBeNull();
  });
});

describe('overflowing', () => {
  it('drops the oldest keys past the bound, and nothing within it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 60 }), (keys) => {
        const dropped = overflowing(keys);
        expect(keys.length - dropped.length).toBe(Math.min(keys.length, MAX_KEPT_PAGES));
        expect(dropped).toEqual(keys.slice(0, dropped.length));
      }),
    );
  });
});

describe('keptPagesCacheName', () => {
  it('changes with any file of a new build and stays the same for the same build', () => {
    const build = [{ url: 'index.html', revision: 'a1' }, { url: 'assets/index-abc.js', revision: null }];
    expect(keptPagesCacheName(build)).toBe(keptPagesCacheName([...build]));
    expect(keptPagesCacheName(build)).not.toBe(keptPagesCacheName([{ url: 'index.html', revision: 'a2' }, build[1]!]));
    expect(keptPagesCacheName(build)).not.toBe(keptPagesCacheName([build[0]!, { url: 'assets/index-abd.js', revision: null }]));
    expect(keptPagesCacheName(build)).toMatch(/^kept-pages-[0-9a-z]+$/);
  });

  it("names the build's start-page cache with the same build id, under its own prefix", () => {
    const build = [{ url: 'index.html', revision: 'a1' }];
    expect(startPageCacheName(build).replace(/^start-page-/, '')).toBe(keptPagesCacheName(build).replace(/^kept-pages-/, ''));
  });
});
