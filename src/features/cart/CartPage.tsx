import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/Button';
import { PageHeading } from '../common/PageHeading';

/** The cart screen; lines, totals and checkout arrive with the cart issue (docs/status.md). */
export function CartPage() {
  const { t } = useTranslation('pages');
  return (
    <div className="container page">
      <PageHeading title={t('cart.title')} />
      <p className="empty-state">{t('cart.empty')}</p>
      <Link to="/" className={buttonClass('primary', 'lg')}>
        {t('cart.continue')}
      </Link>
    </div>
  );
}
