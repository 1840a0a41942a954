import { lazy, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { type Lang } from '../domain/lang';
import { createKeyboardRegistry, KioskContext, type KeyboardRegistry } from './kioskContext';

export interface KioskModeProviderProps {
  kiosk: boolean;
  lang: Lang;
  children?: ReactNode;
}

/** Switches the large-touch layout on or off (html[data-mode]) and lets text fields reach the on-screen keyboard. */
export function KioskModeProvider({ kiosk, lang, children }: KioskModeProviderProps) {
  const [keyboard] = useState(createKeyboardRegistry);
  useLayoutEffect(() => {
    document.documentElement.dataset.mode = kiosk ? 'kiosk' : 'web';
  }, [kiosk]);
  useEffect(() => {
    if (!kiosk) return;
    const press = () => keyboard.pointer(true);
    const lift = () => keyboard.pointer(false);
    document.addEventListener('pointerdown', press, true);
    document.addEventListener('pointerup', lift, true);
    document.addEventListener('pointercancel', lift, true);
    return () => {
      document.removeEventListener('pointerdown', press, true);
      document.removeEventListener('pointerup', lift, true);
      document.removeEventListener('pointercancel', lift, true);
    };
  }, [kiosk, keyboard]);
  const value = useMemo(() => ({ kiosk, lang, keyboard }), [kiosk, lang, keyboard]);
  return <KioskContext.Provider value={value}>{children}</KioskContext.Provider>;
}

export function useKioskMode(): boolean {
  return useContext(KioskContext)?.kiosk ?? false;
}

/** The keyboard a text field registers with on focus; null outside kiosk mode. */
export function useOnScreenKeyboard(): KeyboardRegistry | null {
  const context = useContext(KioskContext);
  return context?.kiosk ? context.keyboard : null;
}

// Loaded only in kiosk mode, so web visitors never download the keyboard.
const OnScreenKeyboard = lazy(() => import('./OnScreenKeyboard').then((module) => ({ default: module.OnScreenKeyboard })));

/** Render once at the app root, inside KioskModeProvider. */
export function OnScreenKeyboardHost() {
  if (!useKioskMode()) return null;
  return (
    <Suspense fallback={null}>
      <OnScreenKeyboard />
    </Suspense>
  );
}
