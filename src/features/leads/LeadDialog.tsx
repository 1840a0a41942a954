import { useSelector } from '@xstate/react';
import { useId, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom } from 'xstate';
import { type leadFormMachine, type LeadFailure } from '../../../machines/leadForm';
import { LEAD_CAPTCHA } from '../../domain/leads/leadForm';
import { leadServerMessageKey } from '../../domain/leads/leadText';
import { localized } from '../../domain/localize';
import { translateMessage, type MessageDescriptor } from '../../domain/validation/messages';
import { connectivity } from '../../services/apiInstance';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { useKioskMode } from '../../ui/kiosk';
import { Spinner } from '../../ui/Spinner';
import { CaptchaField } from '../../app/account/CaptchaField';
import { useFocusFirstInvalid } from '../../app/account/formParts';
import { LeadField, useLeadFieldLabel } from './LeadField';
import { useOnline } from '../../app/useOnline';
import { useTerminalVouching } from './useTerminalVouching';
import '../../app/account/account.css';
import './leads.css';
import { useLanguage } from '../../i18n/useLanguage';

export type LeadActor = ActorRefFrom<typeof leadFormMachine>;

export interface LeadDialogProps {
  lead: LeadActor;
  open: boolean;
  /** The visitor closed it (the close button, Escape, or Done after queueing). */
  onClose: () => void;
  /** The venue's reCAPTCHA site key; without one the built-in question is asked. */
  captchaSiteKey: string | null | undefined;
}

/** A server message in the visitor's language when it is one of ours, else as the server wrote it. */
export function useLeadServerMessage(): (message: string) => string {
  const { t } = useTranslation('leads');
  return (message) => {
    const key = leadServerMessageKey(message);
    return key ? t(key) : message;
  };
}

/** The lead tracking modal (S1-2.45): the venue's form with its fields, the captcha and Send (pinned at the bottom). */
export function LeadDialog({ lead, open, onClose, captchaSiteKey }: LeadDialogProps) {
  const { t } = useTranslation('leads');
  const lang = useLanguage();
  const kiosk = useKioskMode();
  const form = useSelector(lead, (state) => state.context.form);
  const view = useSelector(lead, (state) => (state.matches('queued') ? 'queued' : state.matches('loadFailed') ? 'loadFailed' : state.matches('loading') ? 'loading' : 'form'));
  const pending = useSelector(lead, (state) => state.hasTag('pending'));
  const title = form ? localized(form, 'form_name', lang) : t('section.fallbackTitle');
  const descriptionId = useId();
  const formId = useId();

  const actions =
    view === 'queued' ? (
      <Button size="lg" onClick={onClose}>
        {t('dialog.done')}
      </Button>
    ) : view === 'loadFailed' ? (
      <Button variant="secondary" size="lg" icon={<Icon name="refresh" />} onClick={() => lead.send({ type: 'form.retry' })}>
        {t('dialog.retry')}
      </Button>
    ) : view === 'form' ? (
      <Button type="submit" form={formId} size="lg" pending={pending}>
        {t('dialog.submit')}
      </Button>
    ) : null;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size={kiosk ? 'lg' : 'md'}
      className="lead-dialog"
      describedById={view === 'form' && form?.form_description ? descriptionId : undefined}
      actions={actions}
    >
      {open ? (
        view === 'queued' ? (
          <QueuedNotice />
        ) : (
          <LeadFormBody lead={lead} captchaSiteKey={captchaSiteKey} descriptionId={descriptionId} formId={formId} />
        )
      ) : null}
    </Dialog>
  );
}

function QueuedNotice() {
  const { t } = useTranslation('leads');
  return (
    <div role="status" className="account-alert account-alert-info lead-queued-message">
      <Icon name="offline" />
      <span>
        <strong>{t('dialog.queuedTitle')}</strong> {t('dialog.queued')}
      </span>
    </div>
  );
}

