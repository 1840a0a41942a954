import { z } from 'zod';
import { envelope } from './envelope';

/** 0/1 flags as the venue API sends them; booleans are accepted and normalised. */
export const flag = z
  .union([z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => (v === true || v === 1 ? 1 : 0));

export type MenuItem = {
  link_text: string;
  ar_link_text?: string | null;
  path: string;
  is_custom: 0 | 1;
  is_default: 0 | 1;
  page_id: number | null;
  children: MenuItem[];
};

export const menuItem: z.ZodType<MenuItem, unknown> = z.lazy(() =>
  z.object({
    link_text: z.string(),
    ar_link_text: z.string().nullish(),
    path: z.string(),
    is_custom: flag,
    is_default: flag,
    page_id: z.number().int().nullable().default(null),
    children: z.array(menuItem).default([]),
  }),
) as z.ZodType<MenuItem, unknown>;

export const venue = z.object({
  id: z.number().int(),
  name: z.string(),
  ar_name: z.string().nullish(),
  child_venues: z.array(z.object({ id: z.number().int(), name: z.string(), ar_name: z.string().nullish() })).default([]),
});

export const colors = z.object({
  primary: z.string(),
  secondary: z.string(),
  cta: z.string(),
  accent: z.string(),
  dark: z.string(),
  mode: z.enum(['light', 'dark']).default('light'),
});

export const healthCheck = z.object({
  web_enable: z.boolean(),
  domain: z.string(),
  title: z.string(),
  ar_title: z.string().nullish(),
  message: z.string(),
  ar_message: z.string().nullish(),
  webButtons: z.array(z.object({ text: z.string(), ar_text: z.string().nullish(), url: z.string() })).default([]),
});

export const maintenance = z.object({
  enabled: z.boolean(),
  title: z.string(),
  ar_title: z.string().nullish(),
  message: z.string(),
  ar_message: z.string().nullish(),
});

export const socialPlatforms = ['instagram', 'twitter', 'facebook', 'youtube', 'tiktok', 'snapchat'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

export const footer = z.object({
  cover_image: z.string().nullish(),
  follow_text: z.string().nullish(),
  ar_follow_text: z.string().nullish(),
  social: z.partialRecord(z.enum(socialPlatforms), z.string().nullish()).default({}),
  payment_methods_image: z.string().nullish(),
  powered_by_text: z.string().nullish(),
  powered_by_url: z.string().nullish(),
  /** The partner logo row appears only when the page is served from this host. */
  partner_logos_host: z.string().nullish(),
  partner_logos: z.array(z.object({ name: z.string(), image: z.string(), url: z.string().nullish() })).default([]),
});

/** The special brand mode: on `host` only, switched by the `journey` query parameter. */
export const specialTreatment = z.object({ host: z.string(), journey: z.string() });

export const siteConfig = z.object({
  venue_id: z.number().int().nullable(),
  venue: venue,
  vtoken: z.string(),
  session_id: z.string().nullish(),
  logo_url: z.string(),
  favicon_image_url: z.string().nullish(),
  colors: colors,
  currency: z.string().default('AED'),
  time_zone: z.string().default('Asia/Dubai'),
  /** Base of the public blob storage that image paths are relative to. */
  image_base_url: z.string().default('/media/'),
  siteEnabled: z.boolean(),
  maintenance: maintenance,
  health_check: healthCheck.nullable(),
  enable_search: flag,
  enable_arabic: flag,
  allow_support: flag,
  enable_footer_contact_us: flag,
  is_baps: flag,
  special_treatment: specialTreatment.nullable().default(null),
  header_nav: z.array(menuItem),
  join_now_link: z.string().nullish(),
  join_now_text: z.string().nullish(),
  ar_join_now_text: z.string().nullish(),
  footer: footer,
  tnc: z.string().nullish(),
  ar_tnc: z.string().nullish(),
  // Booking, cart and account flags used by later screens; the shell only carries them.
  is_guest_checkout: flag.default(0),
  enable_uae_pass: flag.default(0),
  qube_otp_login: flag.default(0),
  enable_dcd: flag.default(0),
  allow_facility_items_reservation: flag.default(0),
  show_facility_image: flag.default(1),
  enable_facility_booking: flag.default(0),
  facility_button_label: z.string().nullish(),
  ar_facility_button_label: z.string().nullish(),
  show_time_range_filter: flag.default(0),
  customer_threshold: z.number().int().nullish(),
  enable_fb_participant_details: flag.default(0),
  qube_enable_custom_booking_date_range: flag.default(0),
  custom_booking_start_date: z.string().nullish(),
  custom_booking_end_date: z.string().nullish(),
  enable_over_night_booking: flag.default(0),
  religions: z.array(z.object({ id: z.number().int(), name: z.string(), ar_name: z.string().nullish() })).default([]),
  gtm_code: z.string().nullish(),
  krews_gtm_code: z.string().nullish(),
  recaptcha_site_key: z.string().nullish(),
});
export type SiteConfig = z.infer<typeof siteConfig>;
export type SiteConfigInput = z.input<typeof siteConfig>;

export const carouselItem = z.object({
  id: z.number().int(),
  title: z.string(),
  ar_title: z.string().nullish(),
  subtitle: z.string().nullish(),
  ar_subtitle: z.string().nullish(),
  image: z.string(),
  link: z.string().nullish(),
});
export type CarouselItem = z.infer<typeof carouselItem>;

/** GET config: `{ status, data, carousel }`. */
export const configResponse = envelope(siteConfig).extend({ carousel: z.array(carouselItem) });
export type ConfigResponse = z.infer<typeof configResponse>;
