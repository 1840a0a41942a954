import { useTranslation } from 'react-i18next';
import { getRouteApi } from '@tanstack/react-router';
import { userKinds } from '../../domain/session';
import { LaterSection } from '../../ui/LaterSection';
import { LoadState } from '../../app/LoadState';
import { PageHeading } from '../../ui/PageHeading';
import { screenData } from '../../app/screenData';

const userRoute = getRouteApi('/_site/_login/profile/user');

export function ProfileUserPage() {
  const { t } = useTranslation('pages');
  const state = screenData(userRoute.useLoaderData());
  return (
    <div className="container page">
      <PageHeading title={t('profile.user')} />
      <LoadState state={state} />
      {state.status === 'ready' && <ProfileDetails user={state.data.data} />}
    </div>
  );
}

function ProfileDetails({ user }: { user: Parameters<typeof userKinds>[0] & { name: string; email?: string | null; mobile?: string | null } }) {
  const { t } = useTranslation('pages');
  const kinds = userKinds(user);
  const badges = (Object.keys(kinds) as (keyof typeof kinds)[]).filter((kind) => kinds[kind]);
  return (
    <dl className="profile-facts card">
      <dt>{t('profile.name')}</dt>
      <dd dir="auto">{user.name}</dd>
      {user.email && (
        <>
          <dt>{t('profile.email')}</dt>
          <dd dir="ltr">{user.email}</dd>
        </>
      )}
      {user.mobile && (
        <>
          <dt>{t('profile.mobile')}</dt>
          <dd dir="ltr">{user.mobile}</dd>
        </>
      )}
      {badges.length > 0 && (
        <>
          <dt>{t('profile.account')}</dt>
          <dd>{badges.map((kind) => t(`profile.kind.${kind}`)).join(' · ')}</dd>
        </>
      )}
    </dl>
  );
}

const later = (titleKey: string) => () => <LaterSection titleKey={titleKey} detailKey="later.profileText" />;

export const FamilyPage = later('profile.family');
