import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchGlobal } from '../../api/search';
import { Header } from './Header';
import { usePortal } from '../../app/portal';
import { useSpecialTreatment } from './specialTreatment';
import { imageUrl } from '../../domain/venueLook';
import { useLanguage } from '../../i18n/useLanguage';
import { preloadable } from '../../app/preloadable';
import { HydrateLater } from '../../app/hydrateLater';
import { ScreenOutlet } from '../../app/ScreenOutlet';

/** Below the fold on every screen, so it need not hold up the first one. */
const Footer = preloadable('src/features/shell/Footer.tsx', () => import('./Footer').then((m) => m.Footer));

function useCartCount(): number {
  const portal = usePortal();
  const [count, setCount] = useState(0);
  useEffect(() => portal.subscribeCartCount(setCount), [portal]);
  return count;
}

export function SiteLayout() {
  const portal = usePortal();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const config = useSelector(portal.shell, (state) => state.context.config);
  const user = useSelector(portal.session, (state) => state.context.user);
  const currentPath = useRouterState({ select: (state) => state.location.href });
  const search = useSearch({ strict: false }) as { journey?: string };
  const specialTreatment = useSpecialTreatment(config?.special_treatment ?? null, portal.host, search.journey ?? null);
  const cartCount = useCartCount();

  const searchVenue = useCallback(
    (text: string, signal: AbortSignal) => searchGlobal(portal.api, text, signal),
    [portal.api],
  );

  if (!config) return null;
  const resolveImage = (path: string) => imageUrl(config, path);

  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <Header
        config={config}
        lang={lang}
        user={user}
        cartCount={cartCount}
        searchEnabled={config.enable_search === 1 && !specialTreatment}
        search={searchVenue}
        onSearchNavigate={(target) => void navigate({ to: target.to, params: target.params })}
        onLanguageChange={(next) => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, lang: next }) })}
        onLogout={() => {
          // Logout resets user and cart and goes home.
          portal.session.send({ type: 'session.logout' });
          void portal.clearCart();
          void navigate({ to: '/' });
        }}
        currentPath={currentPath}
        imageUrl={resolveImage}
      />
      <main id="main" className="site-main" tabIndex={-1}>
        <ScreenOutlet />
      </main>
      <HydrateLater>
        <Suspense fallback={<div className="shell-footer-placeholder" />}>
          <Footer config={config} lang={lang} host={portal.host} imageUrl={resolveImage} />
        </Suspense>
      </HydrateLater>
    </div>
  );
}
