import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordMachine, type ForgotField } from '../../../machines/forgotPassword';
import { authActors } from '../../services/authActors';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { toast } from '../../ui/toast';
import { usePortal } from '../../app/portal';
import { CaptchaField } from '../../app/account/CaptchaField';
import {
  CodeField,
  EmailField,
  FormAlert,
  MobileFields,
  PasswordField,
  PasswordRequirements,
  ServerMessage,
  StepIndicator,
  useFieldMessage,
  useFocusFirstInvalid,
} from '../../app/account/formParts';
import { useProvided, useSiteConfig } from '../../app/account/useAccountSession';
import '../../app/account/account.css';

const STEPS = ['request', 'verify', 'reset'] as const;
type Step = (typeof STEPS)[number];

/** Forgot password: mobile, email and captcha; then the 6-digit code; then the new password [S0-2.105, S0-2.106]. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Dialog open={open} onClose={onClose} title={t('forgot.title')} size="md" className="account-dialog">
      {open ? <ForgotPasswordFlow onFinished={onClose} /> : null}
    </Dialog>
  );
}

function ForgotPasswordFlow({ onFinished }: { onFinished: () => void }) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const { api } = usePortal();
  const config = useSiteConfig();
  const machine = useProvided(() => forgotPasswordMachine.provide({ actors: authActors(api) }));
  const forgot = useActorRef(machine, { input: {} });

  const step = useSelector(forgot, (state): Step | 'done' => {
    if (state.matches({ submission: 'done' })) return 'done';
    return STEPS.find((name) => state.matches({ submission: name })) ?? 'request';
  });
  const values = useSelector(forgot, (state) => state.context.values);
  const errors = useSelector(forgot, (state) => state.context.errors);
  const formError = useSelector(forgot, (state) => state.context.formError);
  const failure = useSelector(forgot, (state) => state.context.failure);
  const notice = useSelector(forgot, (state) => state.context.notice);
  const captchaRound = useSelector(forgot, (state) => state.context.captchaRound);
  const pending = useSelector(forgot, (state) => state.hasTag('pending'));

  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  const finished = useRef(false);
  useEffect(() => {
    if (step !== 'done' || finished.current) return;
    finished.current = true;
    toast.success(t('forgot.success'));
    onFinished();
  }, [step, t, onFinished]);

  if (step === 'done') return null;

  const change = (field: ForgotField) => (value: string) => forgot.send({ type: 'field.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.send({ type: 'forgot.submit' });
    focusFirstInvalid();
  };
  const captcha = (
    <CaptchaField
      siteKey={config.recaptcha_site_key}
      resetKey={captchaRound}
      onSolve={(response) => forgot.send({ type: 'captcha.solve', response })}
      onExpire={() => forgot.send({ type: 'captcha.expire' })}
      error={fieldMessage(errors.captcha)}
    />
  );
  const stepIndex = STEPS.indexOf(step);

  return (
    <div className="account-card">
      <StepIndicator steps={STEPS.map((name) => t(`forgot.steps.${name}`))} current={stepIndex} />
      <form ref={form} className="account-form" noValidate onSubmit={submit}>
        <FormAlert failure={failure} formError={formError} />

        {step === 'request' ? (
          <>
            <p className="account-intro">{t('forgot.requestIntro')}</p>
            <MobileFields
              countryCode={values.countryCode}
              mobile={values.mobile}
              onCountryCodeChange={change('countryCode')}
              onMobileChange={change('mobile')}
              countryCodeError={fieldMessage(errors.countryCode)}
              mobileError={fieldMessage(errors.mobile)}
            />
            <EmailField value={values.email} onChange={change('email')} error={fieldMessage(errors.email)} />
            {captcha}
          </>
        ) : null}

        {step === 'verify' ? (
          <>
            {notice ? <ServerMessage kind="info" message={notice} /> : null}
            <p className="account-intro">{t('forgot.verifyIntro')}</p>
            <CodeField value={values.otp} onChange={change('otp')} error={fieldMessage(errors.otp)} />
          </>
        ) : null}

        {step === 'reset' ? (
          <>
            <p className="account-intro">{t('forgot.resetIntro')}</p>
            <PasswordField
              label={t('fields.newPassword')}
              name="password"
              value={values.password}
              onChange={change('password')}
              error={fieldMessage(errors.password)}
              autoComplete="new-password"
            />
            <PasswordRequirements password={values.password} />
            <PasswordField
              label={t('fields.confirmPassword')}
              name="confirm_password"
              value={values.confirm_password}
              onChange={change('confirm_password')}
              error={fieldMessage(errors.confirm_password)}
              autoComplete="new-password"
            />
          </>
        ) : null}

        <div className="account-actions">
          <Button type="submit" size="lg" pending={pending}>
            {t(`forgot.submit.${step}`)}
          </Button>
          {step !== 'request' ? (
            <Button variant="ghost" icon={<Icon name="back" />} disabled={pending} onClick={() => forgot.send({ type: 'forgot.back' })}>
              {t('forgot.back')}
            </Button>
          ) : null}
        </div>
        {step === 'verify' ? (
          <section className="account-resend" aria-label={t('forgot.noCode')}>
            <p className="account-resend-title">{t('forgot.noCode')}</p>
            <div className="account-form">
              {captcha}
              <Button
                variant="secondary"
                disabled={pending}
                onClick={() => {
                  forgot.send({ type: 'forgot.resendCode' });
                  focusFirstInvalid();
                }}
              >
                {t('forgot.resendCode')}
              </Button>
            </div>
          </section>
        ) : null}
      </form>
    </div>
  );
}
