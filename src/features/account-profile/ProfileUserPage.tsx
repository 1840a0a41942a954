import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { profileEditMachine, type ProfileChange } from '../../../machines/profileEdit';
import { confirmContactCode, requestContactCode, updateProfile } from '../../api/accountProfile';
import { answer } from '../../services/authActors';
import { type ProfileChoices, type ProfileDetails } from '../../domain/contract/profile';
import { profileAreaLinks } from '../../domain/profileMenu';
import { userKinds } from '../../domain/session';
import { useFieldMessage, useFocusFirstInvalid, ServerMessage } from '../../app/account/formParts';
import { useProvided } from '../../app/account/useAccountSession';
import { LoadState } from '../../app/LoadState';
import { usePortal } from '../../app/portal';
import { screenData } from '../../app/screenData';
import { Button, buttonClass } from '../../ui/Button';
import { DateField, SelectField } from '../../ui/formFields';
import { PageHeading } from '../../ui/PageHeading';
import { ContactChangeDialog } from './ContactChangeDialog';
import { PasswordChangeDialog } from './PasswordChangeDialog';
import { ProfilePhoto } from './ProfilePhoto';
import { changeOf, PersonFields, useChoiceOptions, useFailureText, useProfileMessage, useVenueToday } from './profileParts';
import '../../app/account/account.css';
import './accountProfile.css';

const userRoute = getRouteApi('/_site/_login/profile/user');

/** The customer's own profile: every detail editable except what a verification fixed; e-mail and mobile through a code. */
export function ProfileUserPage() {
  const { t } = useTranslation('profile');
  const loaded = userRoute.useLoaderData();
  const details = screenData(loaded.details);
  const choices = screenData(loaded.choices);
  return (
    <div className="container page account-profile">
      <PageHeading title={t('title')} />
      {details.status !== 'ready' ? (
        <LoadState state={details} />
      ) : choices.status !== 'ready' ? (
        <LoadState state={choices} />
      ) : (
        // A new profile (after a save elsewhere, or a reload) starts the form again from what is stored.
        <ProfileEditor key={details.data.data.id} profile={details.data.data} choices={choices.data.data} />
      )}
    </div>
  );
}

