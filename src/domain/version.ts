export const VERSION_POLL_MS = 60000;

/** The first version read is the baseline; any later different one means a new release is out. */
export function isNewerVersion(first: string | null, latest: string): boolean {
  return first !== null && first !== latest;
}

const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid';

/** The same address with `v` set to the given time, so the reload bypasses cached copies. */
export function reloadUrlWithVersion(href: string, unixSeconds: number): string {
  const url = new URL(href, PLACEHOLDER_ORIGIN);
  url.searchParams.set('v', String(Math.floor(unixSeconds)));
  return url.origin === PLACEHOLDER_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
