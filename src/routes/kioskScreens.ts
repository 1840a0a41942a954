import { lazy } from 'react';
import type { KioskScreens } from '../features/shell/App';
import { withStrings } from '../i18n/i18n';
import { APP_NAMESPACES } from '../domain/routeTable';

/** The kiosk feature's screens over the shell (attract screen, idle question, staff panel): a web visitor never downloads them. */
export const kioskScreens: KioskScreens = {
  VisitorHost: lazy(withStrings(APP_NAMESPACES, () => import('../features/kiosk/KioskVisitorHost').then((module) => ({ default: module.KioskVisitorHost })))),
  StaffPanelHost: lazy(withStrings(APP_NAMESPACES, () => import('../features/kiosk/StaffPanelHost').then((module) => ({ default: module.StaffPanelHost })))),
};
