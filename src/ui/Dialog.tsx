import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Icon } from './Icon';
import { useModalDialog } from './useModalDialog';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons shown in the footer, at the bottom where a seated kiosk visitor reaches them. */
  actions?: ReactNode;
  /** Makes the dialog dismissible (Escape, close button). Without it the user must answer through the actions. */
  onClose?: () => void;
  size?: 'sm' | 'md' | 'lg' | 'full';
  describedById?: string;
  /** Receives focus on open; otherwise the first focusable element does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

export function Dialog({
  open,
  title,
  children,
  actions,
  onClose,
  size = 'md',
  describedById,
  initialFocusRef,
  className,
}: DialogProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialog = useModalDialog({ open, onClose, initialFocusRef });
  return (
    <dialog
      {...dialog}
      className={`dialog dialog-${size}${className ? ` ${className}` : ''}`}
      role={onClose ? undefined : 'alertdialog'}
      aria-labelledby={titleId}
      aria-describedby={describedById}
      tabIndex={-1}
    >
      {open ? (
        <>
          <header className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {onClose ? (
              <Button variant="ghost" className="dialog-close" icon={<Icon name="close" />} onClick={onClose}>
                {t('close')}
              </Button>
            ) : null}
          </header>
          <div className="dialog-body">{children}</div>
          {actions ? <footer className="dialog-actions">{actions}</footer> : null}
        </>
      ) : null}
    </dialog>
  );
}
