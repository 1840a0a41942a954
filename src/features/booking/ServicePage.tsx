import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { localized } from '../../domain/localize';
import { LoadState } from '../../app/LoadState';
import { PageHeading } from '../../ui/PageHeading';
import { screenData } from '../../app/screenData';
import { recordId } from '../../domain/contract/routeParams';
import { BookFacilityButton } from './BookFacilityButton';
import { useLanguage } from '../../i18n/useLanguage';

const route = getRouteApi('/_site/service/$id');

/** /service/{id}: the service's page, with the booking modal opened on that service (spec 001 §2). */
export function ServicePage() {
  const { t } = useTranslation('pages');
  const lang = useLanguage();
  const serviceId = recordId.parse(route.useParams().id);
  const state = screenData(route.useLoaderData());
  if (state.status !== 'ready') {
    return (
      <div className="container page">
        <LoadState state={state} />
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
      <PageHeading title={localized(service, 'name', lang)} />
      <p>{t('service.intro')}</p>
      <BookFacilityButton serviceId={service.id} openOnMount />
    </div>
  );
}
