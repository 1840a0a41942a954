/**
 * What the network's answer means for a screen shown from the device's copy at start:
 * - `unchanged`: the same data, the screen stays as it is;
 * - `changed`: other data, the screen shows it;
 * - `unreachable`: no answer, the screen loads again and shows the copy with its age, as any read without a network;
 * - `refused`: the venue said no (the item is gone, an error), the screen shows that as it would have without a copy.
 */
export type RevalidationOutcome = 'unchanged' | 'changed' | 'unreachable' | 'refused';

type Answer = { ok: true; data: unknown } | { ok: false; status: number };

export function revalidationOutcome(kept: unknown, answer: Answer): RevalidationOutcome {
  if (answer.ok) return sameData(kept, answer.data) ? 'unchanged' : 'changed';
  return answer.status === 0 ? 'unreachable' : 'refused';
}

/** Equal as JSON data: the same values under the same keys, whatever the order of the keys. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameData(item, b[index]));
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord).filter((key) => aRecord[key] !== undefined);
  const otherKeys = Object.keys(bRecord).filter((key) => bRecord[key] !== undefined);
  return keys.length === otherKeys.length && keys.every((key) => key in bRecord && sameData(aRecord[key], bRecord[key]));
}
