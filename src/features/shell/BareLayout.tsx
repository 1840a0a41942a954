import { ScreenOutlet } from '../../app/ScreenOutlet';

/** Landing pages without header and footer (/home-bsl, /event-invite). */
export function BareLayout() {
  return (
    <main id="main" className="bare-main">
      <ScreenOutlet />
    </main>
  );
}
