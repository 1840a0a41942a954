import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configResponse } from '../../../src/domain/contract/config';
import { errorBody } from '../../../src/domain/contract/envelope';
import { createTestApp, type TestApp } from '../../testing/testApp';

describe('GET /api/v1/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('[S0-7.27] answers status, data and carousel for the default venue', async () => {
    const res = await t.app.inject({ url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    const body = configResponse.parse(res.json());
    expect(body.status).toBe(true);
    expect(body.data.venue.name).toBe('Marina Sports & Leisure Park');
    expect(body.data.vtoken).toBe('demo-venue-token');
    expect(body.carousel).toHaveLength(3);
    expect(body.carousel.every((slide) => slide.ar_title && slide.image.endsWith('.svg'))).toBe(true);
  });

  it('[S0-7.8] chooses the venue by X-Visitor-Token', async () => {
    const res = await t.app.inject({ url: '/api/v1/config', headers: { 'X-Visitor-Token': 'demo-venue-token' } });
    expect(res.statusCode).toBe(200);
    expect(configResponse.parse(res.json()).data.venue_id).toBe(1);
  });

  it('[S0-7.28] answers 404 for an unknown visitor token', async () => {
    const res = await t.app.inject({ url: '/api/v1/config', headers: { 'X-Visitor-Token': 'no-such-venue' } });
    expect(res.statusCode).toBe(404);
    expect(errorBody.parse(res.json())).toEqual({ status: false, message: 'Venue not found' });
  });

  it('[S0-3.16] [S0-3.17] [S0-3.18] [S0-9.5] carries the demo venue settings', async () => {
    const { data } = configResponse.parse((await t.app.inject({ url: '/api/v1/config' })).json());
    expect(data.currency).toBe('AED');
    expect(data.time_zone).toBe('Asia/Dubai');
    expect(data.image_base_url).toBe('/media/');
    expect(data.venue.child_venues).toHaveLength(2);
    expect(data.siteEnabled).toBe(true);
    expect(data.maintenance.enabled).toBe(false);
    expect(data.maintenance.title).toBe('We are improving your experience');
    expect(data.health_check?.web_enable).toBe(false);
    expect(data.health_check?.webButtons[0]).toMatchObject({ text: 'Visit our status page', url: '/status' });
    expect(data).toMatchObject({ enable_search: 1, enable_arabic: 1, allow_support: 1, enable_footer_contact_us: 1, is_baps: 0 });
    expect(data.special_treatment).toEqual({ host: 'brand.localhost', journey: 'vipjourney' });
    expect(data.colors.dark).toBe('#0f172a');
  });

  it('[S1-3.1] [S1-3.2] [S1-3.3] [S1-3.4] [S1-3.5] [S1-3.6] [S0-3.20] carries every site config field of the booking and cart screens', async () => {
    const { data } = configResponse.parse((await t.app.inject({ url: '/api/v1/config' })).json());
    expect(data).toMatchObject({ venue: { name: 'Marina Sports & Leisure Park' }, venue_id: 1, vtoken: 'demo-venue-token' });
    expect(data.favicon_image_url).toMatch(/\S/);
    expect(Object.keys(data.colors).sort()).toEqual(['accent', 'cta', 'dark', 'mode', 'primary', 'secondary']);
    expect(data.colors.mode).toMatch(/^(light|dark)$/);
    for (const key of ['gtm_code', 'krews_gtm_code', 'session_id'] as const) expect(key in data).toBe(true);
    for (const key of ['is_baps', 'is_guest_checkout', 'enable_uae_pass', 'qube_otp_login', 'enable_dcd', 'allow_facility_items_reservation', 'show_facility_image', 'qube_enable_custom_booking_date_range', 'enable_over_night_booking'] as const) {
      expect([0, 1], key).toContain(data[key]);
    }
    expect(data.tnc).toMatch(/\S/);
    expect(data.religions.length).toBeGreaterThan(0);
    expect(data.religions.every((religion) => religion.name && religion.ar_name)).toBe(true);
    expect(Object.keys(data.health_check ?? {})).toEqual(expect.arrayContaining(['web_enable', 'domain', 'title', 'message', 'webButtons']));
    expect(Object.keys(data.health_check?.webButtons[0] ?? {})).toEqual(expect.arrayContaining(['text', 'url']));
  });

  it('[S0-3.19] builds the header menu with dropdowns, a configured page and a custom link', async () => {
    const { data } = configResponse.parse((await t.app.inject({ url: '/api/v1/config' })).json());
    const labels = data.header_nav.map((item) => item.link_text);
    expect(labels).toEqual(['Home', 'Facilities', 'Explore', 'Shop', 'Discover', 'Venue Map']);
    expect(data.header_nav.every((item) => item.ar_link_text)).toBe(true);
    const explore = data.header_nav.find((item) => item.link_text === 'Explore');
    expect(explore?.children.map((child) => child.path)).toEqual(['/events', '/academies', '/training', '/memberships']);
    const about = data.header_nav.flatMap((item) => item.children).find((child) => child.path === '/about-us');
    const aboutPage = (await t.app.inject({ url: '/api/v1/pages/about-us' })).json();
    expect(about).toMatchObject({ is_default: 0, page_id: aboutPage.data.id });
    expect(data.header_nav.at(-1)).toMatchObject({ path: 'https://maps.example.com/marina-park', is_custom: 1 });
  });

  it('[S0-2.80] lists social links, keeping the bare twitter home address for the client to ignore', async () => {
    const { data } = configResponse.parse((await t.app.inject({ url: '/api/v1/config' })).json());
    expect(data.footer.social).toMatchObject({ instagram: 'https://www.instagram.com/marinapark', twitter: 'https://twitter.com/', snapchat: null });
    expect(data.footer.partner_logos).toHaveLength(3);
    expect(data.footer.partner_logos_host).toBe('events.localhost');
    expect(data.footer.powered_by_text).toBe('Powered by Qube');
  });

  it('[S0-9.29] serves the configured images from /media/', async () => {
    const { data, carousel } = configResponse.parse((await t.app.inject({ url: '/api/v1/config' })).json());
    for (const url of [data.logo_url, `${data.image_base_url}${carousel[0]?.image}`, `${data.image_base_url}${data.footer.cover_image}`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
    }
  });
});
