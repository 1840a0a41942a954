import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '../ui/testingLibrary';
import { type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { type Lang } from '../domain/lang';
import { createTestI18n } from '../i18n/testing';

/** Renders shell components inside a memory router (their links need one) in the chosen language. Tests only. */
export async function renderInRouter(ui: ReactNode, { lang = 'en', path = '/' }: { lang?: Lang; path?: string } = {}) {
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
