import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/**
 * 'Are you still there?' with the seconds left. Any touch answers it (the visitor machine listens on the whole
 * document); the buttons say so plainly. The count is announced every ten seconds, not every second.
 */
export function IdleWarningDialog({
  open,
  remainingSeconds,
  onStay,
  onFinish,
}: {
  open: boolean;
  remainingSeconds: number;
  onStay: () => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation('kioskVisitor');
  const announced = remainingSeconds % 10 === 0 || remainingSeconds <= 5;
  return (
    <Dialog
      open={open}
      size="sm"
      title={t('idle.title')}
      actions={
        <>
          <Button size="lg" onClick={onStay}>
            {t('idle.stay')}
          </Button>
          <Button size="lg" variant="secondary" onClick={onFinish}>
            {t('idle.finish')}
          </Button>
        </>
      }
    >
      <p>{t('idle.explain')}</p>
      <p className="idle-countdown" aria-hidden="true">
        {t('idle.countdown', { count: remainingSeconds })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced ? t('idle.countdown', { count: remainingSeconds }) : ''}
      </p>
    </Dialog>
  );
}
