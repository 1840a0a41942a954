import { hostName } from './host';

/**
 * The special brand mode exists only on its own host. There a `journey` parameter equal to the
 * configured value (any case) turns it on, a different one turns it off, and none keeps it as it was.
 */
export function nextSpecialTreatment(
  current: boolean,
  host: string,
  journey: string | null,
  cfg: { host: string; journey: string } | null,
): boolean {
  if (cfg === null) return false;
  const brandHost = hostName(cfg.host);
  if (brandHost === '' || hostName(host) !== brandHost) return false;
  if (journey === null) return current;
  return journey.trim().toLowerCase() === cfg.journey.trim().toLowerCase();
}
