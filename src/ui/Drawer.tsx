import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './Icon';
import { useModalDialog } from './useModalDialog';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** For aria-controls on the button that opens it. */
  id?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** A modal panel sliding in from the inline-start edge: full width on phones, a side panel on wider screens. */
export function Drawer({ open, onClose, title, children, id, initialFocusRef }: DrawerProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialog = useModalDialog({ open, onClose, initialFocusRef });
  return (
    <dialog {...dialog} id={id} className="drawer" aria-labelledby={titleId} tabIndex={-1}>
      {open ? (
        <>
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            <Button variant="ghost" className="dialog-close" icon={<Icon name="close" />} onClick={onClose}>
              {t('close')}
            </Button>
          </header>
          <div className="dialog-body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
