import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captchaChallenge } from '../../api/auth';
import { builtInCaptchaResponse, type CaptchaChallenge } from '../../domain/contract/auth';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { usePortal } from '../portal';
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

/**
 * A person-check before a code is sent: Google's reCAPTCHA v2 where the venue has one, otherwise the server's own
 * challenge (a sum in development, a proof-of-work box in production).
 */
export function CaptchaField({ resetKey, ...props }: CaptchaFieldProps) {
  // A new key mounts a fresh widget: a new challenge, or an unticked box.
  if (props.siteKey) {
    return (
      <Suspense fallback={null}>
        <RecaptchaWidget key={resetKey} {...props} siteKey={props.siteKey} />
      </Suspense>
    );
  }
  return <ServerChallenge key={resetKey} {...props} />;
}

type WidgetProps = Omit<CaptchaFieldProps, 'resetKey'>;

// The home page's lead form shows this field: the widgets of other people's scripts (reCAPTCHA only for venues with
// a site key, ALTCHA only from production servers) stay out of its JavaScript.
const RecaptchaWidget = lazy(() => import('./RecaptchaWidget').then((module) => ({ default: module.RecaptchaWidget })));
const ProofOfWorkBox = lazy(() => import('./ProofOfWorkBox').then((module) => ({ default: module.ProofOfWorkBox })));

// ------------------------------------------------------------------------------------------------------------
// The server's own challenge (GET captcha/challenge): a small sum in the visitor's language, or proof of work.

type ChallengeState = { status: 'loading' } | { status: 'ready'; challenge: CaptchaChallenge } | { status: 'error' };

/** A challenge stays usable a little less than the server says, so an answer never arrives a second too late. */
const EXPIRY_MARGIN_MS = 5_000;
const MIN_LIFETIME_MS = 15_000;

function ServerChallenge({ onSolve, onExpire, error }: WidgetProps) {
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
      if (current) setState(result.ok ? { status: 'ready', challenge: result.data.data } : { status: 'error' });
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
    if (challenge?.kind !== 'question') return;
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

  if (challenge?.kind === 'proof_of_work') {
    const solved = (payload: string | null) => {
      if (payload) {
        sent.current = true;
        onSolve(payload);
      } else if (sent.current) {
        sent.current = false;
        onExpire();
      }
    };
    return (
      <Suspense fallback={<Spinner label={t('captcha.proofOfWork.loading')} showLabel />}>
        <ProofOfWorkBox challenge={challenge} onAnswer={solved} error={error} />
      </Suspense>
    );
  }

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
        {challenge?.kind === 'question' ? (
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
