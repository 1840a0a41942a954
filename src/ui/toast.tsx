import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type FocusEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon, type IconName } from './Icon';
import { useTopModal } from './modalStack';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_DURATION_MS = 6000;

// One toast at a time: showing a new one replaces whatever was there [S0-8.4].
let current: Toast | null = null;
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: Toast | null) {
  current = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, message: string) {
  lastId += 1;
  publish({ id: lastId, kind, message });
}

function dismissToast(id: number) {
  if (current?.id === id) publish(null);
}

export const toast = {
  success: (message: string): void => show('success', message),
  error: (message: string): void => show('error', message),
  info: (message: string): void => show('info', message),
  dismiss: (): void => {
    if (current) publish(null);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => current;

const ICONS: Record<ToastKind, IconName> = { success: 'check', error: 'alert', info: 'info' };

/**
 * How far a toast inside `modal` must rise to stay clear of the modal's action bar (0 when the bar does not reach
 * the bottom of the screen, as on a centred desktop dialog): the toast must never hide the button the visitor needs.
 */
function useClearOfActions(modal: HTMLDialogElement | null): number {
  const [lift, setLift] = useState(0);
  useLayoutEffect(() => {
    if (!modal) {
      setLift(0);
      return;
    }
    const measure = () => {
      const actions = modal.querySelector<HTMLElement>(':scope > .dialog-actions');
      setLift(actions ? Math.max(0, Math.round(window.innerHeight - actions.getBoundingClientRect().top)) : 0);
    };
    measure();
    // Content that changes the modal's layout (a step, the on-screen keyboard) moves the bar with it.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(modal);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [modal]);
  return lift;
}

/**
 * Renders the current toast at the bottom inline-end corner. Render once at the app root.
 * Both live regions stay in the page so screen readers announce a toast as it arrives:
 * errors through role="alert", everything else through role="status".
 */
export function Toaster() {
  const { t } = useTranslation('ui');
  const shown = useSyncExternalStore(subscribe, snapshot, snapshot);
  const [hovered, setHovered] = useState(false);
  // Keyed by toast: a dismiss button that unmounts while focused never reports its blur.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const modal = useTopModal();
  const lift = useClearOfActions(modal);

  useEffect(() => {
    if (!shown || hovered || focusedId === shown.id) return;
    const timer = setTimeout(() => dismissToast(shown.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown, hovered, focusedId]);

  const card = shown ? (
    <div key={shown.id} className={`toast toast-${shown.kind}`}>
      <Icon name={ICONS[shown.kind]} />
      <p className="toast-message">{shown.message}</p>
      <Button variant="ghost" icon={<Icon name="close" />} onClick={() => dismissToast(shown.id)}>
        {t('dismiss')}
      </Button>
    </div>
  ) : null;

  const toaster = (
    <div
      className="toaster"
      style={lift > 0 ? { insetBlockEnd: `calc(${lift}px + var(--space-4))` } : undefined}
      // A pointer resting on the toast keeps it; a finger's tap does not (a touch screen's emulated hover never
      // leaves, and would keep the toast over what lies under it until the next tap elsewhere).
      onPointerEnter={(event: PointerEvent<HTMLDivElement>) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocusedId(shown?.id ?? null)}
      onBlur={(event: FocusEvent<HTMLDivElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocusedId(null);
      }}
    >
      <div role="status">{shown?.kind === 'error' ? null : card}</div>
      <div role="alert">{shown?.kind === 'error' ? card : null}</div>
    </div>
  );

  // A modal dialog makes everything outside it inert, so the toast joins the innermost one.
  return modal ? createPortal(toaster, modal) : toaster;
}
