import { type MenuItem } from './contract/config';
import { BUILT_IN_PATHS, FEATURE_ROUTES, LOGIN_REQUIRED_PREFIXES, SECTION_OF_FIRST_SEGMENT, type FeatureSection } from './routeTable';

export type NavSection = FeatureSection | 'facilities';

/** Facility booking has no page of its own: it is the home page's `#facilities` section. */
export const SECTION_PATHS: Record<NavSection, string> = { ...FEATURE_ROUTES, facilities: '/#facilities' };

type SplitPath = { path: string; search: string; hash: string };

function splitPath(raw: string): SplitPath {
  const trimmed = raw.trim();
  const hashAt = trimmed.indexOf('#');
  const beforeHash = hashAt < 0 ? trimmed : trimmed.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : trimmed.slice(hashAt + 1);
  const searchAt = beforeHash.indexOf('?');
  return {
    path: searchAt < 0 ? beforeHash : beforeHash.slice(0, searchAt),
    search: searchAt < 0 ? '' : beforeHash.slice(searchAt + 1),
    hash,
  };
}

const trimSlashes = (s: string) => s.replace(/^[\s/]+|[\s/]+$/g, '');

/**
 * The comparable form of a menu or route path: lower case, no query, no surrounding slashes;
 * a home-page anchor ('/#facilities') becomes its anchor name.
 */
export function normalizeNavPath(path: string): string {
  const { path: pathPart, hash } = splitPath(path.toLowerCase());
  const trimmed = trimSlashes(pathPart);
  if (trimmed !== '' || hash === '') return trimmed;
  return trimSlashes(splitPath(hash.replace(/^[\s#/]+/, '')).path);
}

export function navPaths(nav: MenuItem[]): Set<string> {
  const paths = new Set<string>();
  const visit = (items: MenuItem[]) => {
    for (const item of items) {
      paths.add(normalizeNavPath(item.path));
      visit(item.children);
    }
  };
  visit(nav);
  return paths;
}

export function isSectionEnabled(section: NavSection, nav: MenuItem[]): boolean {
  return navPaths(nav).has(normalizeNavPath(SECTION_PATHS[section]));
}

const firstSegment = (pathname: string) => trimSlashes(splitPath(pathname).path).split('/')[0]?.toLowerCase() ?? '';

export function featureSectionOf(pathname: string): FeatureSection | null {
  return SECTION_OF_FIRST_SEGMENT[firstSegment(pathname)] ?? null;
}

/** Feature pages exist only for features the venue put in its header navigation; otherwise they are not found. */
export function featureGuard(pathname: string, nav: MenuItem[]): 'allow' | 'notFound' {
  const section = featureSectionOf(pathname);
  return section === null || isSectionEnabled(section, nav) ? 'allow' : 'notFound';
}

export function needsLogin(pathname: string): boolean {
  const path = `/${trimSlashes(splitPath(pathname).path).toLowerCase()}`;
  return LOGIN_REQUIRED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The home page ('/', and its anchors) has an empty first segment and is built in too. */
export function isBuiltInPage(item: MenuItem): boolean {
  if (item.is_default === 1) return true;
  const segment = firstSegment(item.path);
  return segment === '' || BUILT_IN_PATHS.includes(segment);
}

export type MenuItemTarget =
  | { kind: 'external'; href: string }
  | { kind: 'internal'; to: string; hash?: string; search?: Record<string, string> }
  | { kind: 'group' };

const EXTERNAL_URL = /^(?:https?:)?\/\/|^(?:mailto|tel):/i;

export function menuItemTarget(item: MenuItem): MenuItemTarget {
  const raw = item.path.trim();
  if (raw === '' && item.children.length > 0) return { kind: 'group' };
  if (EXTERNAL_URL.test(raw)) return { kind: 'external', href: raw };
  const { path, search, hash } = splitPath(raw);
  // Built-in paths route directly; any other path is a configured page's slug, served by the '/{slug}' route.
  const target: MenuItemTarget = { kind: 'internal', to: `/${trimSlashes(path)}` };
  if (hash !== '') target.hash = hash;
  if (search !== '') target.search = Object.fromEntries(new URLSearchParams(search));
  return target;
}


/**
 * Where to go after login: only a path on this site. Protocol-relative ('//x'), backslash ('/\x')
 * and control-character tricks that browsers read as another origin fall back to home.
 */
export function safeNextUrl(nextUrl: unknown): string {
  if (typeof nextUrl !== 'string') return '/';
  if (!nextUrl.startsWith('/')) return '/';
  if (nextUrl[1] === '/' || nextUrl[1] === '\\') return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(nextUrl)) return '/';
  return nextUrl;
}
