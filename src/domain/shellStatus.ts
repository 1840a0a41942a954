import type * as z from 'zod/mini';
import { type healthCheck, type SiteConfig } from './contract/config';
import { sameHost } from './host';

export type HealthCheck = z.infer<typeof healthCheck>;

/** A health-check page is meant for one domain; 'www.' and the port do not make it another. */
export function healthCheckApplies(hc: HealthCheck | null, host: string): boolean {
  return hc !== null && hc.web_enable && sameHost(hc.domain, host, { ignoreWww: true });
}

export type ShellView = 'healthCheck' | 'invalidConfig' | 'siteDisabled' | 'maintenance' | 'app';

export function shellView(config: SiteConfig, host: string): ShellView {
  if (healthCheckApplies(config.health_check, host)) return 'healthCheck';
  if (config.venue_id == null) return 'invalidConfig';
  if (!config.siteEnabled) return 'siteDisabled';
  if (config.maintenance.enabled) return 'maintenance';
  return 'app';
}
