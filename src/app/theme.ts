import type { SiteConfig } from '../domain/contract/config';
import { ensureContrast, readableTextOn } from '../domain/contrast';
import { ANCHOR_OFFSET_PX } from '../domain/anchor';

const SURFACE = '#ffffff';

/** Maps the venue's colours onto the kit's custom properties once, at the root. */
export function applyVenueTheme(config: SiteConfig, root: HTMLElement = document.documentElement) {
  const { primary, secondary, cta, accent, dark } = config.colors;
  const vars: Record<string, string> = {
    '--color-primary': primary,
    '--color-on-primary': readableTextOn(primary),
    '--color-primary-text': ensureContrast(primary, SURFACE),
    '--color-secondary': secondary,
    '--color-cta': cta,
    '--color-on-cta': readableTextOn(cta),
    '--color-accent': accent,
    '--color-dark': dark,
    '--color-on-dark': readableTextOn(dark),
    '--anchor-offset': `${ANCHOR_OFFSET_PX}px`,
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
  if (config.favicon_image_url) {
    document.querySelector('link[rel="icon"]')?.setAttribute('href', imageUrl(config, config.favicon_image_url));
  }
}

/** Image paths in config and content are relative to the venue's public blob storage base. */
export function imageUrl(config: Pick<SiteConfig, 'image_base_url'>, path: string): string {
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  const base = config.image_base_url.endsWith('/') ? config.image_base_url : `${config.image_base_url}/`;
  return base + path;
}
