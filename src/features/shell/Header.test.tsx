// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../app/testRouter';
import { siteConfig, type SiteConfig, type SiteConfigInput } from '../../domain/contract/config';
import { siteConfigInput } from '../../domain/contract/siteConfigFixture';
import { type User } from '../../domain/session';
import { installDialogPolyfill } from '../../ui/testing';
import { Header, type HeaderProps } from './Header';

beforeAll(() => {
  installDialogPolyfill();
  window.scrollTo = () => {};
});
afterEach(cleanup);

function config(overrides: Partial<SiteConfigInput> = {}): SiteConfig {
  return siteConfig.parse(
    siteConfigInput({
      venue: { id: 1, name: 'Marina Sports Club', ar_name: 'نادي مارينا الرياضي' },
      logo_url: 'logo.svg',
      colors: { primary: '#0b5cad', secondary: '#0f766e', cta: '#b4400a', accent: '#f5b301', dark: '#0f172a' },
      maintenance: { enabled: false, title: '', message: '' },
      allow_support: 1,
      enable_footer_contact_us: 1,
      header_nav: [
        { link_text: 'Home', ar_link_text: 'الرئيسية', path: '/', is_custom: 0, is_default: 1, page_id: null, children: [] },
        {
          link_text: 'Activities',
          ar_link_text: 'الأنشطة',
          path: '',
          is_custom: 0,
          is_default: 1,
          page_id: null,
          children: [
            { link_text: 'Events', ar_link_text: 'الفعاليات', path: '/events', is_custom: 0, is_default: 1, page_id: null, children: [] },
            { link_text: 'Training', path: '/training', is_custom: 0, is_default: 1, page_id: null, children: [] },
          ],
        },
        { link_text: 'Shop', path: 'https://shop.example.com', is_custom: 1, is_default: 0, page_id: null, children: [] },
      ],
      join_now_link: '/memberships',
      join_now_text: 'Become a member',
      ar_join_now_text: 'كن عضوًا',
      ...overrides,
    }),
  );
}

const user: User = { token: 't', first_name: 'Abdulrahman', last_name: 'Al Mansouri', name: null };

function props(overrides: Partial<HeaderProps> = {}): HeaderProps {
  return {
    config: config(),
    lang: 'en',
    user: null,
    cartCount: 0,
    searchEnabled: true,
    search: vi.fn(async () => []),
    onSearchNavigate: vi.fn(),
    onLanguageChange: vi.fn(),
    onLogout: vi.fn(),
    currentPath: '/events?lang=en',
    imageUrl: (path) => `/media/${path}`,
    ...overrides,
  };
}

const banner = () => screen.getByRole('banner');

