import type { Lang } from '../domain/lang';

/** What the staff panel shows under Diagnostics. Times are epoch milliseconds, null when never. */
export type KioskDiagnostics = {
  appVersion: string | null;
  terminalId: string | null;
  terminalName: string | null;
  online: boolean;
  lastConfigSync: number | null;
  lastScheduleSync: number | null;
  serviceWorker: 'unsupported' | 'installing' | 'active' | 'waiting';
  storageUsedBytes: number | null;
  outboxLength: number;
};

/**
 * What a running kiosk lets staff do. The app (src/main.tsx) implements it over the idle-reset machine, the
 * version machine and the service worker; the staff panel only calls it.
 */
export interface KioskControls {
  /** Wipes the visitor now and shows the attract screen (the same wipe as an idle reset). */
  endVisitorSession(): Promise<void>;
  /** Wipes the visitor, deletes every Cache Storage cache and the service worker's runtime caches, then reloads. */
  clearCachesAndReload(): Promise<void>;
  /** Whether a new version is waiting; `applyUpdate` wipes the visitor and reloads into it. */
  updateWaiting(): boolean;
  subscribeUpdateWaiting(listener: () => void): () => void;
  applyUpdate(): void;
  /** The language a visitor reset returns to; also applied now. */
  setDefaultLanguage(lang: Lang): Promise<void>;
  diagnostics(): Promise<KioskDiagnostics>;
  /** Turns kiosk mode off on this device (the terminal provisioning is kept) and reloads as a web portal. */
  leaveKiosk(): Promise<void>;
}
