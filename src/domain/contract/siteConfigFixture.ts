import type { SiteConfigInput } from './config';

/** The least a venue's config holds, for tests: one venue, plain colours, every feature off but search and Arabic. */
export const siteConfigInput = (over: Partial<SiteConfigInput> = {}): SiteConfigInput => ({
  venue_id: 1,
  venue: { id: 1, name: 'Venue' },
  vtoken: 'demo-venue-token',
  logo_url: '/logo.png',
  colors: { primary: '#000', secondary: '#111', cta: '#222', accent: '#333', dark: '#444' },
  siteEnabled: true,
  maintenance: { enabled: false, title: 'Maintenance', message: 'Later' },
  health_check: null,
  enable_search: 1,
  enable_arabic: 1,
  allow_support: 0,
  enable_footer_contact_us: 0,
  is_baps: 0,
  header_nav: [],
  footer: {},
  ...over,
});
