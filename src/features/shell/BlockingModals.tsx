import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

/** Not dismissible: the venue's schedules and prices are wrong while the device clock is off. */
export function TimeDiscrepancyModal({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('timeDiscrepancy.title')} size="sm">
      <p>{t('timeDiscrepancy.message')}</p>
      <p>{t('timeDiscrepancy.permitted')}</p>
      <p>{t('timeDiscrepancy.action')}</p>
    </Dialog>
  );
}

export function NewVersionModal({ open, onUpdate }: { open: boolean; onUpdate: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      title={t('newVersion.title')}
      size="sm"
      actions={
        <Button size="lg" onClick={onUpdate}>
          {t('newVersion.update')}
        </Button>
      }
    >
      <p>{t('newVersion.message')}</p>
    </Dialog>
  );
}
