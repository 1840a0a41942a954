import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embeddableJson, firstScreenData, firstScreenNamespaces, rendersOnServer } from './firstScreen';

describe('which pages the server renders', () => {
  it.each([
    ['/', true],
    ['/home', true],
    ['/events', true],
    ['/events/$id', true],
    ['/memberships', true],
    ['/login', true],
    ['/home-bsl/$token', true],
    ['/profile/user', false],
    ['/profile/facility-bookings', false],
    ['/customer-support/$id', false],
    ['/cart', false],
    ['/paymentsuccess/$token', false],
    ['/paymentfailed', false],
    ['/kiosk/provision', false],
    ['/terms-and-conditions', false],
    ['/$slug', false],
    ['/no/such/route', false],
  ])('%s: %s', (path, rendered) => {
    expect(rendersOnServer(path)).toBe(rendered);
  });

  it("carries the shell's strings and the route's own", () => {
    expect(firstScreenNamespaces('/events/$id')).toEqual(['common', 'ui', 'shell', 'pages', 'errors', 'leads', 'facilityBooking', 'catalogue', 'cart']);
    expect(firstScreenNamespaces('/')).toEqual(['common', 'ui', 'shell', 'pages', 'errors', 'leads', 'facilityBooking', 'booking']);
  });
});

describe('the embedded data', () => {
  it('never ends its script element, opens a comment or breaks a line there, and reads back as it was', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = embeddableJson(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    expect(embeddableJson({ html: '</script><!--' })).toBe('{"html":"\\u003c/script\\u003e\\u003c!--"}');
  });

  it('is refused when it is not what the server writes', () => {
    expect(firstScreenData.safeParse({ lang: 'fr', strings: {}, answers: {} }).success).toBe(false);
    expect(firstScreenData.safeParse({ lang: 'ar', strings: {}, answers: { '/api/v1/config': { status: 200, body: {} } } }).success).toBe(true);
  });

  it('names the parts the page shows, within bounds, or none at all on a page of an older build', () => {
    const page = { lang: 'en', strings: {}, answers: {} };
    expect(firstScreenData.safeParse({ ...page, parts: ['src/features/shell/Footer.tsx', 'src/features/booking/FacilityBookingModal.tsx'] }).success).toBe(true);
    expect(firstScreenData.safeParse(page).data?.parts).toBeUndefined();
    expect(firstScreenData.safeParse({ ...page, parts: ['x'.repeat(65)] }).success).toBe(false);
    expect(firstScreenData.safeParse({ ...page, parts: Array.from({ length: 33 }, (_, index) => `part${index}`) }).success).toBe(false);
  });
});
