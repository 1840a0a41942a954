import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { staffPanelMachine, StaffPanelContext } from '../../../machines/staffPanel';
import { clockTime, countdown } from '../../domain/kiosk/units';

export type StaffPanelActor = ActorRefFrom<typeof staffPanelMachine>;
type StaffPanelSnapshot = SnapshotFrom<typeof staffPanelMachine>;

/** Which of the staff screens shows: none, the PIN pad, the provisioning form or the panel itself. */
export type StaffView = 'closed' | 'checking' | 'pin' | 'provisioning' | 'open';

export function staffViewOf(state: StaffPanelSnapshot): StaffView {
  if (state.matches('closed')) return 'closed';
  if (state.matches({ active: 'checking' })) return 'checking';
  if (state.matches({ active: 'open' })) return 'open';
  if (state.matches({ active: 'provisioning' }) || state.matches({ active: 'provisioningSubmit' })) return 'provisioning';
  return 'pin';
}

/** This device's clock, read every second while `ticking` (the lock's countdown). */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

type Problem = Pick<StaffPanelContext, 'problem' | 'attemptsLeft' | 'lockedUntil'>;

/** What went wrong with the last PIN or provisioning, in the visitor's language; null when nothing did. */
export function problemText(t: TFunction<'kiosk'>, { problem, attemptsLeft, lockedUntil }: Problem): string | null {
  switch (problem) {
    case 'wrong':
      return t('pin.wrong', { count: attemptsLeft ?? 0 });
    case 'locked':
      return lockedUntil === null ? null : t('pin.locked', { time: clockTime(lockedUntil) });
    case 'unknownCode':
      return t('provision.unknownCode');
    case 'unknownTerminal':
      return t('pin.unknownTerminal');
    case 'offline':
      return t('provision.offline');
    case 'offlineUnavailable':
      return t('pin.offlineUnavailable');
    case 'failed':
      return t('pin.failed');
    default:
      return null;
  }
}

/** 'Try again in 4:59' while locked. */
export function remainingText(t: TFunction<'kiosk'>, lockedUntil: number, now: number): string {
  return t('pin.remaining', { time: countdown((lockedUntil - now) / 1000) });
}
