import { socialPlatforms, type SocialPlatform } from './contract/config';

/** Bare home pages a venue leaves in place of its own account; they get no icon. */
const PLATFORM_HOMES: Partial<Record<SocialPlatform, string[]>> = {
  instagram: ['instagram.com'],
  twitter: ['twitter.com', 'x.com'],
  facebook: ['facebook.com', 'fb.com', 'm.facebook.com'],
};

// A port after a bare host ('instagram.com:443') is not a scheme.
const hasScheme = (url: string) => /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(url);

function isBarePlatformHome(platform: SocialPlatform, href: string): boolean {
  const homes = PLATFORM_HOMES[platform];
  if (!homes) return false;
  const url = new URL(href);
  const host = url.hostname.replace(/^www\./, '');
  return homes.includes(host) && (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
}

/** An http(s) address fit for a link: scheme-less addresses gain https://, other schemes are refused. */
function linkHref(raw: string): string | null {
  const href = hasScheme(raw) ? raw : `https://${raw.replace(/^\/+/, '')}`;
  if (!/^https?:\/\//i.test(href)) return null;
  try {
    return new URL(href).hostname === '' ? null : href;
  } catch {
    return null;
  }
}

export function visibleSocialLinks(
  social: Partial<Record<SocialPlatform, string | null | undefined>>,
): { platform: SocialPlatform; url: string }[] {
  return socialPlatforms.flatMap((platform) => {
    const raw = social[platform]?.trim();
    if (!raw) return [];
    const url = linkHref(raw);
    if (url === null || isBarePlatformHome(platform, url)) return [];
    return [{ platform, url }];
  });
}
