/**
 * Kept pages: the service worker (src/sw.ts) answers a navigation to a public page with the last HTML the server
 * rendered for it, so a warm start paints from HTML at once instead of waiting for the app's modules, and fetches a
 * fresh copy for next time. The app (src/services/keptPages.ts) says which pages may be kept; these are the rules
 * both sides share.
 */

/** Every kept-pages cache is named with this prefix and its build's id: a new version drops the old build's pages. */
export const KEPT_PAGES_CACHE_PREFIX = 'kept-pages-';

/**
 * An empty cache of this name says the device keeps no pages now (a visitor is signed in, or it is a kiosk): the
 * service worker then neither serves nor keeps one, whichever tab asks. Not under the prefix, so no build drops it.
 */
export const KEEPS_NO_PAGES_CACHE = 'keeps-no-pages';

/** 12 pages in both languages: a kiosk's catalogue pages and a phone's usual ones, a few hundred kB at most. */
export const MAX_KEPT_PAGES = 24;

/**
 * How a server-rendered page's data block opens (src/domain/firstScreen.ts, FIRST_SCREEN_ELEMENT_ID). Written out, not
 * imported: that module brings the route table and zod, which the service worker would then load at every start.
 */
export const FIRST_SCREEN_MARK = 'id="first-screen"';

/** The attribute a kept page's `<html>` carries: when the service worker stored it (ms since the epoch). */
export const KEPT_AT_ATTRIBUTE = 'data-kept-at';

/**
 * Query parameters that do not change what a page shows: the version reload's stamp (S0-8.12) and campaign tags.
 * Any other parameter (lang, page, filters) is part of the key.
 */
const IGNORED_PARAMETER = /^(?:v|utm_\w+|fbclid|gclid)$/;

/**
 * The cache key of a navigation: origin, path and the parameters that change the page, sorted; or null for a page
 * that is never kept (kiosk mode starts on the client, and never without its terminal's settings). An address without
 * `lang` shows the page in the device's language (the app reads the visitor's choice), so it is the same page as the
 * address with that language; with no device language known, it has a key of its own, which nothing is kept under.
 */
export function keptPageKey(url: URL, deviceLang: string | null = null): string | null {
  if (url.searchParams.get('mode')?.toLowerCase() === 'kiosk') return null;
  const parameters: [string, string][] = [];
  if (deviceLang && !url.searchParams.has('lang')) parameters.push(['lang', deviceLang]);
  // forEach, not iteration: the service worker's lib (WebWorker) types URLSearchParams without an iterator.
  url.searchParams.forEach((value, name) => {
    if (!IGNORED_PARAMETER.test(name)) parameters.push([name, value]);
  });
  parameters.sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)));
  const query = new URLSearchParams(parameters).toString();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return `${url.origin}${path}${query ? `?${query}` : ''}`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export type KeepingDecision = 'keep' | 'forgetAll' | 'leave';

/**
 * What the app does with the page on screen: a signed-in visitor (a guest too: the server renders the anonymous
 * header, which would then flip) or a kiosk terminal keeps no page at all, so none is left from before; until the
 * terminal's settings are read (`kiosk: null`), and on a page the server does not render (personal pages, cart,
 * payment, login), nothing changes; a public page is kept.
 */
export function keepingDecision(page: { signedIn: boolean; kiosk: boolean | null; rendersOnServer: boolean }): KeepingDecision {
  if (page.signedIn || page.kiosk === true) return 'forgetAll';
  return page.kiosk === false && page.rendersOnServer ? 'keep' : 'leave';
}

/** Why a server answer cannot be kept, or null when it can. */
export type Unkeepable = 'notRendered' | 'otherLanguage' | 'assetNotPrecached';

/**
 * A server's HTML may be kept when it is a rendered page (it carries the first-screen data; the plain shell is in the
 * precache already), in the language the app shows, and every asset it names is in this build's precache: a page of
 * another build (the server updated before the service worker) would ask for files the device does not hold.
 */
