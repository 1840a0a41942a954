import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { toast } from '../../ui/toast';
import { LeadDialog, useLeadServerMessage, type LeadDialogProps } from './LeadDialog';

/**
 * The lead dialog with what follows a delivered lead: the server's thanks as a toast, then the dialog closes.
 * It is its own module so the dialog, its fields and the captcha load after the home page's first screen.
 */
export function LeadDialogHost({ lead, open, onClose, captchaSiteKey }: LeadDialogProps) {
  const serverMessage = useLeadServerMessage();
  const notice = useSelector(lead, (state) => (state.matches('sent') ? state.context.notice : null));

  const serverMessageRef = useRef(serverMessage);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    serverMessageRef.current = serverMessage;
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (notice === null) return;
    toast.success(serverMessageRef.current(notice));
    onCloseRef.current();
  }, [notice]);

  return <LeadDialog lead={lead} open={open} onClose={onClose} captchaSiteKey={captchaSiteKey} />;
}
