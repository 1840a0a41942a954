import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { verifyAccountMachine } from '../../../machines/verifyAccount';
import { confirmVerification, requestVerificationCode } from '../../api/accountProfile';
import { answer } from '../../services/authActors';
import { type ProfileDetails } from '../../domain/contract/profile';
import { ChoiceField, CodeField, ServerMessage, useFieldMessage } from '../../app/account/formParts';
import { useProvided } from '../../app/account/useAccountSession';
import { LoadState } from '../../app/LoadState';
import { usePortal } from '../../app/portal';
import { screenData } from '../../app/screenData';
import { Button, buttonClass } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { changeOf, useFailureText, useProfileMessage } from './profileParts';
import '../../app/account/account.css';
import './accountProfile.css';

const verifyRoute = getRouteApi('/_site/_login/verify-customer');

/** Verifies the logged-in customer with a code to their own e-mail or mobile; the server records it and locks what it knew. */
export function VerifyCustomerPage() {
  const { t } = useTranslation('profile');
  const details = screenData(verifyRoute.useLoaderData());
  return (
    <div className="container page account-profile">
      <PageHeading title={t('verify.title')} />
      {details.status !== 'ready' ? <LoadState state={details} /> : details.data.data.verified_at ? <Verified /> : <VerifyForm profile={details.data.data} />}
    </div>
  );
}

function Verified({ message }: { message?: string | null }) {
  const { t } = useTranslation('profile');
  return (
    <div className="card account-outcome" role="status">
      <h2>{t('verify.doneTitle')}</h2>
      <p>{message ?? t('verify.doneText')}</p>
      <Link to="/profile/user" className={buttonClass('primary', 'lg')}>
        {t('verify.toProfile')}
      </Link>
    </div>
  );
}

function VerifyForm({ profile }: { profile: ProfileDetails }) {
  const { t } = useTranslation('profile');
  const { api, session } = usePortal();
  const router = useRouter();
  const fieldMessage = useFieldMessage();
  const failureText = useFailureText();
  const profileMessage = useProfileMessage();
  const machine = useProvided(() =>
    verifyAccountMachine.provide({
      actors: {
        requestVerificationCode: fromPromise(async ({ input }) => (await answer(requestVerificationCode(api, input))).message),
        confirmVerification: fromPromise(async ({ input }) => changeOf(await answer(confirmVerification(api, input)))),
      },
      actions: {
        announceChange: (_, change) => {
          session.send({ type: 'session.profileChanged', user: change.user });
          void router.invalidate();
        },
      },
    }),
  );
  const verify = useActorRef(machine);
  const channel = useSelector(verify, (state) => state.context.channel);
  const otp = useSelector(verify, (state) => state.context.otp);
  const otpError = useSelector(verify, (state) => state.context.otpError);
  const failure = useSelector(verify, (state) => state.context.failure);
  const sentTo = useSelector(verify, (state) => state.context.sentTo);
  const notice = useSelector(verify, (state) => state.context.notice);
  const awaitingCode = useSelector(verify, (state) => state.matches('awaitingCode') || state.matches('confirming'));
  const verified = useSelector(verify, (state) => state.matches('verified'));
  const pending = useSelector(verify, (state) => state.hasTag('pending'));

  if (verified) return <Verified message={profileMessage(notice)} />;

  const channels = (['email', 'mobile'] as const).filter((each) => (each === 'email' ? profile.email : profile.mobile));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.send({ type: awaitingCode ? 'verify.confirm' : 'verify.send' });
  };
  return (
    <form className="card profile-section account-form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <p>{t('verify.intro')}</p>
      <ServerMessage message={failureText(failure)} />
      {awaitingCode ? (
        <>
          <ServerMessage kind="info" message={profileMessage(sentTo)} />
          <CodeField value={otp} onChange={(value) => verify.send({ type: 'otp.change', value })} error={fieldMessage(otpError)} />
        </>
      ) : (
        <ChoiceField<'email' | 'mobile'>
          legend={t('verify.channel')}
          name="channel"
          value={channel}
          options={channels.map((each) => ({ value: each, label: t(`verify.channels.${each}`, { address: each === 'email' ? profile.email : profile.mobile }) }))}
          onChange={(value) => verify.send({ type: 'channel.choose', channel: value })}
        />
      )}
      <div className="account-actions">
        {awaitingCode && (
          <Button variant="ghost" onClick={() => verify.send({ type: 'verify.resend' })} disabled={pending}>
            {t('verify.resend')}
          </Button>
        )}
        <Button type="submit" size="lg" pending={pending}>
          {t(awaitingCode ? 'verify.confirm' : 'verify.send')}
        </Button>
      </div>
    </form>
  );
}
