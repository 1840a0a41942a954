import { hostName } from './host';

/** Error reporting is off on local hosts, where a developer sees the console anyway. */
export function isLocalHost(hostOrUrl: string): boolean {
  // IPv6 loopback first: its colons would read as a port to hostName.
  if (/^(\w+:\/\/)?\[?::1\]?(:\d+)?(\/|$)/i.test(hostOrUrl.trim())) return true;
  const host = hostName(hostOrUrl);
  return host === 'localhost' || host.endsWith('.localhost') || host === '0.0.0.0' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** At most this many reports leave one page load, so a failing loop cannot flood the service. */
export const MAX_REPORTS_PER_PAGE = 10;

/** Turns whatever was thrown into a short message and stack. */
export function describeThrown(thrown: unknown): { message: string; stack?: string } {
  if (thrown instanceof Error) return { message: (thrown.message || thrown.name).slice(0, 500), stack: thrown.stack?.slice(0, 4000) };
  try {
    return { message: String(typeof thrown === 'string' ? thrown : JSON.stringify(thrown)).slice(0, 500) };
  } catch {
    return { message: 'Unserialisable error' };
  }
}
