/**
 * A copy of the stored venue config in localStorage, beside the one in IndexedDB: the warm start reads it in the same
 * task as the app starts, where opening IndexedDB took a throttled phone 200-400 ms. IndexedDB stays the copy an
 * offline start relies on; this one only saves time. It is the venue's, not a visitor's, so a kiosk's visitor wipe
 * keeps it (services/visitorWipe.ts).
 */
export const CONFIG_MIRROR_KEY = 'portal.venueConfig';

/** What was kept (unchecked: the caller reads it against the contract), or undefined. */
export function readConfigMirror(): unknown {
  try {
    const text = globalThis.localStorage?.getItem(CONFIG_MIRROR_KEY);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writeConfigMirror(row: { response: unknown; savedAt: number }): void {
  try {
    globalThis.localStorage?.setItem(CONFIG_MIRROR_KEY, JSON.stringify(row));
  } catch {
    // Full or refused storage: the warm start reads IndexedDB instead.
  }
}
