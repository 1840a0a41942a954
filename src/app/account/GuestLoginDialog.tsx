import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { guestLoginMachine, type GuestTextField } from '../../../machines/guestLogin';
import { authActors } from '../../services/authActors';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { usePortal } from '../portal';
import { CheckboxField, EmailField, FormAlert, MobileFields, useFieldMessage, useFocusFirstInvalid } from './formParts';
import { useProvided, useSiteConfig, useStartSession } from './useAccountSession';
import './account.css';

export interface GuestLoginDialogProps {
  open: boolean;
  onClose: () => void;
  /** The guest session has started; the caller decides where the visitor goes. */
  onSignedIn: () => void;
  /** The kinds of the cart's lines: a guest may only buy facility and event lines [S1-5.41]. */
  cartLineTypes: string[];
}

/** Guest login: name, mobile, email and the terms agreement [S0-2.107]. */
export function GuestLoginDialog({ open, onClose, onSignedIn, cartLineTypes }: GuestLoginDialogProps) {
  const { t } = useTranslation('account');
  return (
    <Dialog open={open} onClose={onClose} title={t('guest.title')} size="md" className="account-dialog">
      {open ? <GuestLoginForm onSignedIn={onSignedIn} cartLineTypes={cartLineTypes} /> : null}
    </Dialog>
  );
}

/** The terms page opens in a new tab, so nothing typed here is lost. */
export function TermsLabel() {
  return (
    <Trans
      ns="account"
      i18nKey="terms.agree"
      components={{ terms: <a href="/terms-and-conditions" target="_blank" rel="noopener noreferrer" /> }}
    />
  );
}

function GuestLoginForm({ onSignedIn, cartLineTypes }: Pick<GuestLoginDialogProps, 'onSignedIn' | 'cartLineTypes'>) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const { api } = usePortal();
  const config = useSiteConfig();
  const startSession = useStartSession();
  const machine = useProvided(() => guestLoginMachine.provide({ actors: authActors(api) }));
  const guest = useActorRef(machine, {
    input: { guestCheckoutEnabled: config.is_guest_checkout === 1, isBaps: config.is_baps === 1, cartLineTypes },
  });

  const allowed = useSelector(guest, (state) => !state.matches({ submission: 'notAllowed' }));
  const values = useSelector(guest, (state) => state.context.values);
  const errors = useSelector(guest, (state) => state.context.errors);
  const formError = useSelector(guest, (state) => state.context.formError);
  const failure = useSelector(guest, (state) => state.context.failure);
  const pending = useSelector(guest, (state) => state.hasTag('pending'));
  const session = useSelector(guest, (state) => state.context.session);

  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  const signedIn = useRef(false);
  useEffect(() => {
    if (!session || signedIn.current) return;
    signedIn.current = true;
    startSession(session);
    onSignedIn();
  }, [session, startSession, onSignedIn]);

  if (!allowed) return <p className="account-intro">{t('guest.notAllowed')}</p>;

  const change = (field: GuestTextField) => (value: string) => guest.send({ type: 'field.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    guest.send({ type: 'guest.submit' });
    focusFirstInvalid();
  };

  return (
    <form ref={form} className="account-form" noValidate onSubmit={submit}>
      <p className="account-intro">{t('guest.intro')}</p>
      <FormAlert failure={failure} formError={formError} />
      <TextField
        label={t('fields.name')}
        name="name"
        value={values.name}
        onChange={change('name')}
        autoComplete="name"
        error={fieldMessage(errors.name)}
        required
      />
      <MobileFields
        countryCode={values.countryCode}
        mobile={values.mobile}
        onCountryCodeChange={change('countryCode')}
        onMobileChange={change('mobile')}
        countryCodeError={fieldMessage(errors.countryCode)}
        mobileError={fieldMessage(errors.mobile)}
      />
      <EmailField value={values.email} onChange={change('email')} error={fieldMessage(errors.email)} />
      <CheckboxField
        name="terms_accepted"
        checked={values.terms_accepted}
        onChange={(checked) => guest.send({ type: 'field.change', field: 'terms_accepted', value: checked })}
        label={<TermsLabel />}
        error={fieldMessage(errors.terms_accepted)}
      />
      <div className="account-actions">
        <Button type="submit" size="lg" pending={pending}>
          {t('guest.submit')}
        </Button>
      </div>
    </form>
  );
}
