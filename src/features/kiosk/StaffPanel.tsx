import { useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { age, byteSize } from '../../domain/kiosk/units';
import { LANGUAGES, type Lang } from '../../domain/lang';
import { getTerminalSettings } from '../../services/terminalSettings';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { toast } from '../../ui/toast';
import type { KioskControls, KioskDiagnostics } from '../../app/kioskControls';
import type { StaffPanelActor } from './staffPanelView';

type Action = 'end' | 'clear' | 'update' | 'language' | 'leave';

const AGE_KEYS = { seconds: 'diagnostics.ageSeconds', minutes: 'diagnostics.ageMinutes', hours: 'diagnostics.ageHours', days: 'diagnostics.ageDays' } as const;
const SERVICE_WORKER_KEYS = {
  unsupported: 'diagnostics.swUnsupported',
  installing: 'diagnostics.swInstalling',
  active: 'diagnostics.swActive',
  waiting: 'diagnostics.swWaiting',
} as const;

function syncText(t: TFunction<'kiosk'>, at: number | null, now: number): string {
  if (at === null) return t('diagnostics.never');
  const { unit, count } = age(at, now);
  return t('diagnostics.syncedAt', { time: dayjs(at).format('YYYY-MM-DD HH:mm'), age: t(AGE_KEYS[unit], { count }) });
}

function bytesText(t: TFunction<'kiosk'>, bytes: number | null): string {
  if (bytes === null) return t('diagnostics.unknown');
  const { value, unit } = byteSize(bytes);
  return t(`diagnostics.bytes${unit}`, { value });
}

/** What staff read under Diagnostics, each value in words and human units. */
function diagnosticRows(t: TFunction<'kiosk'>, d: KioskDiagnostics, now: number): [string, string, string][] {
  return [
    ['appVersion', t('diagnostics.appVersion'), d.appVersion ?? t('diagnostics.unknown')],
    ['terminalId', t('diagnostics.terminalId'), d.terminalId ?? t('diagnostics.notProvisioned')],
    ['terminalName', t('diagnostics.terminalName'), d.terminalName ?? t('diagnostics.notProvisioned')],
    ['online', t('diagnostics.online'), d.online ? t('diagnostics.isOnline') : t('diagnostics.isOffline')],
    ['lastConfigSync', t('diagnostics.lastConfigSync'), syncText(t, d.lastConfigSync, now)],
    ['lastScheduleSync', t('diagnostics.lastScheduleSync'), syncText(t, d.lastScheduleSync, now)],
    ['serviceWorker', t('diagnostics.serviceWorker'), t(SERVICE_WORKER_KEYS[d.serviceWorker])],
    ['storageUsed', t('diagnostics.storageUsed'), bytesText(t, d.storageUsedBytes)],
    ['outboxLength', t('diagnostics.outboxLength'), t('diagnostics.items', { count: d.outboxLength })],
  ];
}

function Diagnostics({ controls }: { controls: KioskControls }) {
  const { t } = useTranslation('kiosk');
  const headingId = useId();
  const [read, setRead] = useState<{ diagnostics: KioskDiagnostics; at: number } | 'loading' | 'failed'>('loading');

  const load = useCallback(() => {
    setRead('loading');
    controls.diagnostics().then(
      (diagnostics) => setRead({ diagnostics, at: Date.now() }),
      (error: unknown) => {
        console.warn('kiosk diagnostics failed', error);
        setRead('failed');
      },
    );
  }, [controls]);
  useEffect(load, [load]);

  return (
    <section className="staff-section" aria-labelledby={headingId}>
      <div className="staff-section-head">
        <h3 id={headingId}>{t('diagnostics.title')}</h3>
        <Button variant="secondary" onClick={load} pending={read === 'loading'}>
          {t('diagnostics.refresh')}
        </Button>
      </div>
      {read === 'loading' ? <p role="status">{t('diagnostics.loading')}</p> : null}
      {read === 'failed' ? <p role="alert">{t('diagnostics.failed')}</p> : null}
      {typeof read === 'object' ? (
        <dl className="staff-diagnostics">
          {diagnosticRows(t, read.diagnostics, read.at).map(([key, label, value]) => (
            <div key={key} className="staff-diagnostic" data-diagnostic={key}>
              <dt>{label}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/**
 * The staff panel, once the PIN is right: end the visitor session, clear caches and reload, apply a waiting update,
 * the terminal's default language, diagnostics, and leave kiosk mode (confirmed). It closes after a minute without
 * a touch (the machine counts; every touch here restarts the minute).
 */
export function StaffPanel({ open, panel, controls }: { open: boolean; panel: StaffPanelActor; controls: KioskControls }) {
  const { t } = useTranslation('kiosk');
  const updateHintId = useId();
  const languageId = useId();
  const terminalName = useSelector(panel, (state) => state.context.terminalName);
  const updateWaiting = useSyncExternalStore(controls.subscribeUpdateWaiting, controls.updateWaiting);
  const [busy, setBusy] = useState<Action | null>(null);
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const [language, setLanguage] = useState<Lang | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    // A device whose storage cannot be read keeps the panel's default language choice.
    void getTerminalSettings().then(
      (settings) => {
        if (current) setLanguage(settings.defaultLanguage ?? 'en');
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open]);

  const close = () => panel.send({ type: 'staff.close' });
  const touch = () => panel.send({ type: 'staff.touch' });

  const run = async (action: Action, work: () => Promise<void>, done?: () => void) => {
    setBusy(action);
    try {
      await work();
      done?.();
    } catch (error) {
      console.warn(`staff action ${action} failed`, error);
      toast.error(t('panel.actionFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} size="lg" title={t('panel.title')} onClose={close} className="staff-dialog staff-panel">
      <div className="staff-panel-body" onPointerDownCapture={touch} onKeyDownCapture={touch}>
        {terminalName ? (
          <p className="staff-terminal">
            <bdi>{t('panel.terminal', { name: terminalName })}</bdi>
          </p>
        ) : null}
        <p className="staff-hint">{t('panel.autoClose')}</p>

        <section className="staff-section" aria-label={t('panel.actions')}>
          <div className="staff-actions">
            <Button
              size="lg"
              pending={busy === 'end'}
              onClick={() => void run('end', () => controls.endVisitorSession(), () => {
                toast.success(t('panel.endSessionDone'));
                close();
              })}
            >
              {t('panel.endSession')}
            </Button>
            <Button size="lg" variant="secondary" pending={busy === 'clear'} onClick={() => void run('clear', () => controls.clearCachesAndReload())}>
              {t('panel.clearCaches')}
            </Button>
            <div className="staff-action-with-hint">
              <Button
                size="lg"
                variant="secondary"
                disabled={!updateWaiting}
                aria-describedby={updateWaiting ? undefined : updateHintId}
                pending={busy === 'update'}
                onClick={() => void run('update', async () => controls.applyUpdate())}
              >
                {t('panel.applyUpdate')}
              </Button>
              {updateWaiting ? null : (
                <p id={updateHintId} className="staff-hint">
                  {t('panel.noUpdate')}
                </p>
              )}
            </div>
          </div>
        </section>

        <section className="staff-section" aria-labelledby={languageId}>
          <h3 id={languageId}>{t('panel.language')}</h3>
          <p className="staff-hint">{t('panel.languageHint')}</p>
          <div className="staff-languages" role="group" aria-labelledby={languageId}>
            {LANGUAGES.map((choice) => (
              <Button
                key={choice.code}
                size="lg"
                variant={language === choice.code ? 'primary' : 'secondary'}
                lang={choice.code}
                aria-pressed={language === choice.code}
                pending={busy === 'language' && language !== choice.code}
                onClick={() =>
                  void run('language', () => controls.setDefaultLanguage(choice.code), () => {
                    setLanguage(choice.code);
                    toast.success(t('panel.languageSaved'));
                  })
                }
              >
                {choice.label}
              </Button>
            ))}
          </div>
        </section>

        <Diagnostics controls={controls} />

        <section className="staff-section staff-leave">
          <Button size="lg" variant="danger" onClick={() => setConfirmingLeave(true)}>
            {t('panel.leave')}
          </Button>
        </section>

        <Dialog
          open={open && confirmingLeave}
          size="sm"
          title={t('panel.leaveTitle')}
          actions={
            <>
              <Button size="lg" variant="danger" pending={busy === 'leave'} onClick={() => void run('leave', () => controls.leaveKiosk())}>
                {t('panel.leaveConfirm')}
              </Button>
              <Button size="lg" variant="secondary" onClick={() => setConfirmingLeave(false)}>
                {t('panel.cancel')}
              </Button>
            </>
          }
        >
          <p>{t('panel.leaveMessage')}</p>
        </Dialog>
      </div>
    </Dialog>
  );
}
