import { useCallback, useEffect, useId, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { type CallFailure } from '../../../machines/accountForm';
import { authNoticeOf } from '../../domain/authErrorText';
import { passwordRequirements } from '../../domain/validation/password';
import { translateMessage, type MessageDescriptor } from '../../domain/validation/messages';
import { Icon } from '../../ui/Icon';
import { TextField } from '../../ui/TextField';

/** Keeps an e-mail address or phone number in its own direction inside a sentence of the other (like <bdi>). */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** Translates the machine's message for a field, or nothing when the field is fine. */
export function useFieldMessage(): (descriptor: MessageDescriptor | undefined | null) => string | undefined {
  const { t } = useTranslation();
  return (descriptor) => (descriptor ? translateMessage(descriptor, t) : undefined);
}

/**
 * A refused call in the visitor's language: a reason code the screens know (account:serverErrors) is translated,
 * any other refusal shows the server's message, and no answer at all says the server could not be reached.
 */
export function useFailureMessage(): (failure: CallFailure | null) => string | null {
  const { t, i18n } = useTranslation('account');
  return (failure) => {
    if (!failure) return null;
    const key = `serverErrors.${failure.code ?? ''}`;
    if (failure.code && i18n.exists(key, { ns: 'account' })) return t(key, failure.params);
    return failure.message || t('network');
  };
}

/** The top of a form: the server's refusal, else 'Please fix all errors' once a submit found problems. */
export function FormAlert({ failure, formError }: { failure: CallFailure | null; formError: MessageDescriptor | null }) {
  const failureMessage = useFailureMessage();
  const fieldMessage = useFieldMessage();
  return <ServerMessage message={failureMessage(failure) ?? fieldMessage(formError)} />;
}

/**
 * After a submit, focus goes to the first field that reports a problem (aria-invalid), in the order of the form.
 * Returns the function the submit handler calls (the same function on every render).
 */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, container]);
  return useCallback(() => setAttempt((current) => current + 1), []);
}

/** What the server answered, in an alert region that screen readers announce. Empty: nothing shown. */
export function ServerMessage({ message, kind = 'error' }: { message: string | null | undefined; kind?: 'error' | 'info' }) {
  const { t } = useTranslation('account');
  // A notice of ours (a code was sent) is shown in the visitor's language; any other server text as it came.
  const notice = message ? authNoticeOf(message) : null;
  const shown = notice ? t(`serverNotices.${notice}`) : message;
  return (
    <div className="account-alert-region" role={kind === 'error' ? 'alert' : 'status'}>
      {shown ? (
        <p className={`account-alert account-alert-${kind}`}>
          <Icon name={kind === 'error' ? 'alert' : 'info'} />
          <span>{shown}</span>
        </p>
      ) : null}
    </div>
  );
}

export interface MobileFieldsProps {
  countryCode: string;
  mobile: string;
  onCountryCodeChange: (value: string) => void;
  onMobileChange: (value: string) => void;
  countryCodeError?: string;
  mobileError?: string;
  required?: boolean;
}

/** Country code (default 971) and the number, side by side; the digits themselves stay left to right in Arabic. */
export function MobileFields({
  countryCode,
  mobile,
  onCountryCodeChange,
  onMobileChange,
  countryCodeError,
  mobileError,
  required = true,
}: MobileFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <div className="account-mobile">
      <TextField
        className="account-country-code"
        label={t('fields.countryCode')}
        name="country_code"
        type="tel"
        value={countryCode}
        onChange={onCountryCodeChange}
        autoComplete="tel-country-code"
        maxLength={5}
        error={countryCodeError}
        required={required}
      />
      <TextField
        className="account-mobile-number"
        label={t('fields.mobile')}
        name="mobile"
        type="tel"
        value={mobile}
        onChange={onMobileChange}
        autoComplete="tel-national"
        maxLength={20}
        error={mobileError}
        required={required}
      />
    </div>
  );
}

/** The e-mail address of the account forms. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation('account');
  return (
    <TextField label={t('fields.email')} name="email" type="email" value={value} onChange={onChange} autoComplete="email" error={error} required />
  );
}

/** The 6-digit one-time code: a number pad, filled from the message where the device offers it, digits left to right. */
export function CodeField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation('account');
  return (
    <TextField
      className="account-code"
      label={t('fields.code')}
      name="otp"
      value={value}
      onChange={onChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      dir="ltr"
      error={error}
      required
    />
  );
}

/** A password field with a button that shows what was typed (a kiosk keyboard gives no other feedback). */
export function PasswordField({
  label,
  name,
  value,
  onChange,
  error,
  autoComplete,
  required = true,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
}) {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(false);
  return (
    <div className="account-password">
      <TextField
        label={label}
        name={name}
        type={shown ? 'text' : 'password'}
        dir="ltr"
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        error={error}
        required={required}
      />
      <button
        type="button"
        className="account-password-toggle"
        aria-pressed={shown}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? t('password.hide') : t('password.show')}
      </button>
    </div>
  );
}

/** The password rules, ticked off as the visitor types. */
export function PasswordRequirements({ password }: { password: string }) {
  const { t } = useTranslation('account');
  const message = useFieldMessage();
  return (
    <ul className="password-rules" aria-label={t('password.rulesLabel')}>
      {passwordRequirements(password).map(({ requirement, met, error }) => (
        <li key={requirement} className={met ? 'password-rule met' : 'password-rule'}>
          <Icon name={met ? 'check' : 'info'} />
          <span>{message(error)}</span>
          <span className="visually-hidden">{met ? t('password.ruleMet') : t('password.ruleNotMet')}</span>
        </li>
      ))}
    </ul>
  );
}

/** A large tick box; the label may hold a link. */
export function CheckboxField({
  name,
  checked,
  onChange,
  label,
  error,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="field account-check">
      <div className="account-check-row">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <Icon name="alert" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/** Radio choices as large touch targets (gender, sign-in method). */
export function ChoiceField<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  required,
}: {
  legend: string;
  name: string;
  value: V | '';
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  error?: string;
  required?: boolean;
}) {
  const errorId = useId();
  return (
    <fieldset className="field account-choice" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">
        {legend}
        {required ? (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <div className="account-choice-options">
        {options.map((option, index) => (
          <label key={option.value} className="account-choice-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error && index === 0 ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          <Icon name="alert" />
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}

/** "Step 2 of 3: Enter the code", so a kiosk visitor always knows where they are in a multi-step flow. */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useTranslation('account');
  return (
    <ol className="account-steps" aria-label={t('steps.label')}>
      {steps.map((step, index) => (
        <li
          key={step}
          className={index === current ? 'account-step current' : index < current ? 'account-step done' : 'account-step'}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className="account-step-number" aria-hidden="true">
            {index < current ? <Icon name="check" /> : index + 1}
          </span>
          <span className="account-step-label">
            <span className="visually-hidden">{t('steps.position', { current: index + 1, total: steps.length })} </span>
            {step}
          </span>
        </li>
      ))}
    </ol>
  );
}
