import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyCustomerMachine, type VerifyField } from '../../../machines/verifyCustomer';
import { authActors } from '../../services/authActors';
import { Button, buttonClass } from '../../ui/Button';
import { usePortal } from '../../app/portal';
import { CodeField, EmailField, MobileFields, ServerMessage, useFailureMessage, useFieldMessage, useFocusFirstInvalid } from '../../app/account/formParts';
import { useProvided } from '../../app/account/useAccountSession';

/**
 * The code sent to a customer's mobile and e-mail, checked with the registration's code check (auth/otp/validate-otp,
 * where any refusal concerns the code, so it shows on the code field). The rules are checked on submit and then on
 * every change.
 */
export function VerifyCustomerForm() {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const { api } = usePortal();
  const machine = useProvided(() => verifyCustomerMachine.provide({ actors: authActors(api) }));
  const verify = useActorRef(machine);

  const done = useSelector(verify, (state) => state.matches({ submission: 'done' }));
  const values = useSelector(verify, (state) => state.context.values);
  const errors = useSelector(verify, (state) => state.context.errors);
  const formError = useSelector(verify, (state) => state.context.formError);
  const failure = useSelector(verify, (state) => state.context.failure);
  const notice = useSelector(verify, (state) => state.context.notice);
  const pending = useSelector(verify, (state) => state.hasTag('pending'));

  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  // A refused code is shown on the code field, which takes the focus so it can be typed again.
  useEffect(() => {
    if (failure) focusFirstInvalid();
  }, [failure, focusFirstInvalid]);

  if (done) {
    return (
      <div className="account-outcome" role="status">
        <h2>{t('verify.doneTitle')}</h2>
        <p>{notice ?? t('verify.doneText')}</p>
        <Link to="/login" className={buttonClass('primary', 'lg')}>
          {t('verify.login')}
        </Link>
      </div>
    );
  }

  const change = (field: VerifyField) => (value: string) => verify.send({ type: 'field.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.send({ type: 'verify.submit' });
    focusFirstInvalid();
  };

  return (
    <form ref={form} className="account-form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <p className="account-intro">{t('verify.intro')}</p>
      <ServerMessage message={fieldMessage(formError)} />
      <MobileFields
        countryCode={values.countryCode}
        mobile={values.mobile}
        onCountryCodeChange={change('countryCode')}
        onMobileChange={change('mobile')}
        countryCodeError={fieldMessage(errors.countryCode)}
        mobileError={fieldMessage(errors.mobile)}
      />
      <EmailField value={values.email} onChange={change('email')} error={fieldMessage(errors.email)} />
      <CodeField value={values.otp} onChange={change('otp')} error={fieldMessage(errors.otp) ?? failureMessage(failure) ?? undefined} />
      <div className="account-actions">
        <Button type="submit" size="lg" pending={pending}>
          {t('verify.submit')}
        </Button>
      </div>
    </form>
  );
}
