import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage';
import { CaptchaWidgetFrame } from './CaptchaWidgetFrame';
import { loadRecaptcha } from './recaptcha';

export type RecaptchaWidgetProps = {
  siteKey: string;
  onSolve: (response: string) => void;
  onExpire: () => void;
  /** The machine's message for this field, already translated. */
  error?: string;
};

/** Google's reCAPTCHA v2 checkbox, with the four states of the spec: init, verified, expired, error. */
type RecaptchaState = 'init' | 'verified' | 'expired' | 'error';

export function RecaptchaWidget({ siteKey, onSolve, onExpire, error }: RecaptchaWidgetProps) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const container = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<RecaptchaState>('init');
  const [attempt, setAttempt] = useState(0);
  const callbacks = useRef({ onSolve, onExpire });
  useEffect(() => {
    callbacks.current = { onSolve, onExpire };
  });

  useEffect(() => {
    let cancelled = false;
    const element = container.current;
    if (!element) return;
    loadRecaptcha(lang).then(
      (grecaptcha) => {
        if (cancelled) return;
        const host = document.createElement('div');
        element.replaceChildren(host);
        grecaptcha.render(host, {
          sitekey: siteKey,
          callback: (token) => {
            setState('verified');
            callbacks.current.onSolve(token);
          },
          'expired-callback': () => {
            setState('expired');
            callbacks.current.onExpire();
          },
          'error-callback': () => {
            setState('error');
            callbacks.current.onExpire();
          },
        });
        setState('init');
      },
      () => {
        if (!cancelled) setState('error');
      },
    );
    return () => {
      cancelled = true;
      element.replaceChildren();
    };
  }, [siteKey, lang, attempt]);

  const retry = () => {
    setState('init');
    setAttempt((current) => current + 1);
  };

  return (
    <CaptchaWidgetFrame
      container={container}
      className="captcha-recaptcha"
      state={state}
      status={
        <p className="captcha-status" role="status">
          {state === 'verified' ? t('captcha.verified') : null}
          {state === 'expired' ? t('captcha.expired') : null}
        </p>
      }
      failed={state === 'error'}
      onRetry={retry}
      error={error}
    />
  );
}