function ProfileEditor({ profile, choices }: { profile: ProfileDetails; choices: ProfileChoices }) {
  const { t } = useTranslation('profile');
  const { t: pages } = useTranslation('pages');
  const { t: shell } = useTranslation('shell');
  const { api, session } = usePortal();
  const router = useRouter();
  const today = useVenueToday();
  const fieldMessage = useFieldMessage();
  const failureText = useFailureText();
  const profileMessage = useProfileMessage();
  const options = useChoiceOptions();
  const announce = (change: ProfileChange) => {
    session.send({ type: 'session.profileChanged', user: change.user });
    void router.invalidate();
  };
  const machine = useProvided(() =>
    profileEditMachine.provide({
      actors: {
        saveProfile: fromPromise(async ({ input }) => changeOf(await answer(updateProfile(api, input)))),
        requestContactCode: fromPromise(async ({ input }) => (await answer(requestContactCode(api, input))).message),
        confirmContactCode: fromPromise(async ({ input }) => changeOf(await answer(confirmContactCode(api, input)))),
      },
      actions: { announceChange: (_, change) => announce(change) },
    }),
  );
  const edit = useActorRef(machine, { input: { profile, today } });
  const values = useSelector(edit, (state) => state.context.values);
  const errors = useSelector(edit, (state) => state.context.errors);
  const formError = useSelector(edit, (state) => state.context.formError);
  const failure = useSelector(edit, (state) => state.context.failure);
  const notice = useSelector(edit, (state) => state.context.notice);
  const current = useSelector(edit, (state) => state.context.profile);
  const saving = useSelector(edit, (state) => state.matches({ details: 'saving' }));
  const [passwordOpen, setPasswordOpen] = useState(false);
  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const locked = new Set<string>(current.locked_fields);
  const sessionUser = useSelector(session, (state) => state.context.user);
  const kinds = userKinds(sessionUser);
  const badges = (Object.keys(kinds) as (keyof typeof kinds)[]).filter((kind) => kinds[kind]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.send({ type: 'profile.save' });
    focusFirstInvalid();
  };
  const serverErrors = failure?.fieldErrors ?? {};
  // The venue's own lists (religions, customer tags): a field shows only when the venue has entries for it.
  // Called as a function, not a component, so the select is not remounted (and loses focus) on every render.
  const choiceSelect = (field: 'religion_id' | 'customer_tag_id', label: string, list: ProfileChoices['religions']) =>
    list.length > 0 ? (
      <SelectField
        label={label}
        name={field}
        value={values[field]}
        placeholder={t('form.choose')}
        options={options(list)}
        onChange={(value) => edit.send({ type: 'field.change', field, value })}
        error={profileMessage(serverErrors[field]) ?? undefined}
      />
    ) : null;

  return (
    <>
      <section className="card profile-summary" aria-labelledby="profile-summary-name">
        <ProfilePhoto profile={current} onChanged={announce} />
        <div className="profile-summary-text">
          <h2 id="profile-summary-name" dir="auto">
            {`${current.first_name} ${current.last_name}`}
          </h2>
          {badges.length > 0 && <p className="profile-kinds">{badges.map((kind) => pages(`profile.kind.${kind}`)).join(' · ')}</p>}
          {current.verified_at ? (
            <p className="profile-badge profile-badge-verified">{t('verified')}</p>
          ) : (
            <p>
              <span className="profile-badge">{t('notVerified')}</span>{' '}
              <Link to="/verify-customer" className="profile-link">
                {t('verifyLink')}
              </Link>
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={() => setPasswordOpen(true)}>
          {t('password.open')}
        </Button>
      </section>

      <section className="card profile-section" aria-labelledby="profile-contact-title">
        <h2 id="profile-contact-title">{t('contact.title')}</h2>
        <ContactRow label={t('contact.email')} value={current.email} onChange={() => edit.send({ type: 'contact.start', channel: 'email' })} changeLabel={t('contact.changeEmail')} />
        <ContactRow label={t('contact.mobile')} value={current.mobile} onChange={() => edit.send({ type: 'contact.start', channel: 'mobile' })} changeLabel={t('contact.changeMobile')} />
      </section>

      <form ref={form} className="card profile-section account-form" noValidate onSubmit={submit} aria-busy={saving || undefined} aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">{t('details.title')}</h2>
        {locked.size > 0 && <p className="profile-locked-note">{t('details.lockedNote')}</p>}
        <ServerMessage message={failureText(failure) ?? fieldMessage(formError)} />
        <ServerMessage kind="info" message={profileMessage(notice)} />
        <PersonFields
          values={values}
          errors={errors}
          serverErrors={serverErrors}
          countries={choices.countries}
          locked={locked}
          today={today}
          onChange={(field, value) => edit.send({ type: 'field.change', field, value })}
          onBlur={(field) => edit.send({ type: 'field.blur', field })}
        />
        {values.id_proof_type_id !== '' && (
          <DateField
            label={t('form.idExpiry')}
            name="id_proof_expiry"
            value={values.id_proof_expiry}
            onChange={(value) => edit.send({ type: 'field.change', field: 'id_proof_expiry', value })}
            readOnly={locked.has('id_proof')}
            error={fieldMessage(errors.id_proof_expiry) ?? profileMessage(serverErrors.id_proof_expiry) ?? undefined}
          />
        )}
        <div className="profile-form-row">
          {choiceSelect('religion_id', t('form.religion'), choices.religions)}
          {choiceSelect('customer_tag_id', t('form.customerTag'), choices.customer_tags)}
        </div>
        <div className="account-actions">
          <Button type="submit" size="lg" pending={saving}>
            {t('details.save')}
          </Button>
        </div>
      </form>

      <nav className="profile-area-links" aria-label={t('areaLinks')}>
        <Link to="/profile/family" className={buttonClass('secondary')}>
          {t('familyLink')}
        </Link>
        {profileAreaLinks(sessionUser).map((entry) => (
          <Link key={entry.key} to={entry.to} className={buttonClass('secondary')}>
            {shell(entry.labelKey)}
          </Link>
        ))}
      </nav>

      <ContactChangeDialog edit={edit} />
      <PasswordChangeDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}

function ContactRow({ label, value, onChange, changeLabel }: { label: string; value: string | null; onChange: () => void; changeLabel: string }) {
  const { t } = useTranslation('profile');
  return (
    <div className="profile-contact-row">
      <div>
        <p className="profile-contact-label">{label}</p>
        <p dir="ltr" className="profile-contact-value">
          {value ?? t('contact.none')}
        </p>
      </div>
      <Button variant="secondary" onClick={onChange}>
        {changeLabel}
      </Button>
    </div>
  );
}
