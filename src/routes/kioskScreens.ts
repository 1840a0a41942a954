import { lazy } from 'react';
import type { KioskScreens } from '../features/shell/App';
import { withEveryString } from '../i18n/i18n';

/** The kiosk feature's screens over the shell (attract screen, idle question, staff panel): a web visitor never downloads them. */
export const kioskScreens: KioskScreens = {
  VisitorHost: lazy(withEveryString(() => import('../features/kiosk/KioskVisitorHost').then((module) => ({ default: module.KioskVisitorHost })))),
  StaffPanelHost: lazy(withEveryString(() => import('../features/kiosk/StaffPanelHost').then((module) => ({ default: module.StaffPanelHost })))),
};
