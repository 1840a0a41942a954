import { useSelector } from '@xstate/react';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PIN_LENGTH } from '../../domain/kiosk/pinLock';
import { TextField } from '../../ui/TextField';
import { PinPad } from './PinPad';
import { problemText, type StaffPanelActor } from './staffPanelView';

/**
 * Provisioning: the terminal code (typed, or from the provisioning link) and the staff PIN on the keypad. The
 * server checks both; a wrong PIN counts towards the terminal's lock like any other.
 */
export function ProvisionForm({ panel, codeRef }: { panel: StaffPanelActor; codeRef?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation('kiosk');
  const pinLabelId = useId();
  const code = useSelector(panel, (state) => state.context.code);
  const digits = useSelector(panel, (state) => state.context.digits);
  const pending = useSelector(panel, (state) => state.hasTag('pending'));
  const problem = useSelector(panel, (state) => state.context.problem);
  const attemptsLeft = useSelector(panel, (state) => state.context.attemptsLeft);
  const lockedUntil = useSelector(panel, (state) => state.context.lockedUntil);
  const message = problemText(t, { problem, attemptsLeft, lockedUntil });
  const codeMissing = code.trim() === '';
  const pinIncomplete = digits.length < PIN_LENGTH.min;
  const touch = () => panel.send({ type: 'staff.touch' });

  return (
    <div className="staff-provision" onPointerDownCapture={touch} onKeyDownCapture={touch}>
      <p>{t('provision.intro')}</p>
      <TextField
        name="terminal-code"
        label={t('provision.code')}
        value={code}
        onChange={(value) => panel.send({ type: 'code.change', value })}
        hint={codeMissing ? t('provision.codeMissing') : undefined}
        autoComplete="off"
        dir="ltr"
        maxLength={64}
        required
        inputRef={codeRef}
      />
      <div className="staff-provision-pin">
        <p id={pinLabelId} className="field-label">
          {t('provision.pin')}
        </p>
        {pinIncomplete ? <p className="field-hint">{t('provision.pinIncomplete')}</p> : null}
        <div role="alert" className="staff-message">
          {message ? <p className="staff-problem">{message}</p> : null}
        </div>
        <PinPad
          digits={digits}
          labelId={pinLabelId}
          pending={pending}
          canSubmit={!codeMissing && !pinIncomplete}
          submitLabel={t('provision.submit')}
          onDigit={(digit) => panel.send({ type: 'pin.digit', digit })}
          onDelete={() => panel.send({ type: 'pin.delete' })}
          onSubmit={() => panel.send({ type: 'pin.submit' })}
        />
      </div>
      <p role="status" className="staff-status">
        {pending ? t('provision.pending') : ''}
      </p>
    </div>
  );
}
