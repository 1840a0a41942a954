import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface LoginRequiredDialogProps {
  open: boolean;
  onLogin: () => void;
  onClose: () => void;
}

/** 'Please Login!': participant details need a logged-in visitor. */
export function LoginRequiredDialog({ open, onLogin, onClose }: LoginRequiredDialogProps) {
  const { t } = useTranslation('facilityBooking');
  return (
    <Dialog
      open={open}
      size="sm"
      title={t('loginRequired.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('loginRequired.cancel')}
          </Button>
          <Button onClick={onLogin}>{t('loginRequired.login')}</Button>
        </>
      }
    >
      <p>{t('loginRequired.message')}</p>
    </Dialog>
  );
}
