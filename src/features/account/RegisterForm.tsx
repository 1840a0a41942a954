import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMachine, type RegisterTextField, type RegisterValues } from '../../../machines/register';
import { authActors } from '../../services/authActors';
import { Button, buttonClass } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';
import { usePortal } from '../../app/portal';
import { CaptchaField } from '../../app/account/CaptchaField';
import {
  CheckboxField,
  ChoiceField,
  CodeField,
  EmailField,
  FormAlert,
  isolate,
  MobileFields,
  PasswordField,
  PasswordRequirements,
  ServerMessage,
  StepIndicator,
  useFailureMessage,
  useFieldMessage,
  useFocusFirstInvalid,
} from '../../app/account/formParts';
import { TermsLabel } from '../../app/account/GuestLoginDialog';
import { useProvided, useSiteConfig, useStartSession } from '../../app/account/useAccountSession';
import '../../app/account/account.css';

export type AccountKind = 'customer' | 'partner';

export interface RegisterFormProps {
  kind: AccountKind;
  /** Switching between a customer and a partner sign-up starts a new form that keeps what was typed. */
  onKindChange: (kind: AccountKind, typed: RegisterValues) => void;
  typed: RegisterValues | null;
  /** Signed in after a customer sign-up. */
  onSignedIn: () => void;
}

const STEPS = ['details', 'code'] as const;
const GENDERS = ['Male', 'Female'] as const;
const TEXT_FIELDS: readonly RegisterTextField[] = [
  'first_name',
  'last_name',
  'email',
  'countryCode',
  'mobile',
  'password',
  'confirm_password',
  'dob',
  'gender',
  'nationality',
  'entity_name',
  'entity_type',
  'contact_person',
  'otp',
];

