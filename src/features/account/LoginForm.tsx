import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginMachine, type LoginField, type LoginMethod } from '../../../machines/login';
import { authActors } from '../../services/authActors';
import { Button } from '../../ui/Button';
import { NetworkWait } from '../../app/NetworkWait';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { usePortal } from '../../app/portal';
import { CaptchaField } from '../../app/account/CaptchaField';
import {
  ChoiceField,
  CodeField,
  EmailField,
  FormAlert,
  isolate,
  MobileFields,
  PasswordField,
  ServerMessage,
  useFieldMessage,
  useFocusFirstInvalid,
} from '../../app/account/formParts';
import { useProvided, useSiteConfig, useStartSession } from '../../app/account/useAccountSession';
import '../../app/account/account.css';

export interface LoginFormProps {
  /** The session has started and 'Login success' is shown; the caller decides where the visitor goes. */
  onSignedIn: () => void;
  onForgotPassword: () => void;
  /** The UAE PASS token the identity provider sent the browser back with (`?token=`). */
  identityToken?: string | null;
  /** Where UAE PASS sends the browser back to; the server's default is /login. */
  uaePassReturnPath?: string;
}

/** Mobile and password, or an email code when the venue allows it, and UAE PASS [S0-2.102, S0-2.103, S0-4.22]. */
export function LoginForm({ onSignedIn, onForgotPassword, identityToken, uaePassReturnPath }: LoginFormProps) {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const { api } = usePortal();
  const config = useSiteConfig();
  const startSession = useStartSession();
  const machine = useProvided(() => loginMachine.provide({ actors: authActors(api) }));
  const login = useActorRef(machine, {
    input: { otpLoginEnabled: config.qube_otp_login === 1, uaePassEnabled: config.enable_uae_pass === 1 },
  });

  const step = useSelector(login, (state) => {
    if (state.matches({ submission: 'email' })) return 'email' as const;
    if (state.matches({ submission: 'code' })) return 'code' as const;
    if (state.matches({ submission: 'uaePassLogin' })) return 'uaePass' as const;
    // While UAE PASS starts, the form the visitor was on stays in view.
    return state.context.method === 'emailCode' ? ('email' as const) : ('password' as const);
  });
  const values = useSelector(login, (state) => state.context.values);
  const errors = useSelector(login, (state) => state.context.errors);
  const formError = useSelector(login, (state) => state.context.formError);
  const failure = useSelector(login, (state) => state.context.failure);
  const notice = useSelector(login, (state) => state.context.notice);
  const captchaRound = useSelector(login, (state) => state.context.captchaRound);
  const method = useSelector(login, (state) => state.context.method);
  const pending = useSelector(login, (state) => state.hasTag('pending'));
  const leavingForUaePass = useSelector(login, (state) => state.matches({ submission: 'uaePassStarting' }) || state.matches({ submission: 'redirecting' }));
  const redirectUrl = useSelector(login, (state) => state.context.redirectUrl);
  const session = useSelector(login, (state) => state.context.session);

  const form = useRef<HTMLFormElement | null>(null);
  const focusFirstInvalid = useFocusFirstInvalid(form);

  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (!identityToken || sentToken.current === identityToken) return;
    sentToken.current = identityToken;
    login.send({ type: 'login.uaePassToken', token: identityToken });
  }, [identityToken, login]);

  useEffect(() => {
    if (redirectUrl) window.location.assign(redirectUrl);
  }, [redirectUrl]);

  const signedIn = useRef(false);
  useEffect(() => {
    if (!session || signedIn.current) return;
    signedIn.current = true;
    startSession(session);
    onSignedIn();
  }, [session, startSession, onSignedIn]);

  const change = (field: LoginField) => (value: string) => login.send({ type: 'field.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.send({ type: 'login.submit' });
    focusFirstInvalid();
  };
  const captcha = (
    <CaptchaField
      siteKey={config.recaptcha_site_key}
      resetKey={captchaRound}
      onSolve={(response) => login.send({ type: 'captcha.solve', response })}
      onExpire={() => login.send({ type: 'captcha.expire' })}
      error={fieldMessage(errors.captcha)}
    />
  );

  return (
    <div className="account-card">
      {config.qube_otp_login === 1 && step !== 'uaePass' ? (
        <ChoiceField<LoginMethod>
          legend={t('login.method')}
          name="login_method"
          value={method}
          options={[
            { value: 'password', label: t('login.methodPassword') },
            { value: 'emailCode', label: t('login.methodEmailCode') },
          ]}
          onChange={(next) => login.send({ type: 'method.select', method: next })}
        />
      ) : null}

      <form ref={form} className="account-form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
        <FormAlert failure={failure} formError={formError} />
        {notice && step === 'code' ? <ServerMessage kind="info" message={notice} /> : null}

        {step === 'password' ? (
          <>
            <MobileFields
              countryCode={values.countryCode}
              mobile={values.mobile}
              onCountryCodeChange={change('countryCode')}
              onMobileChange={change('mobile')}
              countryCodeError={fieldMessage(errors.countryCode)}
              mobileError={fieldMessage(errors.mobile)}
            />
            <PasswordField
              label={t('fields.password')}
              name="password"
              value={values.password}
              onChange={change('password')}
              error={fieldMessage(errors.password)}
              autoComplete="current-password"
            />
            <div className="account-links">
              <Button variant="ghost" className="account-link-button" onClick={onForgotPassword}>
                {t('login.forgotPassword')}
              </Button>
            </div>
          </>
        ) : null}

        {step === 'email' ? (
          <>
            <p className="account-intro">{t('login.emailIntro')}</p>
            <EmailField value={values.email} onChange={change('email')} error={fieldMessage(errors.email)} />
            {captcha}
          </>
        ) : null}

        {step === 'code' ? (
          <>
            <p className="account-sent-to">{t('login.codeSentTo', { email: isolate(values.email) })}</p>
            <CodeField value={values.otp} onChange={change('otp')} error={fieldMessage(errors.otp)} />
            {captcha}
          </>
        ) : null}

        {step === 'uaePass' ? <Spinner label={t('login.uaePassSigningIn')} showLabel /> : null}

        {step === 'uaePass' ? null : (
          <div className="account-actions">
            <Button type="submit" size="lg" pending={pending && !leavingForUaePass} disabled={leavingForUaePass}>
              {step === 'email' ? t('login.sendCode') : t('login.submit')}
            </Button>
            <NetworkWait />
            {step === 'code' ? (
              <div className="account-links">
                <Button variant="ghost" className="account-link-button" disabled={pending} onClick={() => login.send({ type: 'login.back' })}>
                  {t('login.changeEmail')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={pending}
                  onClick={() => {
                    login.send({ type: 'login.resendCode' });
                    focusFirstInvalid();
                  }}
                >
                  {t('login.resendCode')}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </form>

      {config.enable_uae_pass === 1 && step !== 'uaePass' ? (
        <>
          <p className="account-divider">{t('login.or')}</p>
          <Button
            variant="secondary"
            size="lg"
            className="account-uae-pass"
            pending={leavingForUaePass}
            disabled={pending}
            onClick={() => login.send({ type: 'login.uaePass', returnPath: uaePassReturnPath })}
          >
            {t('login.uaePass')}
          </Button>
        </>
      ) : null}
    </div>
  );
}

/** The login modal of the booking flow [S1-2.49]: the same form in a dialog. */
export function LoginDialog({ open, onClose, onSignedIn, onForgotPassword }: {
  open: boolean;
  onClose: () => void;
  onSignedIn: () => void;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Dialog open={open} onClose={onClose} title={t('login.dialogTitle')} size="sm" className="account-dialog">
      {open ? <LoginForm onSignedIn={onSignedIn} onForgotPassword={onForgotPassword} /> : null}
    </Dialog>
  );
}
