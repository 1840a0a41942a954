import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visitorDetailsMachine } from '../../../../machines/visitorDetails';
import { type VisitorEntry } from '../../../domain/contract/visitors';
import { DATE_FORMATS, dayjs } from '../../../domain/dates';
import { type User } from '../../../domain/session';
import { LOGIN_REQUIRED } from '../../../domain/validation/form';
import { canSubmit, disclaimerDate, lockedFields, termsRequired, type VisitorProfile } from '../../../domain/visitors/visitorForm';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { CheckboxField, ServerMessage, useFieldMessage, useFocusFirstInvalid } from '../../../app/account/formParts';
import { TermsLabel } from '../../../app/account/GuestLoginDialog';
import { useProvided, useSiteConfig } from '../../../app/account/useAccountSession';
import { usePortal } from '../../../app/portal';
import { uploadDocument, visitorDetailsActors } from './visitorActors';
import { VisitorSection } from './VisitorSection';
import '../../../app/account/account.css';
import './visitors.css';
import { useLanguage } from '../../../i18n/useLanguage';

export interface VisitorDetailsDialogProps {
  facilityName: string;
  serviceId: number;
  visitorCount: number;
  /** YYYY-MM-DD */
  bookingDate: string;
  onSubmit(entries: VisitorEntry[]): void;
  onClose(): void;
}

/** What the session knows of the logged-in user, as the first visitor's details. */
function profileOf(user: User): VisitorProfile {
  return {
    name: user.name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    mobile: user.mobile,
    dob: user.dob,
    gender: user.gender,
  };
}

/** The visitor details modal, titled for the facility, one section per visitor (S1-2.42, S1-2.43). */
export function VisitorDetailsDialog(props: VisitorDetailsDialogProps) {
  const { t } = useTranslation('visitors');
  const { session } = usePortal();
  const user = useSelector(session, (state) => state.context.user);
  const fieldMessage = useFieldMessage();
  return (
    <Dialog open onClose={props.onClose} title={t('title', { facility: props.facilityName })} size="lg" className="visitors-dialog">
      {/* The booking modal asks for a login first; should a session end meanwhile, say so rather than show an empty form. */}
      {user ? <VisitorDetailsForm {...props} profile={profileOf(user)} /> : <ServerMessage message={fieldMessage(LOGIN_REQUIRED)} />}
    </Dialog>
  );
}

function VisitorDetailsForm({ serviceId, visitorCount, bookingDate, onSubmit, onClose, profile }: VisitorDetailsDialogProps & { profile: VisitorProfile }) {
  const { t } = useTranslation('visitors');
  const lang = useLanguage();
  const { api } = usePortal();
  const config = useSiteConfig();
  const fieldMessage = useFieldMessage();
  const formId = useId();
  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const termsAreRequired = termsRequired(config);

  const machine = useProvided(() => visitorDetailsMachine.provide({ actors: visitorDetailsActors(api) }));
  const details = useActorRef(machine, { input: { serviceId, visitorCount, bookingDate, lang, profile, termsAreRequired } });

  const loading = useSelector(details, (state) => state.matches('loading'));
  const loadFailed = useSelector(details, (state) => state.matches('loadFailed'));
  const submitting = useSelector(details, (state) => state.matches('submitting'));
  const filling = useSelector(details, (state) => state.matches({ editing: 'fillingMember' }));
  const context = useSelector(details, (state) => state.context);

  const submitted = useRef(false);
  useEffect(() => {
    if (!context.entries || submitted.current) return;
    submitted.current = true;
    onSubmit(context.entries);
  }, [context.entries, onSubmit]);

  if (loading) {
    return (
      <p className="visitors-status" role="status">
        {t('loading')}
      </p>
    );
  }
  if (loadFailed || !context.config) {
    return (
      <div className="visitors-status">
        <ServerMessage message={context.failure?.message || t('loadFailed')} />
        <Button onClick={() => details.send({ type: 'details.retry' })}>{t('retry')}</Button>
      </div>
    );
  }

  const fieldConfig = context.config;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    details.send({ type: 'details.submit' });
    focusFirstInvalid();
  };
  const upload = (file: File) => uploadDocument(api, file);
  const failure = context.failure ? context.failure.message || t('submitFailed') : null;
  const today = dayjs().format(DATE_FORMATS.date);

  return (
    <form ref={form} id={formId} className="visitors-form" noValidate onSubmit={submit}>
      <p className="visitors-intro">{t('intro', { date: disclaimerDate(bookingDate, lang) })}</p>
      <ServerMessage message={failure ?? (context.formError ? fieldMessage(context.formError) : null)} />
      {context.drafts.map((draft, index) => (
        <VisitorSection
          key={index}
          index={index}
          draft={draft}
          errors={context.errors[index] ?? {}}
          locked={lockedFields(index, profile)}
          config={fieldConfig}
          tags={context.tags}
          religions={config.religions}
          members={context.members}
          memberPending={filling && context.fillingIndex === index}
          memberFailed={context.memberFailure?.index === index}
          bookingDate={bookingDate}
          today={today}
          onChange={(field, value) => details.send({ type: 'visitor.change', index, field, value })}
          onBlur={(field) => details.send({ type: 'visitor.blur', index, field })}
          onAdditionalChange={(fieldId, value) => details.send({ type: 'additional.change', index, fieldId, value })}
          onAdditionalBlur={(fieldId) => details.send({ type: 'additional.blur', index, fieldId })}
          onDocument={(fieldId, file) => details.send({ type: 'document.attach', index, fieldId, file })}
          onChooseMember={(customerId) => details.send({ type: 'member.choose', index, customerId })}
          onSaveForFuture={(value) => details.send({ type: 'visitor.saveForFuture', index, value })}
          upload={upload}
        />
      ))}
      {termsAreRequired ? (
        <CheckboxField
          name="terms_accepted"
          checked={context.termsAccepted}
          onChange={(accepted) => details.send({ type: 'terms.toggle', accepted })}
          label={<TermsLabel />}
        />
      ) : null}
      <div className="visitors-actions">
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          size="lg"
          pending={submitting || filling}
          disabled={!canSubmit({ termsAreRequired, termsAccepted: context.termsAccepted })}
        >
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
