import { useSelector } from '@xstate/react';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom } from 'xstate';
import { type profileEditMachine } from '../../../machines/profileEdit';
import { CodeField, EmailField, MobileFields, ServerMessage, useFieldMessage } from '../../app/account/formParts';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useFailureText, useProfileMessage } from './profileParts';

/** The new e-mail or mobile, then the 6-digit code sent there; the change is made only once the code comes back. */
export function ContactChangeDialog({ edit }: { edit: ActorRefFrom<typeof profileEditMachine> }) {
  const { t } = useTranslation('profile');
  const fieldMessage = useFieldMessage();
  const failureText = useFailureText();
  const profileMessage = useProfileMessage();
  const open = useSelector(edit, (state) => !state.matches({ contact: 'closed' }));
  const awaitingCode = useSelector(edit, (state) => state.matches({ contact: 'awaitingCode' }) || state.matches({ contact: 'confirming' }));
  const pending = useSelector(edit, (state) => state.matches({ contact: 'sendingCode' }) || state.matches({ contact: 'confirming' }));
  const channel = useSelector(edit, (state) => state.context.channel);
  const contact = useSelector(edit, (state) => state.context.contact);
  const errors = useSelector(edit, (state) => state.context.contactErrors);
  const failure = useSelector(edit, (state) => state.context.contactFailure);
  const sentTo = useSelector(edit, (state) => state.context.sentTo);

  const change = (field: 'email' | 'countryCode' | 'mobile' | 'otp') => (value: string) => edit.send({ type: 'contact.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.send({ type: awaitingCode ? 'contact.confirm' : 'contact.send' });
  };
  const fieldFailure = (field: string) => profileMessage(failure?.fieldErrors[field]) ?? undefined;

  return (
    <Dialog
      open={open}
      title={t(channel === 'email' ? 'contact.changeEmail' : 'contact.changeMobile')}
      onClose={() => edit.send({ type: 'contact.cancel' })}
      actions={
        <>
          {awaitingCode && (
            <Button variant="ghost" onClick={() => edit.send({ type: 'contact.resend' })} disabled={pending}>
              {t('contact.resend')}
            </Button>
          )}
          <Button type="submit" form="contact-change-form" pending={pending}>
            {t(awaitingCode ? 'contact.confirm' : 'contact.sendCode')}
          </Button>
        </>
      }
    >
      <form id="contact-change-form" className="account-form" noValidate onSubmit={submit}>
        <ServerMessage message={failureText(failure)} />
        {awaitingCode ? (
          <>
            <ServerMessage kind="info" message={profileMessage(sentTo)} />
            <CodeField value={contact.otp} onChange={change('otp')} error={fieldMessage(errors.otp)} />
          </>
        ) : (
          <>
            <p>{t(channel === 'email' ? 'contact.emailIntro' : 'contact.mobileIntro')}</p>
            {channel === 'email' ? (
              <EmailField value={contact.email} onChange={change('email')} error={fieldMessage(errors.email) ?? fieldFailure('email')} />
            ) : (
              <MobileFields
                countryCode={contact.countryCode}
                mobile={contact.mobile}
                onCountryCodeChange={change('countryCode')}
                onMobileChange={change('mobile')}
                mobileError={fieldMessage(errors.mobile) ?? fieldFailure('mobile')}
              />
            )}
          </>
        )}
      </form>
    </Dialog>
  );
}
