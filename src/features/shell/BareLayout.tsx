import { Outlet } from '@tanstack/react-router';

/** Landing pages without header and footer (/home-bsl, /event-invite). */
export function BareLayout() {
  return (
    <main id="main" className="bare-main">
      <Outlet />
    </main>
  );
}
