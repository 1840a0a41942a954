/** How long the 'Are you still there?' dialog counts down: WCAG 2.2.1 asks for at least 20 seconds to extend. */
export const IDLE_WARNING_SECONDS = 30;

/** Seconds without a touch before a kiosk asks whether the visitor is still there, unless the terminal says otherwise. */
export const DEFAULT_IDLE_SECONDS = 60;

/** The idle time of a terminal in milliseconds; a missing or unusable setting falls back to the default (never below 10 s). */
export function idleMilliseconds(idleSeconds: number | null | undefined): number {
  if (typeof idleSeconds !== 'number' || !Number.isFinite(idleSeconds) || idleSeconds <= 0) return DEFAULT_IDLE_SECONDS * 1000;
  return Math.max(10, Math.round(idleSeconds)) * 1000;
}

/**
 * The query parameter of the address a terminal starts at (the kiosk shell's start URL, and the reloads that clear
 * caches or apply an update): the page opens on the attract screen instead of where a visitor might have been.
 */
export const ATTRACT_QUERY = 'attract';
