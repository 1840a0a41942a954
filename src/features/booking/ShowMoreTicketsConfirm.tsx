import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface ShowMoreTicketsConfirmProps {
  open: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** The 'show more tickets' question: Yes starts another slot, No closes the booking. */
export function ShowMoreTicketsConfirm({ open, onYes, onNo }: ShowMoreTicketsConfirmProps) {
  const { t } = useTranslation('facilityBooking');
  return (
    <Dialog
      open={open}
      size="sm"
      title={t('confirm.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onNo}>
            {t('confirm.no')}
          </Button>
          <Button onClick={onYes}>{t('confirm.yes')}</Button>
        </>
      }
    >
      <p>{t('confirm.message')}</p>
    </Dialog>
  );
}
