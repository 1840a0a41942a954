import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './Button';

type PaginationProps = { page: number; totalPages: number };

/**
 * Previous and next page of a list whose page is in the query (`?page=`), with where the visitor is. Links, not
 * buttons: each page has its own address, and the router preloads its data on intent.
 */
export function Pagination({ page, totalPages }: PaginationProps) {
  const { t } = useTranslation('ui');
  if (totalPages <= 1) return null;
  const to = (target: number) => ({ to: '.' as const, search: (prev: Record<string, unknown>) => ({ ...prev, page: target }) });
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link {...to(page - 1)} rel="prev" className={buttonClass('secondary')}>
          {t('pagination.previous')}
        </Link>
      ) : null}
      <span className="pagination-where" aria-current="page">
        {t('pagination.where', { page, total: totalPages })}
      </span>
      {page < totalPages ? (
        <Link {...to(page + 1)} rel="next" className={buttonClass('secondary')}>
          {t('pagination.next')}
        </Link>
      ) : null}
    </nav>
  );
}
