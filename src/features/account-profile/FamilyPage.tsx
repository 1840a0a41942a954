import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { familyMembersMachine, type MemberField } from '../../../machines/familyMembers';
import { addFamilyMember, editFamilyMember, removeFamilyImage, removeFamilyMember, uploadFamilyImage } from '../../api/family';
import { answer } from '../../services/authActors';
import { FAMILY_RELATIONS, type FamilyEntry } from '../../domain/contract/family';
import { type NamedChoice } from '../../domain/contract/profile';
import { isLang } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { ServerMessage, useFieldMessage } from '../../app/account/formParts';
import { useProvided } from '../../app/account/useAccountSession';
import { LoadState } from '../../app/LoadState';
import { PagedList } from '../../app/PagedList';
import { usePortal } from '../../app/portal';
import { screenData } from '../../app/screenData';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/formFields';
import { PageHeading } from '../../ui/PageHeading';
import { PhotoPicker, type PhotoResult } from './PhotoPicker';
import { PersonFields, useFailureText, useProfileMessage, useVenueToday } from './profileParts';
import '../../app/account/account.css';
import './accountProfile.css';

const familyRoute = getRouteApi('/_site/_login/profile/family');

type FamilyActor = ActorRefFrom<typeof familyMembersMachine>;

/** The customer's family: each member with their photo and details; add, edit, and remove (saying so when they have upcoming bookings). */
export function FamilyPage() {
  const { t } = useTranslation('profile');
  const { api } = usePortal();
  const router = useRouter();
  const today = useVenueToday();
  const loaded = familyRoute.useLoaderData();
  const members = screenData(loaded.members);
  const choices = screenData(loaded.choices);
  const machine = useProvided(() =>
    familyMembersMachine.provide({
      actors: {
        saveMember: fromPromise(async ({ input }) =>
          (await answer(input.memberId === null ? addFamilyMember(api, input.body) : editFamilyMember(api, input.memberId, input.body))).message,
        ),
        removeMember: fromPromise(async ({ input }) => (await answer(removeFamilyMember(api, input.memberId, input.confirmUpcoming))).message),
      },
      actions: { announceChange: () => void router.invalidate() },
    }),
  );
  const family = useActorRef(machine, { input: { today } });
  const notice = useSelector(family, (state) => state.context.notice);
  const profileMessage = useProfileMessage();
  const full = members.status === 'ready' && members.data.data.total >= members.data.data.max_members;
  const countries = choices.status === 'ready' ? choices.data.data.countries : [];

  return (
    <div className="container page account-profile">
      <PageHeading title={t('family.title')}>
        <Button onClick={() => family.send({ type: 'member.add' })} disabled={full || members.status !== 'ready'}>
          {t('family.add')}
        </Button>
      </PageHeading>
      <ServerMessage kind="info" message={profileMessage(notice)} />
      {full && members.status === 'ready' && <p className="profile-locked-note">{t('family.full', { max: members.data.data.max_members })}</p>}
      <PagedList
        state={members}
        emptyText={t('family.empty')}
        listClassName="family-list"
        renderItem={(member) => <FamilyMemberItem key={member.customer_id} member={member} countries={countries} family={family} />}
      />
      <p>
        <Link to="/profile/user" className={buttonClass('ghost')}>
          {t('family.back')}
        </Link>
      </p>
      {choices.status === 'ready' ? <FamilyMemberDialog family={family} countries={countries} today={today} /> : <LoadState state={choices} />}
      <RemoveMemberDialog family={family} />
    </div>
  );
}

