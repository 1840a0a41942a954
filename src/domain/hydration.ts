import type { Lang } from './lang';

/** What the client knows, just before its first render, about the page the server sent and the visitor it starts for. */
export type StartingPage = {
  /** The page carries the server's render (its data block), and the service worker did not answer with a kept copy. */
  serverRendered: boolean;
  /** The service worker answered with a page it kept: it shows the device's copies, which may differ from its own data. */
  kept: boolean;
  /** The language the server rendered in (none without its render), and the one the client starts in. */
  pageLang: Lang | null;
  startLang: Lang;
  /** A restored login: the server renders for an anonymous visitor only. */
  signedIn: boolean;
  /** A kiosk terminal starts with its own screens around the route's. */
  kiosk: boolean;
  /** The venue's config lets the app show (not maintenance, a disabled site...), as it did for the server. */
  showsApp: boolean;
  /** Every code-split part the server rendered is loaded (src/app/preloadable.ts); unknown from an older build. */
  partsLoaded: boolean;
};

/**
 * Whether the client's first render is the server's page as it is, so `hydrate` may take its nodes over: hydration
 * keeps the server's attributes, so a render that differs in any way (another visitor, language or view, a part that
 * would suspend and shift the `useId` ids after it) must be Preact's `render` over the page, which corrects them.
 */
export const hydratesServerPage = (page: StartingPage): boolean =>
  page.serverRendered && !page.kept && page.pageLang === page.startLang && !page.signedIn && !page.kiosk && page.showsApp && page.partsLoaded;
