import type { KioskScreens } from '../features/shell/App';
import { preloadable } from '../app/preloadable';
import { withEveryString } from '../i18n/i18n';

const VisitorHost = preloadable(withEveryString(() => import('../features/kiosk/KioskVisitorHost').then((module) => module.KioskVisitorHost)));
const StaffPanelHost = preloadable(withEveryString(() => import('../features/kiosk/StaffPanelHost').then((module) => module.StaffPanelHost)));

/** The kiosk feature's screens over the shell (attract screen, idle question, staff panel): a web visitor never downloads them. */
export const kioskScreens: KioskScreens = { VisitorHost, StaffPanelHost };

/**
 * A terminal's page from the server (or kept by the service worker) shows these screens already: the client loads
 * them before rendering over it, so the attract screen never blinks out while their code comes.
 */
export const loadKioskScreens = (): Promise<void> => Promise.all([VisitorHost.preload(), StaffPanelHost.preload()]).then(() => undefined);

/** The visitor screens' module as a key of the client build's manifest: a terminal's page from the server links its code and styles. */
export const KIOSK_VISITOR_SOURCE = 'src/features/kiosk/KioskVisitorHost.tsx';
