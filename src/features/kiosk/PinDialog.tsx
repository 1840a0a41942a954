import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '../../domain/kiosk/pinLock';
import { Dialog } from '../../ui/Dialog';
import { PinPad } from './PinPad';
import { problemText, remainingText, useNow, type StaffPanelActor } from './staffPanelView';

/**
 * The staff PIN pad: masked digits and the keypad; a wrong PIN says how many attempts are left, a lock says until
 * when and counts down. Checking is pending (the server first, then the device when the network is down).
 */
export function PinDialog({ open, panel }: { open: boolean; panel: StaffPanelActor }) {
  const { t } = useTranslation('kiosk');
  const promptId = useId();
  const firstKey = useRef<HTMLButtonElement>(null);
  const digits = useSelector(panel, (state) => state.context.digits);
  const pending = useSelector(panel, (state) => state.hasTag('pending'));
  const locked = useSelector(panel, (state) => state.matches({ active: 'locked' }));
  const problem = useSelector(panel, (state) => state.context.problem);
  const attemptsLeft = useSelector(panel, (state) => state.context.attemptsLeft);
  const lockedUntil = useSelector(panel, (state) => state.context.lockedUntil);
  const now = useNow(open && locked);

  const message = locked ? problemText(t, { problem: 'locked', attemptsLeft, lockedUntil }) : problemText(t, { problem, attemptsLeft, lockedUntil });
  const touch = () => panel.send({ type: 'staff.touch' });

  return (
    <Dialog open={open} size="md" title={t('pin.title')} onClose={() => panel.send({ type: 'staff.close' })} initialFocusRef={firstKey} className="staff-dialog">
      <div className="staff-pin" onPointerDownCapture={touch} onKeyDownCapture={touch}>
        <p id={promptId} className="staff-prompt">
          {t('pin.prompt')}
        </p>
        <div role="alert" className="staff-message">
          {message ? <p className={locked ? 'staff-problem staff-locked' : 'staff-problem'}>{message}</p> : null}
        </div>
        {locked && lockedUntil !== null ? <p className="staff-countdown">{remainingText(t, lockedUntil, now)}</p> : null}
        <p role="status" className="staff-status">
          {pending ? t('pin.checking') : ''}
        </p>
        <PinPad
          digits={digits}
          labelId={promptId}
          firstKeyRef={firstKey}
          disabled={locked}
          pending={pending}
          canSubmit={digits.length >= PIN_LENGTH.min}
          onDigit={(digit) => panel.send({ type: 'pin.digit', digit })}
          onDelete={() => panel.send({ type: 'pin.delete' })}
          onSubmit={() => panel.send({ type: 'pin.submit' })}
        />
      </div>
    </Dialog>
  );
}
