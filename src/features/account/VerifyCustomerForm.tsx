import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateRegistrationCode } from '../../api/auth';
import { DEFAULT_COUNTRY_CODE } from '../../domain/constants';
import { validateEmail } from '../../domain/validation/email';
import { required, validateFields, hasErrors, type FieldErrors } from '../../domain/validation/form';
import { validateMobile } from '../../domain/validation/mobile';
import { validateOtp } from '../../domain/validation/otp';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { usePortal } from '../shell/portal';
import { MobileFields, ServerMessage, useFieldMessage, useFocusFirstInvalid } from './formParts';

type VerifyValues = { countryCode: string; mobile: string; email: string; otp: string };

const errorsOf = (values: VerifyValues): FieldErrors<VerifyValues> =>
  validateFields(values, {
    mobile: (mobile) => validateMobile(values.countryCode, mobile),
    email: [(email) => required(email, { labelKey: 'email' }), (email) => validateEmail(email, 'standard')],
    otp: (otp) => validateOtp(otp, 'account'),
  });

type Outcome = { status: 'idle' } | { status: 'checking' } | { status: 'verified'; message: string } | { status: 'refused'; message: string };

/**
 * The code sent to a customer's mobile and e-mail, checked with the registration's code check (auth/otp/validate-otp,
 * where any refusal is a code error). The rules are the validation library's, checked on submit and then on every change.
 */
export function VerifyCustomerForm() {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const { api } = usePortal();
  const [values, setValues] = useState<VerifyValues>({ countryCode: DEFAULT_COUNTRY_CODE, mobile: '', email: '', otp: '' });
  const [checked, setChecked] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);
  const errors = checked ? errorsOf(values) : {};

  if (outcome.status === 'verified') {
    return (
      <div className="account-outcome" role="status">
        <h2>{t('verify.doneTitle')}</h2>
        <p>{outcome.message}</p>
        <Link to="/login" className={buttonClass('primary', 'lg')}>
          {t('verify.login')}
        </Link>
      </div>
    );
  }

  const change = (field: keyof VerifyValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    focusFirstInvalid();
    if (hasErrors(errorsOf(values)) || outcome.status === 'checking') return;
    setOutcome({ status: 'checking' });
    const result = await validateRegistrationCode(api, { otp: values.otp, mobile: values.mobile, country_code: values.countryCode, email: values.email });
    if (result.ok) {
      setOutcome({ status: 'verified', message: result.message ?? t('verify.doneText') });
    } else {
      setOutcome({ status: 'refused', message: result.message || t('network') });
      focusFirstInvalid();
    }
  };
  const refused = outcome.status === 'refused' ? outcome.message : undefined;

  return (
    <form ref={form} className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="account-intro">{t('verify.intro')}</p>
      <ServerMessage message={checked && hasErrors(errors) ? fieldMessage({ key: 'form.fixErrors' }) : null} />
      <MobileFields
        countryCode={values.countryCode}
        mobile={values.mobile}
        onCountryCodeChange={change('countryCode')}
        onMobileChange={change('mobile')}
        mobileError={fieldMessage(errors.mobile)}
      />
      <TextField
        label={t('fields.email')}
        name="email"
        type="email"
        value={values.email}
        onChange={change('email')}
        autoComplete="email"
        error={fieldMessage(errors.email)}
        required
      />
      <TextField
        className="account-code"
        label={t('fields.code')}
        name="otp"
        value={values.otp}
        onChange={change('otp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        dir="ltr"
        error={fieldMessage(errors.otp) ?? refused}
        required
      />
      <div className="account-actions">
        <Button type="submit" size="lg" pending={outcome.status === 'checking'}>
          {t('verify.submit')}
        </Button>
      </div>
    </form>
  );
}