export function unkeepable(html: string, { lang, precached }: { lang: string; precached: ReadonlySet<string> }): Unkeepable | null {
  if (!html.includes(FIRST_SCREEN_MARK)) return 'notRendered';
  if (htmlLang(html) !== lang) return 'otherLanguage';
  return pageAssets(html).every((asset) => precached.has(asset)) ? null : 'assetNotPrecached';
}

/** The language of a page's `<html>` element, or null. */
export function htmlLang(html: string): string | null {
  return /<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1] ?? null;
}

/**
 * The build's files a page loads (scripts, module preloads, stylesheets: its `src` and `href`), as absolute paths.
 * Fonts named in its inline styles are left out: each lists fallbacks (woff after woff2) the browser never asks for,
 * and the build precaches the ones it does (woff2).
 */
export function pageAssets(html: string): string[] {
  return [...new Set(Array.from(html.matchAll(/\s(?:src|href)="(\/assets\/[^"?#]+)/g), (match) => match[1]!))];
}

/** The page as kept: its `<html>` marked with when, so the app knows its data is a device copy. */
export function markKept(html: string, keptAt: number): string {
  return html.replace(/<html\b/i, `<html ${KEPT_AT_ATTRIBUTE}="${Math.floor(keptAt)}"`);
}

/** When a page on screen was kept, or null for a page from the server or the plain shell. */
export function keptAt(attribute: string | null): number | null {
  if (attribute === null || !/^\d+$/.test(attribute)) return null;
  return Number(attribute);
}

/** The oldest keys past the bound, given keys oldest first (a cache lists its entries in the order they were put). */
export function overflowing<T>(keysOldestFirst: readonly T[], max = MAX_KEPT_PAGES): T[] {
  return keysOldestFirst.slice(0, Math.max(0, keysOldestFirst.length - max));
}

/**
 * A kiosk terminal's start page (the attract screen its visitor wipe restarts at) is kept apart from the kept pages:
 * a terminal keeps none of those (its visitors' pages), and the mark that stops them while a visitor is signed in
 * does not apply, since the start page is fetched without cookies and rendered for nobody (a visitor's wipe leaves it).
 */
export const START_PAGE_CACHE_PREFIX = 'start-page-';

/**
 * The cache key of a terminal's start page, `/?mode=kiosk&attract=1&lang=xx` (src/features/kiosk/kioskRuntime.ts,
 * attractUrl) whatever the order of its parameters, or null for any other address.
 */
export function startPageKey(url: URL): string | null {
  const lang = url.searchParams.get('lang');
  if (url.pathname !== '/' || url.searchParams.get('mode')?.toLowerCase() !== 'kiosk' || url.searchParams.get('attract') !== '1' || !lang) return null;
  return `${url.origin}/?${new URLSearchParams({ attract: '1', lang, mode: 'kiosk' }).toString()}`;
}

type PrecacheManifest = readonly (string | { url: string; revision?: string | null })[];

/** A build's kept-pages cache: named from its precache manifest, which changes with every file of a new build. */
export function keptPagesCacheName(manifest: PrecacheManifest): string {
  return `${KEPT_PAGES_CACHE_PREFIX}${buildId(manifest)}`;
}

/** A build's cache of the terminal's start page, named like its kept pages. */
export function startPageCacheName(manifest: PrecacheManifest): string {
  return `${START_PAGE_CACHE_PREFIX}${buildId(manifest)}`;
}

function buildId(manifest: PrecacheManifest): string {
  const text = manifest.map((entry) => (typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`)).join('\n');
  // FNV-1a: a name, not a secret; two builds colliding would only keep pages whose assets are checked anyway.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The precache's files as absolute paths, to check a page's assets against. */
export function precachedPaths(manifest: PrecacheManifest): Set<string> {
  return new Set(manifest.map((entry) => `/${(typeof entry === 'string' ? entry : entry.url).replace(/^\//, '')}`));
}
