// @vitest-environment jsdom
import { cleanup, screen, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderInRouter } from '../../app/testRouter';
import { footer as footerSchema } from '../../domain/contract/config';
import { Footer, type FooterProps } from './Footer';

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

const FULL_FOOTER = footerSchema.parse({
  cover_image: 'footer-cover.webp',
  follow_text: 'Follow Marina',
  ar_follow_text: 'تابع مارينا',
  social: {
    instagram: 'https://instagram.com/marinaclub',
    twitter: 'https://twitter.com/',
    facebook: 'facebook.com/marinaclub',
    youtube: 'https://youtube.com/@marina',
    tiktok: '',
    snapchat: 'https://snapchat.com/add/marina',
  },
  payment_methods_image: 'payments.svg',
  powered_by_text: 'Powered by Qube',
  powered_by_url: 'https://qube.example.com',
  partner_logos_host: 'events.marina.example',
  partner_logos: [
    { name: 'Partner One', image: 'p1.webp', url: 'https://one.example.com' },
    { name: 'Partner Two', image: 'p2.webp' },
  ],
});

function props(overrides: Partial<FooterProps> = {}, config: Partial<FooterProps['config']> = {}): FooterProps {
  return {
    config: { footer: FULL_FOOTER, enable_footer_contact_us: 1, allow_support: 1, ...config },
    lang: 'en',
    host: 'portal.marina.example',
    imageUrl: (path) => `/media/${path}`,
    ...overrides,
  };
}

const contentinfo = () => screen.getByRole('contentinfo');

describe('Footer', () => {
  it('[S0-2.78] shows the cover image, lazily and with its space reserved', async () => {
    await renderInRouter(<Footer {...props()} />);
    const cover = contentinfo().querySelector('.shell-footer__cover');
    expect(cover?.getAttribute('src')).toBe('/media/footer-cover.webp');
    expect(cover?.getAttribute('loading')).toBe('lazy');
    expect(cover?.getAttribute('width')).toBeTruthy();
    expect(cover?.getAttribute('height')).toBeTruthy();
    cleanup();
    await renderInRouter(<Footer {...props({}, { footer: { ...FULL_FOOTER, cover_image: null } })} />);
    expect(contentinfo().querySelector('.shell-footer__cover')).toBeNull();
  });

  it('[S0-2.79] shows partner logos only on the configured host (case and port ignored)', async () => {
    await renderInRouter(<Footer {...props({ host: 'Events.Marina.Example:8443' })} />);
    const partners = within(contentinfo()).getByRole('region', { name: 'Our partners' });
    expect(within(partners).getByRole('img', { name: 'Partner One' }).getAttribute('loading')).toBe('lazy');
    expect(within(partners).getByRole('link', { name: /Partner One/ }).getAttribute('target')).toBe('_blank');
    expect(within(partners).getByRole('img', { name: 'Partner Two' }).closest('a')).toBeNull();
    cleanup();
    await renderInRouter(<Footer {...props({ host: 'portal.marina.example' })} />);
    expect(within(contentinfo()).queryByRole('region', { name: 'Our partners' })).toBeNull();
  });

  it('[S0-2.80] [S0-2.81] shows the follow text and an icon link for each configured platform, skipping bare home pages', async () => {
    await renderInRouter(<Footer {...props()} />);
    expect(within(contentinfo()).getByText('Follow Marina')).toBeTruthy();
    const follow = within(contentinfo()).getByRole('region', { name: 'Follow Marina' });
    const links = within(follow).getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(within(follow).getByRole('link', { name: 'Instagram (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://instagram.com/marinaclub',
    );
    expect(within(follow).getByRole('link', { name: /Facebook/ }).getAttribute('href')).toBe('https://facebook.com/marinaclub');
    expect(within(follow).getByRole('link', { name: /YouTube/ })).toBeTruthy();
    expect(within(follow).getByRole('link', { name: /Snapchat/ })).toBeTruthy();
    expect(within(follow).queryByRole('link', { name: /Twitter/ })).toBeNull();
    expect(within(follow).queryByRole('link', { name: /TikTok/ })).toBeNull();
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('[S0-2.82] [S0-2.40] [S0-2.45] lists the legal links, contact and support only when enabled', async () => {
    await renderInRouter(<Footer {...props()} />);
    let legal = within(contentinfo()).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms and Conditions', '/terms-and-conditions'],
      ['Privacy Policy', '/privacy-policy'],
      ['Contact Us', '/contact-us'],
      ['Customer Support', '/customer-support'],
    ]);
    cleanup();
    await renderInRouter(<Footer {...props({}, { enable_footer_contact_us: 0, allow_support: 0 })} />);
    legal = within(contentinfo()).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Terms and Conditions',
      'Privacy Policy',
    ]);
  });

  it('[S0-2.83] [S0-2.84] shows the payment-methods image and the powered-by strip', async () => {
    await renderInRouter(<Footer {...props()} />);
    const payments = within(contentinfo()).getByRole('img', { name: 'Accepted payment methods' });
    expect(payments.getAttribute('src')).toBe('/media/payments.svg');
    expect(payments.getAttribute('loading')).toBe('lazy');
    const powered = within(contentinfo()).getByRole('link', { name: /Powered by Qube/ });
    expect(powered.getAttribute('href')).toBe('https://qube.example.com');
    expect(powered.getAttribute('target')).toBe('_blank');
  });

  it('hides the optional parts a venue did not configure', async () => {
    await renderInRouter(<Footer {...props({}, { footer: footerSchema.parse({}) })} />);
    expect(contentinfo().querySelectorAll('img')).toHaveLength(0);
    expect(within(contentinfo()).queryByRole('region')).toBeNull();
    expect(contentinfo().querySelector('.shell-footer__powered')).toBeNull();
    expect(within(contentinfo()).getByRole('navigation', { name: 'Legal' })).toBeTruthy();
  });

  it('reads in Arabic', async () => {
    await renderInRouter(<Footer {...props({ lang: 'ar' })} />, { lang: 'ar' });
    expect(within(contentinfo()).getByRole('region', { name: 'تابع مارينا' })).toBeTruthy();
    expect(within(contentinfo()).getByRole('link', { name: 'إنستغرام (يفتح في علامة تبويب جديدة)' })).toBeTruthy();
    const legal = within(contentinfo()).getByRole('navigation', { name: 'روابط قانونية' });
    expect(within(legal).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'الشروط والأحكام',
      'سياسة الخصوصية',
      'اتصل بنا',
      'دعم العملاء',
    ]);
    expect(within(contentinfo()).getByRole('img', { name: 'طرق الدفع المقبولة' })).toBeTruthy();
  });

  it('falls back to the translated follow text', async () => {
    await renderInRouter(
      <Footer {...props({ lang: 'ar' }, { footer: { ...FULL_FOOTER, follow_text: null, ar_follow_text: null } })} />,
      { lang: 'ar' },
    );
    expect(within(contentinfo()).getByRole('region', { name: 'تابعنا' })).toBeTruthy();
  });
});
