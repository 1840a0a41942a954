import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense, useEffect, type ComponentType } from 'react';
import { type Lang } from '../../domain/lang';
import { KioskModeProvider, OnScreenKeyboardHost } from '../../ui/kiosk';
import { Toaster } from '../../ui/toast';
import { NewVersionModal, TimeDiscrepancyModal } from './BlockingModals';
import { OfflineBanner } from './OfflineBanner';
import { usePortal } from '../../app/portal';
import type { KioskControls } from '../../app/kioskControls';
import {
  ConfigUnavailablePage,
  HealthCheckPage,
  InvalidConfigPage,
  MaintenancePage,
  SiteNotAvailablePage,
  SplashScreen,
  VenueNotFoundPage,
} from './StatusPages';
import { applyVenueTheme } from '../../app/theme';
import { useKioskTerminal, type TerminalMode } from '../../app/terminalMode';
import type { Portal } from '../../app/portal';
import { useLanguage } from '../../i18n/useLanguage';
import { whenIdle } from '../../app/whenIdle';

/** Kiosk-only screens over the shell, from the kiosk feature (src/routes/kioskScreens.ts). */
export type KioskScreens = {
  VisitorHost: ComponentType<{ router: AnyRouter; lang: Lang }>;
  StaffPanelHost: ComponentType<{ controls: KioskControls }>;
};

type ShellSnapshot = ReturnType<Portal['shell']['getSnapshot']>;

const VIEWS = ['app', 'healthCheck', 'siteDisabled', 'maintenance', 'invalidConfig', 'notFound', 'unavailable'] as const;
type View = (typeof VIEWS)[number] | 'loading';

function selectView(state: ShellSnapshot): View {
  return VIEWS.find((view) => state.matches({ config: view })) ?? 'loading';
}

export function App({ router, terminal, kioskScreens, onFirstScreen }: { router: AnyRouter; terminal: TerminalMode; kioskScreens: KioskScreens; onFirstScreen: () => void }) {
  const portal = usePortal();
  const kiosk = useKioskTerminal(terminal);
  const lang = useLanguage();
  const view = useSelector(portal.shell, selectView);
  const config = useSelector(portal.shell, (state) => state.context.config);
  const clockDiscrepant = useSelector(portal.shell, (state) => state.matches({ clock: 'discrepant' }));
  const updateAvailable = useSelector(portal.version, (state) => state.matches('updateAvailable'));

  useEffect(() => {
    if (config) applyVenueTheme(config);
  }, [config]);

  useEffect(() => {
    // The first screen is up: a status page at once, the app once its first route has rendered. Tests and the
    // benchmark wait for this mark, and work that can wait (device storage, service worker) starts after it.
    if (view === 'loading') return;
    const markReady = () => {
      document.documentElement.dataset.ready = 'true';
      onFirstScreen();
    };
    if (view !== 'app' || (router.state.resolvedLocation && router.state.status === 'idle')) {
      markReady();
      return;
    }
    return router.subscribe('onRendered', markReady);
  }, [view, router, onFirstScreen]);

  useEffect(() => {
    // Loaded once the site is up and idle, so the remote config adds nothing to the first screen's JavaScript.
    if (view !== 'app') return;
    return whenIdle(() => void import('../../services/remoteConfig').then(({ refreshDeviceRemoteConfig }) => refreshDeviceRemoteConfig(portal.api)));
  }, [view, portal.api]);

  useEffect(() => {
    if (view === 'notFound' && window.location.pathname !== '/404') window.history.replaceState(null, '', '/404');
  }, [view]);

  return (
    <KioskModeProvider kiosk={kiosk} lang={lang}>
      <OfflineBanner />
      {view === 'loading' && <SplashScreen />}
      {view === 'app' && <RouterProvider router={router} />}
      {view === 'healthCheck' && config && <HealthCheckPage config={config} lang={lang} />}
      {view === 'siteDisabled' && config && <SiteNotAvailablePage config={config} lang={lang} />}
      {view === 'maintenance' && config && <MaintenancePage config={config} lang={lang} />}
      {view === 'invalidConfig' && <InvalidConfigPage />}
      {view === 'notFound' && <VenueNotFoundPage />}
      {view === 'unavailable' && <ConfigUnavailablePage onRetry={() => portal.shell.send({ type: 'config.retry' })} />}
      <TimeDiscrepancyModal open={clockDiscrepant} />
      {/* A terminal applies a new version by itself at the attract screen; online customers are asked. */}
      <NewVersionModal open={updateAvailable && !kiosk} onUpdate={() => portal.version.send({ type: 'version.update' })} />
      {kiosk && view === 'app' ? (
        <Suspense fallback={null}>
          <kioskScreens.VisitorHost router={router} lang={lang} />
        </Suspense>
      ) : null}
      {kiosk ? (
        <Suspense fallback={null}>
          <kioskScreens.StaffPanelHost controls={portal.kiosk} />
        </Suspense>
      ) : null}
      <Toaster />
      <OnScreenKeyboardHost />
    </KioskModeProvider>
  );
}
