import type { SiteConfig } from './contract/config';
import { ensureContrast, readableTextOn } from './contrast';
import { ANCHOR_OFFSET_PX } from './anchor';

const SURFACE = '#ffffff';

/** The venue's look as the document carries it: the kit's custom properties at the root, the browser's colour, the icon. */
export interface VenueLook {
  properties: Record<string, string>;
  themeColor: string;
  favicon: string | null;
}

export function venueLook(config: SiteConfig): VenueLook {
  const { primary, secondary, cta, accent, dark } = config.colors;
  return {
    properties: {
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
    },
    themeColor: primary,
    favicon: config.favicon_image_url ? imageUrl(config, config.favicon_image_url) : null,
  };
}

/** Image paths in config and content are relative to the venue's public blob storage base. */
export function imageUrl(config: Pick<SiteConfig, 'image_base_url'>, path: string): string {
  if (/^(https?:|data:|blob:|\/)/.test(path)) return path;
  const base = config.image_base_url.endsWith('/') ? config.image_base_url : `${config.image_base_url}/`;
  return base + path;
}
