import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { getVenueServices } from '../../api/facilities';
import { localized } from '../../domain/localize';
import { LoadState } from '../common/LoadState';
import { PageHeading } from '../common/PageHeading';
import { useVenueData } from '../common/useApiData';
import { usePortal } from '../shell/portal';
import { BookFacilityButton } from './BookFacilityButton';
import { langOf } from '../../domain/lang';
import { venueServicesResponse } from '../../domain/contract/facilities';

/** /service/{id}: the service's page, with the booking modal opened on that service (spec 001 §2). */
export function ServicePage() {
  const { t, i18n } = useTranslation('pages');
  const portal = usePortal();
  const { id } = useParams({ strict: false }) as { id: string };
  const serviceId = Number(id);
  const state = useVenueData('venue/services', () => getVenueServices(portal.api), venueServicesResponse);
  if (state.status !== 'ready') {
    return (
      <div className="container page">
        <LoadState state={state} lines={3} />
      </div>
    );
  }
  const service = state.data.data.find((entry) => entry.id === serviceId && entry.is_public === 1);
  if (!service) {
    return (
      <div className="container page">
        <PageHeading title={t('catalogue.notFound')} />
        <BookFacilityButton />
      </div>
    );
  }
  return (
    <div className="container page">
      <PageHeading title={localized(service, 'name', langOf(i18n.language))} />
      <p>{t('service.intro')}</p>
      <BookFacilityButton serviceId={service.id} openOnMount />
    </div>
  );
}
