import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { REFUND_BUSINESS_DAYS } from '../../domain/constants';
import { buttonClass } from '../../ui/Button';
import { LaterSection } from '../common/LaterSection';
import { PageHeading } from '../common/PageHeading';

export const PaymentSuccessPage = () => <LaterSection titleKey="payment.successTitle" detailKey="payment.successLater" />;

export function PaymentFailedPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="container page payment-failed">
      <PageHeading title={t('payment.failedTitle')} />
      <p>{t('payment.failedText', { days: REFUND_BUSINESS_DAYS })}</p>
      <div className="cluster">
        <Link to="/cart" className={buttonClass('primary', 'lg')}>
          {t('payment.backToCart')}
        </Link>
        <Link to="/" className={buttonClass('secondary', 'lg')}>
          {t('payment.home')}
        </Link>
      </div>
    </div>
  );
}
