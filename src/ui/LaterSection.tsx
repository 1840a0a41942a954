import { useTranslation } from 'react-i18next';
import { PageHeading } from './PageHeading';

/**
 * A screen whose content belongs to later work: its real heading and an honest line saying what will be here.
 * docs/status.md lists every screen that still uses this.
 */
export function LaterSection({ titleKey, detailKey }: { titleKey: string; detailKey: string }) {
  const { t } = useTranslation('pages');
  return (
    <div className="container page">
      <PageHeading title={t(titleKey)} />
      <p className="empty-state">{t(detailKey)}</p>
    </div>
  );
}
