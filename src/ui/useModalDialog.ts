import {
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { pushModal, removeModal } from './modalStack';

const FOCUSABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function firstFocusable(root: HTMLElement): HTMLElement | null {
  for (const candidate of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    if (!candidate.closest('[hidden], [inert]')) return candidate;
  }
  return null;
}

interface ModalDialogOptions {
  open: boolean;
  /** Present when the user may dismiss the dialog (Escape, close button); absent makes it non-dismissible. */
  onClose?: () => void;
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Shows a native <dialog> as a modal while `open`, moves focus into it and gives focus back on close.
 * The parent owns `open`: the dialog never closes itself, it asks through onClose.
 */
export function useModalDialog({ open, onClose, initialFocusRef }: ModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null);
  const openRef = useRef(open);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    openRef.current = open;
    onCloseRef.current = onClose;
  });

  // A layout effect: the dialog is modal, and holds the focus, in the same frame that first paints it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog?.isConnected) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    pushModal(dialog);
    (initialFocusRef?.current ?? firstFocusable(dialog) ?? dialog).focus();
    return () => {
      removeModal(dialog);
      // Closed by its parent: the `close` event this causes is no request of the visitor's.
      openRef.current = false;
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [open, initialFocusRef]);

  const requestClose = () => onCloseRef.current?.();

  return {
    ref,
    onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Handled here so the browser never closes the dialog behind the parent's back.
      event.preventDefault();
      requestClose();
    },
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      event.preventDefault();
      requestClose();
    },
    onClose(event: SyntheticEvent<HTMLDialogElement>) {
      // A browser close request that could not be cancelled (Chrome lets a repeated Escape through):
      // a dismissible dialog reports it, a non-dismissible one comes straight back.
      const dialog = event.currentTarget;
      // A dialog taken out of the document closes too (and says so): that is its parent closing it, not the visitor.
      if (!openRef.current || dialog.open || !dialog.isConnected) return;
      if (onCloseRef.current) onCloseRef.current();
      else dialog.showModal();
    },
  };
}
