// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { siteConfig, type SiteConfig, type SiteConfigInput } from '../domain/contract/config';
import { siteConfigInput } from '../domain/contract/siteConfigFixture';
import { venueLook } from '../domain/venueLook';
import { applyVenueTheme } from './theme';

const config = (over: Partial<SiteConfigInput> = {}): SiteConfig =>
  siteConfig.parse(
    siteConfigInput({
      favicon_image_url: 'brand/icon.png',
      image_base_url: 'https://cdn.example/venue',
      colors: { primary: '#ffc247', secondary: '#00a6a6', cta: '#0f172a', accent: '#ffc247', dark: '#0f172a' },
      ...over,
    }),
  );

describe("the venue's look", () => {
  it('gives the kit its colours, text that reads on them and a text shade of a pale brand colour that reads on white', () => {
    const look = venueLook(config());
    expect(look.properties).toMatchObject({
      '--color-primary': '#ffc247',
      '--color-on-primary': '#0f172a',
      '--color-cta': '#0f172a',
      '--color-on-cta': '#ffffff',
      '--color-on-dark': '#ffffff',
    });
    expect(look.properties['--color-primary-text']).not.toBe('#ffc247');
    expect(look.themeColor).toBe('#ffc247');
  });

  it("finds the venue's icon under its image storage, and has none when the venue has none", () => {
    expect(venueLook(config()).favicon).toBe('https://cdn.example/venue/brand/icon.png');
    expect(venueLook(config({ favicon_image_url: '/media/icon.png' })).favicon).toBe('/media/icon.png');
    expect(venueLook(config({ favicon_image_url: null })).favicon).toBeNull();
  });
});

describe('applying it to the document', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.documentElement.removeAttribute('style');
  });

  function shell() {
    document.head.innerHTML = '<meta name="theme-color" content="#0b5fff"><link rel="icon" href="/icons/favicon.png">';
  }

  it("sets the colours at the root, the browser's colour and the icon", () => {
    shell();
    applyVenueTheme(config());
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#ffc247');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#ffc247');
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('https://cdn.example/venue/brand/icon.png');
  });

  it('changes nothing on a page that has them already (the server rendered it so), so nothing is restyled or fetched again', async () => {
    shell();
    applyVenueTheme(config());
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(document.documentElement, { attributes: true, subtree: true });
    applyVenueTheme(config());
    await Promise.resolve();
    observer.disconnect();
    expect(changes).toEqual([]);
  });

  it("keeps the shell's icon when the venue has none", () => {
    shell();
    applyVenueTheme(config({ favicon_image_url: null }));
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/icons/favicon.png');
  });
});