function FamilyMemberItem({ member, countries, family }: { member: FamilyEntry; countries: readonly NamedChoice[]; family: FamilyActor }) {
  const { t, i18n } = useTranslation('profile');
  const lang = isLang(i18n.language) ? i18n.language : 'en';
  const name = `${member.first_name} ${member.last_name}`;
  const country = countries.find((each) => each.id === member.nationality);
  const { api } = usePortal();
  const router = useRouter();
  const photoResult = async (call: ReturnType<typeof removeFamilyImage>): Promise<PhotoResult> => {
    const result = await call;
    if (!result.ok) return { ok: false, message: result.message };
    // The visitor picker and anything else showing the member read it afresh.
    void router.invalidate();
    return { ok: true, image: result.data.data.profile_image_url };
  };
  return (
    <li className="card family-member">
      <PhotoPicker
        image={member.profile_image_url ?? null}
        initials={`${member.first_name.charAt(0)}${member.last_name.charAt(0)}`}
        alt={t('family.photoAlt', { name })}
        size={64}
        labels={{ add: t('photo.add'), change: t('photo.change'), remove: t('family.photoRemove') }}
        names={{ add: t('family.photoAddNamed', { name }), change: t('family.photoChangeNamed', { name }), remove: t('family.photoRemoveNamed', { name }) }}
        upload={(file) => photoResult(uploadFamilyImage(api, member.customer_id, file))}
        remove={() => photoResult(removeFamilyImage(api, member.customer_id))}
      />
      <div className="family-member-text">
        <h2 dir="auto">{name}</h2>
        <p>
          {[member.relation ? t(`family.relations.${member.relation}`) : null, member.dob, member.gender ? t(`form.genders.${member.gender}`) : null, country ? localized(country, 'name', lang) : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="family-member-facts">
          <span>{t('family.customerId', { id: member.customer_id })}</span>
          {member.is_icp_down === 1 && <span className="profile-badge">{t('family.icpDown')}</span>}
          {member.upcoming_bookings > 0 && <span className="profile-badge">{t('family.upcoming', { count: member.upcoming_bookings })}</span>}
        </p>
      </div>
      <div className="family-member-actions">
        <Button variant="secondary" onClick={() => family.send({ type: 'member.edit', member })} aria-label={t('family.editNamed', { name })}>
          {t('family.edit')}
        </Button>
        <Button variant="danger" onClick={() => family.send({ type: 'member.remove', member })} aria-label={t('family.removeNamed', { name })}>
          {t('family.remove')}
        </Button>
      </div>
    </li>
  );
}

function FamilyMemberDialog({ family, countries, today }: { family: FamilyActor; countries: readonly NamedChoice[]; today: string }) {
  const { t } = useTranslation('profile');
  const fieldMessage = useFieldMessage();
  const failureText = useFailureText();
  const profileMessage = useProfileMessage();
  const open = useSelector(family, (state) => state.matches('editing') || state.matches('saving'));
  const adding = useSelector(family, (state) => state.context.memberId === null);
  const values = useSelector(family, (state) => state.context.values);
  const errors = useSelector(family, (state) => state.context.errors);
  const formError = useSelector(family, (state) => state.context.formError);
  const failure = useSelector(family, (state) => state.context.failure);
  const pending = useSelector(family, (state) => state.matches('saving'));
  const change = (field: MemberField, value: string) => family.send({ type: 'field.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    family.send({ type: 'form.submit' });
  };
  return (
    <Dialog
      open={open}
      size="lg"
      title={t(adding ? 'family.addTitle' : 'family.editTitle')}
      onClose={() => family.send({ type: 'form.cancel' })}
      actions={
        <Button type="submit" form="family-member-form" pending={pending}>
          {t('family.save')}
        </Button>
      }
    >
      <form id="family-member-form" className="account-form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
        <ServerMessage message={failureText(failure) ?? fieldMessage(formError)} />
        <PersonFields values={values} errors={errors} serverErrors={failure?.fieldErrors ?? {}} countries={countries} today={today} onChange={change} />
        <SelectField
          label={t('family.relation')}
          name="relation"
          value={values.relation}
          placeholder={t('form.choose')}
          options={FAMILY_RELATIONS.map((relation) => ({ value: relation, label: t(`family.relations.${relation}`) }))}
          onChange={(value) => change('relation', value)}
          required
          error={fieldMessage(errors.relation) ?? profileMessage(failure?.fieldErrors.relation) ?? undefined}
        />
      </form>
    </Dialog>
  );
}

const REMOVAL_STATES = ['confirmingRemoval', 'removing', 'confirmingUpcoming', 'removingAnyway'] as const;

/** "Remove …?", and when the member has upcoming bookings, the server's words on them before a second yes. */
function RemoveMemberDialog({ family }: { family: FamilyActor }) {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const profileMessage = useProfileMessage();
  const member = useSelector(family, (state) => state.context.removal);
  const upcoming = useSelector(family, (state) => state.matches('confirmingUpcoming') || state.matches('removingAnyway'));
  const open = useSelector(family, (state) => REMOVAL_STATES.some((name) => state.matches(name)));
  const pending = useSelector(family, (state) => state.hasTag('pending'));
  const upcomingMessage = useSelector(family, (state) => state.context.upcomingMessage);
  const failure = useSelector(family, (state) => state.context.failure);
  const name = member ? `${member.first_name} ${member.last_name}` : '';
  return (
    <Dialog
      open={open}
      size="sm"
      title={t(upcoming ? 'family.upcomingTitle' : 'family.removeTitle', { name })}
      onClose={() => family.send({ type: 'remove.cancel' })}
      actions={
        <>
          <Button variant="secondary" onClick={() => family.send({ type: 'remove.cancel' })} disabled={pending}>
            {t('family.keep')}
          </Button>
          <Button variant="danger" onClick={() => family.send({ type: 'remove.confirm' })} pending={pending}>
            {t(upcoming ? 'family.removeAnyway' : 'family.remove')}
          </Button>
        </>
      }
    >
      <ServerMessage message={failureText(failure)} />
      <p>{upcoming ? profileMessage(upcomingMessage) : t('family.removeText', { name })}</p>
    </Dialog>
  );
}
