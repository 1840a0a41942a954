import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface TicketConfirmationProps {
  open: boolean;
  /** Yes: carry on choosing here. */
  onYes: () => void;
  /** No: go to the cart. */
  onNo: () => void;
}

/** The ticket confirmation after tickets went into the cart (spec 001 §2): yes goes on, no goes to the cart. */
export function TicketConfirmation({ open, onYes, onNo }: TicketConfirmationProps) {
  const { t } = useTranslation('catalogue');
  return (
    <Dialog
      open={open}
      size="sm"
      title={t('confirmation.title')}
      onClose={onYes}
      actions={
        <>
          <Button variant="secondary" onClick={onNo}>
            {t('confirmation.no')}
          </Button>
          <Button onClick={onYes}>{t('confirmation.yes')}</Button>
        </>
      }
    >
      <p>{t('confirmation.message')}</p>
    </Dialog>
  );
}
