import * as z from 'zod/mini';
import { envelope } from './envelope';
import { endpoint } from './endpoint';
import { onFirstUse } from '../onFirstUse';

/** 0/1 flags as the venue API sends them; booleans are accepted and normalised. */
export const flag = onFirstUse(() => z.pipe(
  z.union([z.literal(0), z.literal(1), z.boolean()]),
  z.transform((v: 0 | 1 | boolean) => (v === true || v === 1 ? 1 : 0)),
));

export type MenuItem = {
  link_text: string;
  ar_link_text?: string | null;
  path: string;
  is_custom: 0 | 1;
  is_default: 0 | 1;
  page_id: number | null;
  children: MenuItem[];
};

export const menuItem: z.ZodMiniType<MenuItem, unknown> = onFirstUse(() => z.lazy(() =>
  z.object({
    link_text: z.string(),
    ar_link_text: z.nullish(z.string()),
    path: z.string(),
    is_custom: flag,
    is_default: flag,
    page_id: z._default(z.nullable(z.int()), null),
    children: z._default(z.array(menuItem), []),
  }),
) as z.ZodMiniType<MenuItem, unknown>);

export const venue = onFirstUse(() => z.object({
  id: z.int(),
  name: z.string(),
  ar_name: z.nullish(z.string()),
  child_venues: z._default(z.array(z.object({ id: z.int(), name: z.string(), ar_name: z.nullish(z.string()) })), []),
}));

export const colors = onFirstUse(() => z.object({
  primary: z.string(),
  secondary: z.string(),
  cta: z.string(),
  accent: z.string(),
  dark: z.string(),
  mode: z._default(z.enum(['light', 'dark']), 'light'),
}));

export const healthCheck = onFirstUse(() => z.object({
  web_enable: z.boolean(),
  domain: z.string(),
  title: z.string(),
  ar_title: z.nullish(z.string()),
  message: z.string(),
  ar_message: z.nullish(z.string()),
  webButtons: z._default(z.array(z.object({ text: z.string(), ar_text: z.nullish(z.string()), url: z.string() })), []),
}));

export const maintenance = onFirstUse(() => z.object({
  enabled: z.boolean(),
  title: z.string(),
  ar_title: z.nullish(z.string()),
  message: z.string(),
  ar_message: z.nullish(z.string()),
}));

export const socialPlatforms = ['instagram', 'twitter', 'facebook', 'youtube', 'tiktok', 'snapchat'] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

export const footer = onFirstUse(() => z.object({
  cover_image: z.nullish(z.string()),
  follow_text: z.nullish(z.string()),
  ar_follow_text: z.nullish(z.string()),
  social: z._default(z.partialRecord(z.enum(socialPlatforms), z.nullish(z.string())), {}),
  payment_methods_image: z.nullish(z.string()),
  powered_by_text: z.nullish(z.string()),
  powered_by_url: z.nullish(z.string()),
  /** The partner logo row appears only when the page is served from this host. */
  partner_logos_host: z.nullish(z.string()),
  partner_logos: z._default(z.array(z.object({ name: z.string(), image: z.string(), url: z.nullish(z.string()) })), []),
}));

/** The special brand mode: on `host` only, switched by the `journey` query parameter. */
export const specialTreatment = onFirstUse(() => z.object({ host: z.string(), journey: z.string() }));

export const siteConfig = onFirstUse(() => z.object({
  venue_id: z.nullable(z.int()),
  venue: venue,
  vtoken: z.string(),
  session_id: z.nullish(z.string()),
  logo_url: z.string(),
  favicon_image_url: z.nullish(z.string()),
  colors: colors,
  currency: z._default(z.string(), 'AED'),
  time_zone: z._default(z.string(), 'Asia/Dubai'),
  /** Base of the public blob storage that image paths are relative to. */
  image_base_url: z._default(z.string(), '/media/'),
  siteEnabled: z.boolean(),
  maintenance: maintenance,
  health_check: z.nullable(healthCheck),
  enable_search: flag,
  enable_arabic: flag,
  allow_support: flag,
  enable_footer_contact_us: flag,
  is_baps: flag,
  special_treatment: z._default(z.nullable(specialTreatment), null),
  header_nav: z.array(menuItem),
  join_now_link: z.nullish(z.string()),
  join_now_text: z.nullish(z.string()),
  ar_join_now_text: z.nullish(z.string()),
  footer: footer,
  tnc: z.nullish(z.string()),
  ar_tnc: z.nullish(z.string()),
  // Booking, cart and account flags used by later screens; the shell only carries them.
  is_guest_checkout: z._default(flag, 0),
  enable_uae_pass: z._default(flag, 0),
  qube_otp_login: z._default(flag, 0),
  enable_dcd: z._default(flag, 0),
  allow_facility_items_reservation: z._default(flag, 0),
  /** Places one cart session, and one client address, may hold at once across the venue (cart/sync). */
  cart_hold_places_per_session: z._default(z.int().check(z.positive()), 40),
  cart_hold_places_per_address: z._default(z.int().check(z.positive()), 120),
  show_facility_image: z._default(flag, 1),
  enable_facility_booking: z._default(flag, 0),
  facility_button_label: z.nullish(z.string()),
  ar_facility_button_label: z.nullish(z.string()),
  show_time_range_filter: z._default(flag, 0),
  customer_threshold: z.nullish(z.int()),
  enable_fb_participant_details: z._default(flag, 0),
  qube_enable_custom_booking_date_range: z._default(flag, 0),
  custom_booking_start_date: z.nullish(z.string()),
  custom_booking_end_date: z.nullish(z.string()),
  enable_over_night_booking: z._default(flag, 0),
  /** The one host on which today's nearest passed slot stays offered for 30 minutes instead of 15 (spec 001 §9). */
  extended_slot_grace_host: z.nullish(z.string()),
  religions: z._default(z.array(z.object({ id: z.int(), name: z.string(), ar_name: z.nullish(z.string()) })), []),
  gtm_code: z.nullish(z.string()),
  krews_gtm_code: z.nullish(z.string()),
  recaptcha_site_key: z.nullish(z.string()),
}));
export type SiteConfig = z.infer<typeof siteConfig>;
export type SiteConfigInput = z.input<typeof siteConfig>;

export const carouselItem = onFirstUse(() => z.object({
  id: z.int(),
  title: z.string(),
  ar_title: z.nullish(z.string()),
  subtitle: z.nullish(z.string()),
  ar_subtitle: z.nullish(z.string()),
  image: z.string(),
  link: z.nullish(z.string()),
}));
export type CarouselItem = z.infer<typeof carouselItem>;

export const configCall = endpoint('GET', 'config');
/** GET config: `{ status, data, carousel }`. */
export const configResponse = onFirstUse(() => z.extend(envelope(siteConfig), { carousel: z.array(carouselItem) }));
export type ConfigResponse = z.infer<typeof configResponse>;