function LeadFormBody({
  lead,
  captchaSiteKey,
  descriptionId,
  formId,
}: Pick<LeadDialogProps, 'lead' | 'captchaSiteKey'> & { descriptionId: string; formId: string }) {
  const { t, i18n } = useTranslation('leads');
  const lang = useLanguage();
  const labelOf = useLeadFieldLabel();
  const serverMessage = useLeadServerMessage();
  const online = useOnline();
  const vouching = useTerminalVouching();
  // Offline, no captcha can be fetched; a provisioned terminal's device key vouches for the queued lead instead.
  const captchaWaived = !online && vouching;

  const loading = useSelector(lead, (state) => state.matches('loading'));
  const loadFailed = useSelector(lead, (state) => state.matches('loadFailed'));
  const form = useSelector(lead, (state) => state.context.form);
  const answers = useSelector(lead, (state) => state.context.answers);
  const errors = useSelector(lead, (state) => state.context.errors);
  const formError = useSelector(lead, (state) => state.context.formError);
  const failure = useSelector(lead, (state) => state.context.failure);
  const captchaRound = useSelector(lead, (state) => state.context.captchaRound);

  const formRef = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);

  const translate = (descriptor: MessageDescriptor | undefined, label?: string) => {
    if (!descriptor) return undefined;
    // '{field name} is required' names the field in the visitor's language.
    const named = label !== undefined && descriptor.values?.field !== undefined ? { ...descriptor, values: { ...descriptor.values, field: label } } : descriptor;
    return translateMessage(named, i18n.t.bind(i18n));
  };

  if (loading) return <Spinner label={t('dialog.loading')} showLabel />;
  if (loadFailed || !form) {
    // S1-8.13: nothing to fill in; say so (the dialog's footer offers another try).
    return (
      <p className="account-alert account-alert-error" role="alert">
        <Icon name="alert" />
        <span>{t('dialog.loadFailed')}</span>
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    lead.send({ type: 'lead.submit', online: connectivity.online, vouched: vouching });
    focusFirstInvalid();
  };

  const alert = failureText(failure, serverMessage, t) ?? translate(formError ?? undefined);
  const description = localized(form, 'form_description', lang);

  return (
    <form ref={formRef} id={formId} className="lead-form" noValidate onSubmit={submit}>
      {description ? (
        <p id={descriptionId} className="lead-description">
          {description}
        </p>
      ) : null}
      {online ? null : (
        <p className="account-alert account-alert-info lead-offline-hint">
          <Icon name="offline" />
          <span>{t('dialog.offlineHint')}</span>
        </p>
      )}
      <div className="account-alert-region" role="alert">
        {alert ? (
          <p className="account-alert account-alert-error">
            <Icon name="alert" />
            <span>{alert}</span>
          </p>
        ) : null}
      </div>
      {form.form_fields.map((field) => (
        <LeadField
          key={field.field_name}
          field={field}
          value={answers[field.field_name]}
          onChange={(value) => lead.send({ type: 'field.change', field: field.field_name, value })}
          error={translate(errors[field.field_name], labelOf(field))}
        />
      ))}
      {captchaWaived ? null : (
        <CaptchaField
          siteKey={captchaSiteKey}
          resetKey={captchaRound}
          onSolve={(response) => lead.send({ type: 'captcha.solve', response })}
          onExpire={() => lead.send({ type: 'captcha.expire' })}
          error={translate(errors[LEAD_CAPTCHA])}
        />
      )}
    </form>
  );
}

/** A refused submission: our own messages translated, any other as the server wrote it; status 0 came from the outbox. */
function failureText(failure: LeadFailure | null, serverMessage: (message: string) => string, t: (key: string) => string): string | null {
  if (!failure) return null;
  if (failure.status === 0) return t('dialog.queueFailed');
  return failure.message ? serverMessage(failure.message) : t('dialog.failed');
}