describe('Header', () => {
  it('[S0-2.62] shows the venue logo as a link home, named after the venue', async () => {
    await renderInRouter(<Header {...props()} />);
    const logo = within(banner()).getByRole('img', { name: 'Marina Sports Club' });
    expect(logo.getAttribute('src')).toBe('/media/logo.svg');
    expect(logo.getAttribute('width')).toBeTruthy();
    expect(logo.getAttribute('height')).toBeTruthy();
    expect(logo.closest('a')?.getAttribute('href')).toBe('/');
  });

  it('[S0-2.63] [S0-2.64] shows the global search only when the lead says search is enabled', async () => {
    await renderInRouter(<Header {...props({ searchEnabled: true })} />);
    expect(within(banner()).getByRole('combobox', { name: 'Search' })).toBeTruthy();
    cleanup();
    await renderInRouter(<Header {...props({ searchEnabled: false })} />);
    expect(within(banner()).queryByRole('combobox')).toBeNull();
    expect(within(banner()).queryByRole('button', { name: 'Open search' })).toBeNull();
  });

  it('[S0-2.65] [S0-2.95] offers login carrying the current path as nextUrl when logged out', async () => {
    await renderInRouter(<Header {...props({ currentPath: '/events?lang=en' })} />);
    const login = within(banner()).getAllByRole('link', { name: 'Login' })[0];
    expect(login?.getAttribute('href')).toBe('/login?nextUrl=%2Fevents%3Flang%3Den');
    expect(within(banner()).queryByRole('button', { name: /account menu/ })).toBeNull();
  });

  it('[S0-2.65] shows the profile menu button instead of login when logged in', async () => {
    await renderInRouter(<Header {...props({ user })} />);
    const profile = await within(banner()).findByRole('button', { name: 'Abdulrahman Al Mansouri, account menu' });
    expect(profile.getAttribute('aria-haspopup')).toBe('menu');
    expect(within(banner()).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('[S0-2.66] [S0-2.67] [S0-2.68] links to the cart with a count badge: blank at zero, at most 10', async () => {
    await renderInRouter(<Header {...props({ cartCount: 3 })} />);
    let cart = within(banner()).getByRole('link', { name: 'Cart, 3 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(cart.querySelector('.shell-cart__badge')?.textContent).toBe('3');
    cleanup();

    await renderInRouter(<Header {...props({ cartCount: 14 })} />);
    cart = within(banner()).getByRole('link', { name: 'Cart, 14 items' });
    expect(cart.querySelector('.shell-cart__badge')?.textContent).toBe('10');
    cleanup();

    await renderInRouter(<Header {...props({ cartCount: 0 })} />);
    cart = within(banner()).getByRole('link', { name: 'Cart, empty' });
    expect(cart.querySelector('.shell-cart__badge')).toBeNull();
  });

  it('[S0-2.69] shows the language toggle only when enable_arabic is 1', async () => {
    const onLanguageChange = vi.fn();
    await renderInRouter(<Header {...props({ onLanguageChange })} />);
    const toggle = within(banner()).getByRole('button', { name: /العربية/ });
    expect(toggle.getAttribute('lang')).toBe('ar');
    fireEvent.click(toggle);
    expect(onLanguageChange).toHaveBeenCalledWith('ar');
    cleanup();

    await renderInRouter(<Header {...props({ config: config({ enable_arabic: 0 }) })} />);
    expect(within(banner()).queryByRole('button', { name: /العربية/ })).toBeNull();
  });

  it('[S0-2.70] [S0-2.71] renders the venue menu with dropdown children and new-tab external links', async () => {
    await renderInRouter(<Header {...props()} />);
    const nav = within(banner()).getByRole('navigation', { name: 'Main menu' });
    const toggle = within(nav).getByRole('button', { name: 'Activities' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/events');
    const shop = within(nav).getByRole('link', { name: /Shop/ });
    expect(shop.getAttribute('target')).toBe('_blank');
    expect(shop.getAttribute('rel')).toBe('noopener noreferrer');
    expect(shop.querySelector('[data-icon="external"]')).not.toBeNull();
  });

  it('[S0-2.72] shows the join-now button with the localized text, going to join_now_link', async () => {
    await renderInRouter(<Header {...props()} />);
    const join = within(banner()).getByRole('link', { name: 'Become a member' });
    expect(join.getAttribute('href')).toBe('/memberships');
    expect(join.getAttribute('target')).toBeNull();
    cleanup();

    await renderInRouter(
      <Header {...props({ config: config({ join_now_link: 'https://join.example.com', join_now_text: null }) })} />,
    );
    const external = within(banner()).getByRole('link', { name: /Join Now/ });
    expect(external.getAttribute('href')).toBe('https://join.example.com');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
    cleanup();

    await renderInRouter(<Header {...props({ config: config({ join_now_link: null }) })} />);
    expect(within(banner()).queryByRole('link', { name: /Join Now|Become a member/ })).toBeNull();
  });

  it('[S0-2.75] shows a bookings icon linking to facility-bookings only in the is_baps variant', async () => {
    await renderInRouter(<Header {...props({ config: config({ is_baps: 1 }), user })} />);
    expect(within(banner()).getByRole('link', { name: 'My Bookings' }).getAttribute('href')).toBe(
      '/profile/facility-bookings',
    );
    cleanup();
    await renderInRouter(<Header {...props({ user })} />);
    expect(within(banner()).queryByRole('link', { name: 'My Bookings' })).toBeNull();
  });

  it('[S0-2.73] opens the mobile drawer from the menu button', async () => {
    await renderInRouter(<Header {...props()} />);
    const menuButton = within(banner()).getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    // The drawer renders from the first tap on: before, the button refers to nothing.
    expect(menuButton.getAttribute('aria-controls')).toBeNull();
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(menuButton.getAttribute('aria-controls')).toBe(drawer.id);
    expect(within(drawer).getByRole('link', { name: 'Login' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('passes the chosen search result to onSearchNavigate', async () => {
    vi.useFakeTimers();
    try {
      const onSearchNavigate = vi.fn();
      const search = vi.fn(async () => [{ type: 'trainer' as const, id: 4, name: 'Coach Sara' }]);
      await renderInRouter(<Header {...props({ search, onSearchNavigate })} />);
      const box = within(banner()).getByRole('combobox', { name: 'Search' });
      fireEvent.change(box, { target: { value: 'sara' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      fireEvent.click(screen.getByRole('option', { name: /Coach Sara/ }));
      expect(onSearchNavigate).toHaveBeenCalledWith({ to: '/training/$id', params: { id: '4' } });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads in Arabic: venue name, menu labels, join-now text and cart name', async () => {
    document.documentElement.dir = 'rtl';
    try {
      await renderInRouter(<Header {...props({ lang: 'ar', cartCount: 2 })} />, { lang: 'ar' });
      expect(within(banner()).getByRole('img', { name: 'نادي مارينا الرياضي' })).toBeTruthy();
      const nav = within(banner()).getByRole('navigation', { name: 'القائمة الرئيسية' });
      expect(within(nav).getByRole('button', { name: 'الأنشطة' })).toBeTruthy();
      // No Arabic label configured: the English one is shown, isolated so it keeps its own direction.
      fireEvent.click(within(nav).getByRole('button', { name: 'الأنشطة' }));
      expect(within(nav).getByRole('link', { name: 'Training' }).querySelector('bdi')).not.toBeNull();
      expect(within(banner()).getByRole('link', { name: 'كن عضوًا' })).toBeTruthy();
      expect(within(banner()).getByRole('link', { name: 'السلة، عنصران' })).toBeTruthy();
      expect(within(banner()).getByRole('link', { name: 'تسجيل الدخول' })).toBeTruthy();
      const toggle = within(banner()).getByRole('button', { name: /English/ });
      expect(toggle.getAttribute('lang')).toBe('en');
      expect(toggle.getAttribute('dir')).toBe('ltr');
    } finally {
      document.documentElement.dir = '';
    }
  });
});
