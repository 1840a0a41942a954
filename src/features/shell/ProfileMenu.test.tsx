// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../app/testRouter';
import { type MenuItem } from '../../domain/contract/config';
import { type Lang } from '../../domain/lang';
import { type User } from '../../domain/session';
import { ProfileMenu } from './ProfileMenu';

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

const item = (path: string, children: MenuItem[] = []): MenuItem => ({
  link_text: path,
  path,
  is_custom: 0,
  is_default: 1,
  page_id: null,
  children,
});

const FULL_NAV = [
  item('/#facilities'),
  item('', [item('/events'), item('/training'), item('/academies')]),
  item('/memberships'),
  item('/outlets'),
];

const user: User = { token: 't', name: 'Abdulrahman Al Mansouri' };

async function openMenu(nav: MenuItem[], isBaps: 0 | 1 = 0, onLogout = vi.fn(), lang: Lang = 'en') {
  await renderInRouter(<ProfileMenu user={user} config={{ header_nav: nav, is_baps: isBaps }} onLogout={onLogout} />, { lang });
  const button = screen.getByRole('button', { name: /Abdulrahman Al Mansouri/ });
  fireEvent.click(button);
  return { button, menu: screen.getByRole('menu') };
}

const entryNames = (menu: HTMLElement) => within(menu).getAllByRole('menuitem').map((entry) => entry.textContent);

describe('ProfileMenu', () => {
  it('[S0-2.96] shows the name cut to 10 characters for small screens, the full name in its accessible name', async () => {
    await renderInRouter(<ProfileMenu user={user} config={{ header_nav: [], is_baps: 0 }} onLogout={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Abdulrahman Al Mansouri, account menu' });
    expect(button.querySelector('.shell-profile__name--short')?.textContent).toBe('Abdulrahma…');
    expect(button.querySelector('.shell-profile__name--full')?.textContent).toBe('Abdulrahman Al Mansouri');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('[S0-2.85] [S0-2.86] [S0-2.88] [S0-2.89] [S0-2.90] [S0-2.91] [S0-2.92] [S0-2.93] [S0-2.94] lists every entry whose section is in the navigation, then wallet, q-points, saved cards and logout', async () => {
    const { menu, button } = await openMenu(FULL_NAV);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(entryNames(menu)).toEqual([
      'My Profile',
      'Facility Bookings',
      'Event Bookings',
      'Trainer Sessions',
      'Academy Bookings',
      'Membership Bookings',
      'Retail Orders',
      'Family Members',
      'Wallet',
      'Q-Points',
      'Saved Cards',
      'Logout',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Wallet' }).getAttribute('href')).toBe('/profile/user/wallet');
    expect(within(menu).getByRole('menuitem', { name: 'Q-Points' }).getAttribute('href')).toBe('/profile/user/q-points');
    expect(within(menu).getByRole('menuitem', { name: 'Event Bookings' }).getAttribute('href')).toBe('/profile/event-bookings');
  });

  it('[S0-2.86] [S0-2.88] hides entries whose section is not in the navigation', async () => {
    const { menu } = await openMenu([item('/events')]);
    expect(entryNames(menu)).toEqual(['My Profile', 'Event Bookings', 'Family Members', 'Wallet', 'Q-Points', 'Saved Cards', 'Logout']);
  });

  it('[S0-2.87] titles facility bookings "My Bookings" in the is_baps mode', async () => {
    const { menu } = await openMenu([item('/#facilities')], 1);
    const entry = within(menu).getByRole('menuitem', { name: 'My Bookings' });
    expect(entry.getAttribute('href')).toBe('/profile/facility-bookings');
  });

  it('moves focus with arrows, Home and End, and Escape returns to the button', async () => {
    const { menu, button } = await openMenu([item('/events')]);
    const entries = within(menu).getAllByRole('menuitem');
    expect(document.activeElement).toBe(entries[0]);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entries[1]);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(entries.at(-1));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(entries[0]);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(entries.at(-1));
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(entries[0]);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('opens on the last entry with ArrowUp and closes on a tap outside', async () => {
    await renderInRouter(<ProfileMenu user={user} config={{ header_nav: [], is_baps: 0 }} onLogout={vi.fn()} />);
    const button = screen.getByRole('button', { name: /account menu/ });
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Logout');
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('logs out from the menu', async () => {
    const onLogout = vi.fn();
    const { menu, button } = await openMenu([], 0, onLogout);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('a partner (B2B or B2E) also finds their partner account', async () => {
    await renderInRouter(<ProfileMenu user={{ ...user, b2b_id: 7, b2b_type: 'b2e' }} config={{ header_nav: [], is_baps: 0 }} onLogout={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /account menu/ }));
    expect(screen.getByRole('menuitem', { name: 'Partner Account' }).getAttribute('href')).toBe('/profile/partner');
  });

  it('reads in Arabic', async () => {
    const { menu } = await openMenu([item('/#facilities')], 0, vi.fn(), 'ar');
    expect(screen.getByRole('button', { name: 'Abdulrahman Al Mansouri، قائمة الحساب' })).toBeTruthy();
    expect(entryNames(menu)).toEqual([
      'ملفي الشخصي',
      'حجوزات المرافق',
      'أفراد العائلة',
      'المحفظة',
      'نقاط كيو',
      'البطاقات المحفوظة',
      'تسجيل الخروج',
    ]);
  });
});
