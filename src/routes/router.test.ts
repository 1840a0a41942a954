import { describe, expect, it } from 'vitest';
import { type AnyRoute } from '@tanstack/react-router';
import { ROUTE_TABLE, type RouteFacts } from '../domain/routeTable';
import { createPortalRouter, type RouterContext } from './router';

/** Every page route of the router, with the ids of the layouts above it. */
function pages(route: AnyRoute, layouts: string[] = []): { path: string; layouts: string[] }[] {
  const children = (route.children ?? []) as AnyRoute[];
  if (children.length === 0) return [{ path: route.fullPath as string, layouts }];
  const layout = route.isRoot ? [] : [route.id as string];
  return children.flatMap((child) => pages(child, [...layouts, ...layout]));
}

// Building the router gives every route its full path; nothing is loaded or rendered.
const router = createPortalRouter({} as RouterContext);
const routerPages = pages(router.routeTree as AnyRoute);
const layoutsOf = (path: string) => routerPages.find((page) => page.path === path)?.layouts;

describe('the route table and the router', () => {
  it('every path and alias of the table is a page of the router, and the router has no other', () => {
    const tablePaths = ROUTE_TABLE.flatMap((facts: RouteFacts) => [facts.path, ...(facts.aliases ?? [])]);
    expect(routerPages.map((page) => page.path).sort()).toEqual([...tablePaths].sort());
  });

  it.each(ROUTE_TABLE.map((facts: RouteFacts) => [facts.path, facts] as const))('%s sits under the layouts its facts name', (path, facts) => {
    const expected = [facts.layout === 'bare' ? '/_bare' : '/_site'];
    if (facts.login) expected.push('/_site/_login');
    if (facts.section) expected.push('/_site/_feature');
    expect(layoutsOf(path)).toEqual(expected);
  });
});