/** Sign-up: the details and a captcha, then the 6-digit code; the code is checked before the form is sent [S0-2.104]. */
export function RegisterForm({ kind, onKindChange, typed, onSignedIn }: RegisterFormProps) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const failureMessage = useFailureMessage();
  const { api } = usePortal();
  const config = useSiteConfig();
  const startSession = useStartSession();
  const machine = useProvided(() => registerMachine.provide({ actors: authActors(api) }));
  const register = useActorRef(machine, { input: { partner: kind === 'partner' } });

  const step = useSelector(register, (state) => {
    if (state.matches({ submission: 'done' })) return 'done' as const;
    return state.matches({ submission: 'code' }) ? ('code' as const) : ('details' as const);
  });
  const values = useSelector(register, (state) => state.context.values);
  const errors = useSelector(register, (state) => state.context.errors);
  const formError = useSelector(register, (state) => state.context.formError);
  const failure = useSelector(register, (state) => state.context.failure);
  const codeError = useSelector(register, (state) => state.context.codeError);
  const notice = useSelector(register, (state) => state.context.notice);
  const captchaRound = useSelector(register, (state) => state.context.captchaRound);
  const pending = useSelector(register, (state) => state.hasTag('pending'));
  const registration = useSelector(register, (state) => state.context.registration);

  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  const carried = useRef(false);
  useEffect(() => {
    if (!typed || carried.current) return;
    carried.current = true;
    for (const field of TEXT_FIELDS) register.send({ type: 'field.change', field, value: typed[field] });
    register.send({ type: 'field.change', field: 'terms_accepted', value: typed.terms_accepted });
  }, [typed, register]);

  const signedIn = useRef(false);
  useEffect(() => {
    if (!registration?.token || signedIn.current) return;
    signedIn.current = true;
    startSession({ token: registration.token, user: registration.user }, { message: t('register.success'), registered: true });
    onSignedIn();
  }, [registration, startSession, onSignedIn, t]);

  if (step === 'done') {
    return registration?.awaiting_approval ? (
      <div className="account-outcome" role="status">
        <h2>{t('register.pendingTitle')}</h2>
        <p>{t('register.pendingText')}</p>
        <Link to="/" className={buttonClass('primary', 'lg')}>
          {t('register.home')}
        </Link>
      </div>
    ) : null;
  }

  const change = (field: RegisterTextField) => (value: string) => register.send({ type: 'field.change', field, value });
  /** The machine's message for a field, else what the server said about it (an address already registered, translated). */
  const problem = (field: RegisterTextField | 'terms_accepted', serverField: string = field) => {
    const server = failure?.fieldErrors[serverField];
    return fieldMessage(errors[field]) ?? (server !== undefined && server === failure?.message ? (failureMessage(failure) ?? server) : server);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.send({ type: 'register.submit' });
    focusFirstInvalid();
  };
  const partner = kind === 'partner';

  return (
    <div className="account-card">
      <StepIndicator steps={STEPS.map((name) => t(`register.steps.${name}`))} current={STEPS.indexOf(step)} />
      <form ref={form} className="account-form" noValidate onSubmit={submit}>
        <FormAlert failure={codeError ? null : failure} formError={formError} />

        {step === 'details' ? (
          <>
            <ChoiceField<AccountKind>
              legend={t('register.kind')}
              name="account_kind"
              value={kind}
              options={[
                { value: 'customer', label: t('register.kindCustomer') },
                { value: 'partner', label: t('register.kindPartner') },
              ]}
              onChange={(next) => {
                if (next !== kind) onKindChange(next, values);
              }}
            />
            {partner ? <p className="account-intro">{t('register.partnerIntro')}</p> : null}
            <div className="account-form-grid">
              <TextField
                label={t('fields.firstName')}
                name="first_name"
                value={values.first_name}
                onChange={change('first_name')}
                autoComplete="given-name"
                error={problem('first_name')}
                required
              />
              <TextField
                label={t('fields.lastName')}
                name="last_name"
                value={values.last_name}
                onChange={change('last_name')}
                autoComplete="family-name"
                error={problem('last_name')}
                required
              />
            </div>
            {partner ? (
              <div className="account-form-grid">
                <TextField
                  label={t('fields.entityName')}
                  name="entity_name"
                  value={values.entity_name}
                  onChange={change('entity_name')}
                  autoComplete="organization"
                  error={problem('entity_name')}
                  required
                />
                <TextField
                  label={t('fields.entityType')}
                  name="entity_type"
                  value={values.entity_type}
                  onChange={change('entity_type')}
                  error={problem('entity_type')}
                  required
                />
                <TextField
                  label={t('fields.contactPerson')}
                  name="contact_person"
                  value={values.contact_person}
                  onChange={change('contact_person')}
                  autoComplete="name"
                  error={problem('contact_person')}
                  required
                />
              </div>
            ) : null}
            <EmailField value={values.email} onChange={change('email')} error={problem('email')} />
            <MobileFields
              countryCode={values.countryCode}
              mobile={values.mobile}
              onCountryCodeChange={change('countryCode')}
              onMobileChange={change('mobile')}
              countryCodeError={problem('countryCode', 'country_code')}
              mobileError={problem('mobile')}
            />
            <div className="account-form-grid">
              <div className="account-form">
                <PasswordField
                  label={t('fields.password')}
                  name="password"
                  value={values.password}
                  onChange={change('password')}
                  error={problem('password')}
                  autoComplete="new-password"
                />
                <PasswordRequirements password={values.password} />
              </div>
              <PasswordField
                label={t('fields.confirmPassword')}
                name="confirm_password"
                value={values.confirm_password}
                onChange={change('confirm_password')}
                error={problem('confirm_password')}
                autoComplete="new-password"
              />
            </div>
            <div className="account-form-grid">
              <TextField
                label={t('fields.dob')}
                name="dob"
                value={values.dob}
                onChange={change('dob')}
                placeholder={t('fields.dobFormat')}
                hint={t('fields.dobHint')}
                autoComplete="bday"
                dir="ltr"
                maxLength={10}
                error={problem('dob')}
              />
              <TextField
                label={t('fields.nationality')}
                name="nationality"
                value={values.nationality}
                onChange={change('nationality')}
                error={problem('nationality')}
              />
            </div>
            <ChoiceField<(typeof GENDERS)[number]>
              legend={t('fields.gender')}
              name="gender"
              value={values.gender === 'Male' || values.gender === 'Female' ? values.gender : ''}
              options={GENDERS.map((gender) => ({ value: gender, label: t(`gender.${gender}`) }))}
              onChange={change('gender')}
              error={problem('gender')}
            />
            <CheckboxField
              name="terms_accepted"
              checked={values.terms_accepted}
              onChange={(checked) => register.send({ type: 'field.change', field: 'terms_accepted', value: checked })}
              label={<TermsLabel />}
              error={problem('terms_accepted')}
            />
            <CaptchaField
              siteKey={config.recaptcha_site_key}
              resetKey={captchaRound}
              onSolve={(response) => register.send({ type: 'captcha.solve', response })}
              onExpire={() => register.send({ type: 'captcha.expire' })}
              error={fieldMessage(errors.captcha)}
            />
          </>
        ) : (
          <>
            {notice ? <ServerMessage kind="info" message={notice} /> : null}
            <p className="account-sent-to">
              {t('register.codeSentTo', { mobile: isolate(`+${values.countryCode.replace(/^\+/, '')} ${values.mobile}`), email: isolate(values.email) })}
            </p>
            <CodeField
              value={values.otp}
              onChange={change('otp')}
              error={fieldMessage(errors.otp) ?? (codeError ? (failureMessage(failure) ?? undefined) : undefined)}
            />
          </>
        )}

        <div className="account-actions">
          <Button type="submit" size="lg" pending={pending}>
            {step === 'details' ? t('register.sendCode') : t('register.submit')}
          </Button>
          {step === 'code' ? (
            <Button variant="ghost" icon={<Icon name="back" />} disabled={pending} onClick={() => register.send({ type: 'register.back' })}>
              {t('register.back')}
            </Button>
          ) : null}
        </div>
        {step === 'code' ? (
          <section className="account-resend" aria-label={t('register.noCode')}>
            <p className="account-resend-title">{t('register.noCode')}</p>
            <div className="account-form">
              <CaptchaField
                siteKey={config.recaptcha_site_key}
                resetKey={captchaRound}
                onSolve={(response) => register.send({ type: 'captcha.solve', response })}
                onExpire={() => register.send({ type: 'captcha.expire' })}
                error={fieldMessage(errors.captcha)}
              />
              <Button
                variant="secondary"
                disabled={pending}
                onClick={() => {
                  register.send({ type: 'register.resendCode' });
                  focusFirstInvalid();
                }}
              >
                {t('register.resendCode')}
              </Button>
            </div>
          </section>
        ) : null}
      </form>
    </div>
  );
}
