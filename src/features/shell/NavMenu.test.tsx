// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '../../ui/testingLibrary';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '../../app/testRouter';
import { type MenuItem } from '../../domain/contract/config';
import { JoinNowLink, NavMenu } from './NavMenu';

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

const item = (link_text: string, path: string, children: MenuItem[] = [], ar_link_text?: string): MenuItem => ({
  link_text,
  ar_link_text,
  path,
  is_custom: 0,
  is_default: 1,
  page_id: null,
  children,
});

const NAV: MenuItem[] = [
  item('Home', '/', [], 'الرئيسية'),
  item('Facilities', '/#facilities', [], 'المرافق'),
  item('Activities', '', [item('Events', '/events', [], 'الفعاليات'), item('Academies', '/academies')], 'الأنشطة'),
  item('Memberships', '/memberships', [item('Corporate', '/corporate-offers')]),
  item('Blog', 'https://blog.example.com', [], 'المدونة'),
];

describe('NavMenu', () => {
  it('[S0-2.70] renders internal links, anchors and disclosure buttons for entries with children', async () => {
    await renderInRouter(<NavMenu items={NAV} lang="en" variant="bar" />);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Facilities' }).getAttribute('href')).toBe('/#facilities');
    const toggle = within(nav).getByRole('button', { name: 'Activities' });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    expect(within(panel!).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/events');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('[S0-2.70] keeps one dropdown open at a time; Escape and a tap outside close it', async () => {
    await renderInRouter(<NavMenu items={NAV} lang="en" variant="bar" />);
    const activities = screen.getByRole('button', { name: 'Activities' });
    const memberships = screen.getByRole('button', { name: 'Memberships' });
    fireEvent.click(activities);
    fireEvent.click(memberships);
    expect(activities.getAttribute('aria-expanded')).toBe('false');
    expect(memberships.getAttribute('aria-expanded')).toBe('true');
    // A parent with its own page keeps it as the first entry of its dropdown.
    const panel = document.getElementById(memberships.getAttribute('aria-controls') ?? '')!;
    expect(within(panel).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/memberships',
      '/corporate-offers',
    ]);
    const corporate = within(panel).getByRole('link', { name: 'Corporate' });
    corporate.focus();
    fireEvent.keyDown(corporate, { key: 'Escape' });
    expect(memberships.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(memberships);

    fireEvent.click(activities);
    fireEvent.pointerDown(document.body);
    expect(activities.getAttribute('aria-expanded')).toBe('false');
  });

  it('[S0-2.71] opens external links in a new tab, safely, with an external icon and a spoken hint', async () => {
    await renderInRouter(<NavMenu items={NAV} lang="en" variant="bar" />);
    const blog = screen.getByRole('link', { name: 'Blog (opens in a new tab)' });
    expect(blog.getAttribute('href')).toBe('https://blog.example.com');
    expect(blog.getAttribute('target')).toBe('_blank');
    expect(blog.getAttribute('rel')).toBe('noopener noreferrer');
    expect(blog.querySelector('[data-icon="external"]')).not.toBeNull();
  });

  it('reports a followed link (a drawer closes then) and closes its dropdown', async () => {
    const onNavigate = vi.fn();
    await renderInRouter(<NavMenu items={NAV} lang="en" variant="drawer" onNavigate={onNavigate} />);
    const toggle = screen.getByRole('button', { name: 'Activities' });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: 'Events' }));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows Arabic labels in Arabic and falls back to the English one', async () => {
    await renderInRouter(<NavMenu items={NAV} lang="ar" variant="bar" />, { lang: 'ar' });
    const nav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(nav).getByRole('link', { name: 'الرئيسية' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'المدونة (يفتح في علامة تبويب جديدة)' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: 'الأنشطة' }));
    expect(within(nav).getByRole('link', { name: 'Academies' }).querySelector('bdi')).not.toBeNull();
  });

  it('renders nothing for an empty menu', async () => {
    await renderInRouter(<NavMenu items={[]} lang="en" variant="bar" />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('JoinNowLink', () => {
  const config = { join_now_link: '/memberships', join_now_text: 'Join the club', ar_join_now_text: 'انضم إلى النادي' };

  it('[S0-2.72] is an internal link for a path, with the localized text', async () => {
    await renderInRouter(<JoinNowLink config={config} lang="ar" />, { lang: 'ar' });
    const link = screen.getByRole('link', { name: 'انضم إلى النادي' });
    expect(link.getAttribute('href')).toBe('/memberships');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('[S0-2.72] opens another site in a new tab, with the translated default text', async () => {
    await renderInRouter(<JoinNowLink config={{ join_now_link: 'https://join.example.com' }} lang="ar" />, { lang: 'ar' });
    const link = screen.getByRole('link', { name: /انضم الآن/ });
    expect(link.getAttribute('href')).toBe('https://join.example.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
