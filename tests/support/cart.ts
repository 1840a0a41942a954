import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { issueHoldSession } from './booking';
import { facilityAddonFixture, facilityLineFixture } from '../../src/domain/cart/facilityLineFixture';
import type { FacilityCartLine } from '../../src/domain/cart/facilityLine';

/** The key this browser's cart lines live under on the device (localStorage 'session_id'). */
export const SESSION = 'cart-e2e-session';

export const RENTAL = { en: 'Full Pitch Rental', ar: 'إيجار الملعب الكامل' } as const;
export const ADDON = { en: 'Football Hire', ar: 'استئجار كرة قدم' } as const;

export async function venueId(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/v1/config');
  return ((await response.json()) as { data: { venue_id: number } }).data.venue_id;
}

/** A full facility line of the demo venue: the main pitch's rental, 10:00 to 11:00 (two half hours), with one ball. */
export function pitchLine(venue: number, date: string, overrides: Partial<FacilityCartLine> = {}): FacilityCartLine {
  return facilityLineFixture({
    venue_id: venue,
    product_id: 1,
    name: RENTAL.en,
    ar_name: RENTAL.ar,
    quantity: 2,
    price: 200,
    tax_amount: 10,
    total_price: 210,
    addons: [facilityAddonFixture({ venue_id: venue, product_id: 14, name: ADDON.en, ar_name: ADDON.ar, price: 10, tax_amount: 0.5, total_price: 10.5, group: 'g1' })],
    date,
    start_time: '10:00:00',
    end_time: '11:00:00',
    facility_id: 1,
    facility_name: 'Main Stadium Pitch',
    venue_service_id: 1,
    group: 'g1',
    hold_expires_at: null,
    ...overrides,
  });
}


const ITEM = (date: string) => ({ product_id: 1, quantity: 2, date, start_time: '10:00:00', end_time: '11:00:00', facility_id: 1 });

/**
 * Holds the pitch for this browser, as the booking modal does: a hold session the venue issues, kept where the page
 * keeps it (localStorage 'hold_session'), then POST cart/sync. Returns the hold's expiry.
 */
export async function holdPitch(page: Page, request: APIRequestContext, date: string): Promise<string> {
  const session = await issueHoldSession(request);
  await page.evaluate((id) => localStorage.setItem('hold_session', id), session);
  const response = await request.post('/api/v1/cart/sync', { headers: { 'X-Session-Id': session }, data: { products: [ITEM(date)] } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { data } = (await response.json()) as { data: { holds: { expires_at: string }[] } };
  return data.holds[0]!.expires_at;
}

/** The holds another visitor's schedule shows on the main pitch that day. */
export async function othersSeeHeld(request: APIRequestContext, date: string): Promise<number> {
  const response = await request.get(`/api/v1/facilities/schedule?venue_service_id=1&date=${date}`, { headers: { 'X-Session-Id': 'someone-else' } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { data } = (await response.json()) as { data: { facilities: { id: number; cart_items: unknown[] }[] } };
  return data.facilities.find((facility) => facility.id === 1)?.cart_items.length ?? 0;
}
