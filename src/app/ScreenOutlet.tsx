import { Outlet, useChildMatches } from '@tanstack/react-router';

/**
 * The router's Outlet, mounted afresh when the route below it changes. Otherwise Preact keeps the Outlet's Suspense
 * boundary across the change; when the new screen suspends there (its code or data still on the way, which a slow
 * phone meets), Preact later put the old screen's nodes back beside the new ones: logging out from `/profile/user`
 * showed the profile above the home page (tests/header-footer.spec.ts, at 10x CPU). A screen of the same route with
 * other parameters keeps its boundary.
 */
export function ScreenOutlet() {
  const childRoute = useChildMatches({ select: (matches) => matches[0]?.routeId ?? '' });
  return <Outlet key={childRoute} />;
}
