import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaChallenge } from '../../api/auth';
import { builtInCaptchaResponse, type QuestionChallenge } from '../../domain/contract/auth';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { usePortal } from '../portal';
import { loadRecaptcha } from './recaptcha';
import { useLanguage } from '../../i18n/useLanguage';

export interface CaptchaFieldProps {
  /** The venue's reCAPTCHA v2 site key; without one the server's own challenge is shown. */
  siteKey: string | null | undefined;
  /**
   * Changes whenever the form machine drops the answer it held (each answer is good for one call): the used-up
   * challenge is then replaced by a new one, or the reCAPTCHA box is unticked.
   */
  resetKey: number;
  onSolve: (response: string) => void;
  onExpire: () => void;
  /** The machine's message for this field, already translated. */
  error?: string;
}

/** A person-check before a code is sent: Google's reCAPTCHA v2 where the venue has one, the built-in sum otherwise. */
export function CaptchaField({ resetKey, ...props }: CaptchaFieldProps) {
  // A new key mounts a fresh widget: a new question, or an unticked box.
  return props.siteKey ? <RecaptchaWidget key={resetKey} {...props} siteKey={props.siteKey} /> : <BuiltInChallenge key={resetKey} {...props} />;
}

type WidgetProps = Omit<CaptchaFieldProps, 'resetKey'>;

// ------------------------------------------------------------------------------------------------------------
// The built-in challenge (GET captcha/challenge): a small sum in the visitor's language.

type ChallengeState = { status: 'loading' } | { status: 'ready'; challenge: QuestionChallenge } | { status: 'error' };

/** A challenge stays usable a little less than the server says, so an answer never arrives a second too late. */
const EXPIRY_MARGIN_MS = 5_000;
const MIN_LIFETIME_MS = 15_000;

function BuiltInChallenge({ onSolve, onExpire, error }: WidgetProps) {
  const { t } = useTranslation('account');
  const { api } = usePortal();
  const lang = useLanguage();
  const [state, setState] = useState<ChallengeState>({ status: 'loading' });
  const [answer, setAnswer] = useState('');
  const [round, setRound] = useState(0);
  const questionId = useId();

  /** Whether the machine holds an answer of ours, which an expiry or a new question must take back. */
  const sent = useRef(false);

  const renew = useCallback(() => {
    setAnswer('');
    setRound((current) => current + 1);
  }, []);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    void captchaChallenge(api).then((result) => {
      if (current) setState(result.ok && result.data.data.kind === 'question' ? { status: 'ready', challenge: result.data.data } : { status: 'error' });
    });
    return () => {
      current = false;
    };
  }, [api, round]);

  const challenge = state.status === 'ready' ? state.challenge : null;
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });
  useEffect(() => {
    if (!challenge) return;
    const lifetime = Math.max(MIN_LIFETIME_MS, Date.parse(challenge.expires_at) - Date.now() - EXPIRY_MARGIN_MS);
    const timer = setTimeout(() => {
      if (sent.current) {
        sent.current = false;
        onExpireRef.current();
      }
      renew();
    }, lifetime);
    return () => clearTimeout(timer);
  }, [challenge, renew]);

  const answerChanged = (next: string) => {
    setAnswer(next);
    if (!challenge) return;
    if (next.trim() === '') {
      sent.current = false;
      onExpire();
    } else {
      sent.current = true;
      onSolve(builtInCaptchaResponse(challenge.id, next));
    }
  };

  const newQuestion = () => {
    if (sent.current) {
      sent.current = false;
      onExpire();
    }
    renew();
  };

  return (
    <fieldset className="captcha" aria-describedby={questionId}>
      <legend className="captcha-legend">{t('captcha.legend')}</legend>
      <div className="captcha-question" id={questionId} aria-live="polite">
        {state.status === 'loading' ? <Spinner label={t('captcha.loading')} showLabel /> : null}
        {state.status === 'error' ? (
          <p className="captcha-problem">
            <Icon name="alert" />
            <span>{t('captcha.loadFailed')}</span>
          </p>
        ) : null}
        {challenge ? (
          <p className="captcha-sum" dir={lang === 'ar' ? 'rtl' : 'ltr'}>
            {challenge.question[lang]}
          </p>
        ) : null}
      </div>
      <div className="captcha-answer">
        <TextField
          label={t('captcha.answer')}
          name="captcha"
          value={answer}
          onChange={answerChanged}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          dir="ltr"
          disabled={!challenge}
          error={error}
        />
        <Button variant="secondary" icon={<Icon name="refresh" />} onClick={newQuestion} className="captcha-renew">
          {t('captcha.newQuestion')}
        </Button>
      </div>
    </fieldset>
  );
}

// ------------------------------------------------------------------------------------------------------------
// Google's reCAPTCHA v2 checkbox, with the four states of the spec: init, verified, expired, error.

type RecaptchaState = 'init' | 'verified' | 'expired' | 'error';

function RecaptchaWidget({ siteKey, onSolve, onExpire, error }: WidgetProps & { siteKey: string }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const container = useRef<HTMLDivElement | null>(null);
  const [state, setState] = useState<RecaptchaState>('init');
  const [attempt, setAttempt] = useState(0);
  const errorId = useId();
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
    <div className="captcha captcha-recaptcha" data-state={state}>
      <div
        ref={container}
        className="captcha-widget"
        role="group"
        // Focusable so that a submit with the box unticked can bring the visitor here.
        tabIndex={-1}
        aria-label={t('captcha.legend')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <p className="captcha-status" role="status">
        {state === 'verified' ? t('captcha.verified') : null}
        {state === 'expired' ? t('captcha.expired') : null}
      </p>
      {state === 'error' ? (
        <div className="captcha-problem">
          <Icon name="alert" />
          <span>{t('captcha.recaptchaFailed')}</span>
          <Button variant="secondary" icon={<Icon name="refresh" />} onClick={retry}>
            {t('captcha.retry')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          <Icon name="alert" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
