import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface ResultDialogProps {
  open: boolean;
  /** The order's public token, for its /paymentsuccess page. */
  orderToken: string | null;
  /** Closing ends the checkout: the cart resets. */
  onClose: () => void;
  onView: (orderToken: string) => void;
}

function ResultDialog({ kind, open, orderToken, onClose, onView }: ResultDialogProps & { kind: 'success' | 'approval' }) {
  const { t } = useTranslation('checkout');
  const textId = `checkout-${kind}-text`;
  return (
    <Dialog
      open={open}
      title={t(`${kind}.title`)}
      describedById={textId}
      className={`checkout-result checkout-result-${kind}`}
      actions={
        <>
          {orderToken ? (
            <Button variant="secondary" size="lg" onClick={() => onView(orderToken)}>
              {t(`${kind}.view`)}
            </Button>
          ) : null}
          <Button size="lg" onClick={onClose}>
            {t(`${kind}.close`)}
          </Button>
        </>
      }
    >
      <p id={textId}>{t(`${kind}.text`)}</p>
    </Dialog>
  );
}

/** No payment page was needed: the order is placed [S1-4.26]. */
export const SuccessModal = (props: ResultDialogProps) => <ResultDialog kind="success" {...props} />;

/** The order waits for the venue's approval (isApprovalRequired) [S1-4.27]. */
export const ApprovalModal = (props: ResultDialogProps) => <ResultDialog kind="approval" {...props} />;
