// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../app/testRouter';
import { type User } from '../../domain/session';
import { installDialogPolyfill } from '../../ui/testing';
import { MobileDrawer, type MobileDrawerProps } from './MobileDrawer';

beforeAll(() => {
  installDialogPolyfill();
  window.scrollTo = () => {};
});
afterEach(cleanup);

const user: User = { token: 't', first_name: 'Mariam', last_name: 'Haddad' };

function props(overrides: Partial<MobileDrawerProps> = {}): MobileDrawerProps {
  return {
    open: true,
    onClose: vi.fn(),
    config: {
      header_nav: [
        { link_text: 'Events', ar_link_text: 'الفعاليات', path: '/events', is_custom: 0, is_default: 1, page_id: null, children: [] },
      ],
      enable_arabic: 1,
      join_now_link: '/memberships',
      join_now_text: null,
      ar_join_now_text: null,
    },
    lang: 'en',
    user: null,
    currentPath: '/events/5?lang=en',
    onLanguageChange: vi.fn(),
    onLogout: vi.fn(),
    ...overrides,
  };
}

describe('MobileDrawer', () => {
  it('[S0-2.73] [S0-2.74] logged out: the menu, language, join-now and login with nextUrl, no profile link', async () => {
    await renderInRouter(<MobileDrawer {...props()} />);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer.className).toContain('drawer');
    expect(within(drawer).getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/events');
    expect(within(drawer).getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/memberships');
    expect(within(drawer).getByRole('button', { name: /العربية/ })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?nextUrl=%2Fevents%2F5%3Flang%3Den',
    );
    expect(within(drawer).queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(within(drawer).queryByRole('link', { name: /My Profile/ })).toBeNull();
  });

  it('[S0-2.73] [S0-2.74] logged in: a profile link and logout instead of login', async () => {
    const onLogout = vi.fn();
    const onClose = vi.fn();
    await renderInRouter(<MobileDrawer {...props({ user, onLogout, onClose })} />);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const profile = within(drawer).getByRole('link', { name: /My Profile/ });
    expect(profile.getAttribute('href')).toBe('/profile/user');
    expect(profile.textContent).toContain('Mariam Haddad');
    expect(within(drawer).queryByRole('link', { name: 'Login' })).toBeNull();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('closes when a menu link is followed', async () => {
    const onClose = vi.fn();
    await renderInRouter(<MobileDrawer {...props({ onClose })} />);
    fireEvent.click(screen.getByRole('link', { name: 'Events' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('[S0-2.69] hides the language toggle when enable_arabic is 0', async () => {
    const base = props();
    await renderInRouter(<MobileDrawer {...props({ config: { ...base.config, enable_arabic: 0 } })} />);
    expect(screen.queryByRole('button', { name: /العربية/ })).toBeNull();
  });

  it('reads in Arabic and offers English', async () => {
    const onLanguageChange = vi.fn();
    await renderInRouter(<MobileDrawer {...props({ lang: 'ar', user, onLanguageChange })} />, { lang: 'ar' });
    const drawer = screen.getByRole('dialog', { name: 'القائمة' });
    expect(within(drawer).getByRole('link', { name: 'الفعاليات' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: /ملفي الشخصي/ })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'تسجيل الخروج' })).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'انضم الآن' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /English/ }));
    expect(onLanguageChange).toHaveBeenCalledWith('en');
  });
});
