import type { KioskScreens } from '../features/shell/App';
import { preloadable } from '../app/preloadable';
import { withStrings } from '../i18n/i18n';
import { APP_NAMESPACES } from '../domain/routeTable';

// Preloadable: a terminal's page from the server (or kept by the service worker) shows the attract screen already, so
// the server names it among the page's parts and the client loads it before rendering over it: it never blinks out.
const VisitorHost = preloadable('src/features/kiosk/KioskVisitorHost.tsx', withStrings(APP_NAMESPACES, () => import('../features/kiosk/KioskVisitorHost').then((module) => module.KioskVisitorHost)));
const StaffPanelHost = preloadable('src/features/kiosk/StaffPanelHost.tsx', withStrings(APP_NAMESPACES, () => import('../features/kiosk/StaffPanelHost').then((module) => module.StaffPanelHost)));

/** The kiosk feature's screens over the shell (attract screen, idle question, staff panel): a web visitor never downloads them. */
export const kioskScreens: KioskScreens = { VisitorHost, StaffPanelHost };
