/**
 * The pages whose client tree is proven to match the server's (tests/hydration.spec.ts compares every attribute):
 * home and the catalogue's lists and details. Elsewhere a code-split part may render on the server but suspend on the
 * client (the service page's booking modal opens on mount), so its useId ids would drift and `hydrate` would keep the
 * server's stale ones: those pages get Preact's `render` over the server's page instead.
 */
const HYDRATED_PAGES = [/^\/$/, /^\/events\/?$/, /^\/events\/\d+\/?$/];

export const hydratesServerPage = (pathname: string): boolean => HYDRATED_PAGES.some((page) => page.test(pathname));
