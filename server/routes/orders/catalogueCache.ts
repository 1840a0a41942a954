import { deepFrozen } from '../../http/deepFrozen';

/**
 * How long one server process reuses what it read of the catalogue for checkouts. A venue's edit to an event's
 * price or times, a service's booking window or an approval rule reaches every process within this time; an
 * on-sale's buyers share one read.
 */
export const CATALOGUE_TTL_MS = 5_000;

/** What a kept answer is of: each kind is read by one loader, so one key never names two different answers. */
export type CatalogueKind = 'order-settings' | 'facility' | 'service' | 'events' | 'relatives';

/**
 * The key of a kept answer: its kind, its venue and the ids it covers, deduplicated and in ascending order, so the
 * same set asked in any order (or with repeats) shares one read and two different sets never share a key.
 */
export function catalogueKey(kind: CatalogueKind, venueId: number, ids: readonly number[] = []): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return `${kind}:${venueId}:${sorted.join(',')}`;
}

/**
 * What checkouts read of the catalogue (which venue and service a facility belongs to, services' booking windows,
 * events' days, times and prices, the venue's approval rules and gateway, which facilities share a pitch), kept per
 * process for CATALOGUE_TTL_MS. Never what exactness depends on: capacities, places taken, stock, holds and money
 * are read in the order's transaction every time. Only answers are shared:
 * a read that fails is not kept, and buyers who miss together each read for themselves.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, { value: unknown; until: number }>();

  constructor(
    private readonly ttlMs = CATALOGUE_TTL_MS,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.value as T;
    const value = deepFrozen(await load());
    this.dropExpired(now);
    this.entries.set(key, { value, until: this.clock() + this.ttlMs });
    return value;
  }

  /** Drops every kept answer: this process changed the catalogue and its next checkout must see the change. */
  forget() {
    this.entries.clear();
  }

  /** Keys name a venue's items, so without this a long-running process would keep every item it ever sold. */
  private dropExpired(now: number) {
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }
}
