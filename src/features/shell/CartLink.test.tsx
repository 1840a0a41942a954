// @vitest-environment jsdom
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Lang } from '../../domain/lang';
import { createTestI18n } from '../../i18n/testing';
import { CartLink } from './CartLink';

beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

async function renderInRouter(ui: ReactNode, { lang = 'en', path = '/' }: { lang?: Lang; path?: string } = {}) {
  const i18n = createTestI18n(lang);
  const rootRoute = createRootRoute({
    component: () => (
      <I18nextProvider i18n={i18n}>
        {ui}
        <Outlet />
      </I18nextProvider>
    ),
  });
  const routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '$' })]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  render(<RouterProvider router={router} />);
  return router;
}

const badge = (link: HTMLElement) => link.querySelector('.shell-cart__badge');

describe('CartLink', () => {
  it.each([
    [0, 'Cart, empty', null],
    [1, 'Cart, 1 item', '1'],
    [3, 'Cart, 3 items', '3'],
    [10, 'Cart, 10 items', '10'],
    [25, 'Cart, 25 items', '10'],
  ])('[S0-2.66] [S0-2.67] [S0-2.68] %i in the cart: named "%s", badge %s', async (count, name, text) => {
    await renderInRouter(<CartLink count={count} />);
    const link = screen.getByRole('link', { name });
    expect(link.getAttribute('href')).toBe('/cart');
    expect(badge(link)?.textContent ?? null).toBe(text);
    expect(badge(link)?.getAttribute('aria-hidden') ?? 'true').toBe('true');
  });

  it.each([
    [0, 'السلة، فارغة'],
    [1, 'السلة، عنصر واحد'],
    [2, 'السلة، عنصران'],
    [5, 'السلة، 5 عناصر'],
    [11, 'السلة، 11 عنصرًا'],
    [100, 'السلة، 100 عنصر'],
  ])('names the cart in Arabic plural forms: %i', async (count, name) => {
    await renderInRouter(<CartLink count={count} />, { lang: 'ar' });
    expect(screen.getByRole('link', { name })).toBeTruthy();
  });
});
