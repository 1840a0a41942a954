import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProofOfWorkChallenge } from '../../domain/contract/auth';
import { useLanguage } from '../../i18n/useLanguage';
import { CaptchaWidgetFrame } from './CaptchaWidgetFrame';

/** The widget's wording the portal translates (captcha.proofOfWork.*). */
const PROOF_OF_WORK_STRINGS = ['label', 'loading', 'verifying', 'verified', 'error', 'expired', 'reload', 'verify', 'verificationRequired', 'waitAlert'] as const;

export type ProofOfWorkProps = {
  challenge: ProofOfWorkChallenge;
  /** The widget's payload once the work is done; null when an answer given before is gone (a new try, an expiry). */
  onAnswer: (payload: string | null) => void;
  error?: string;
};

/**
 * ALTCHA's checkbox, which works out the server's proof-of-work challenge in workers. Its script is loaded only
 * here (a venue without reCAPTCHA, on a production server), never with the home page.
 */
export function ProofOfWorkBox({ challenge, onAnswer, error }: ProofOfWorkProps) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const container = useRef<HTMLDivElement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => {
    onAnswerRef.current = onAnswer;
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    import('./altcha').then(
      ({ setAltchaStrings }) => {
        if (cancelled) return;
        setAltchaStrings(lang, Object.fromEntries(PROOF_OF_WORK_STRINGS.map((key) => [key, t(`captcha.proofOfWork.${key}`)])));
        const widget = document.createElement('altcha-widget');
        widget.setAttribute('challenge', JSON.stringify(challenge.challenge));
        widget.setAttribute('language', lang);
        // The work starts as the box appears, so it is usually done before the visitor has filled in the form.
        widget.setAttribute('auto', 'onload');
        widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }));
        widget.addEventListener('statechange', (event) => {
          const { state, payload } = (event as CustomEvent<{ state: string; payload: string | null }>).detail;
          onAnswerRef.current(state === 'verified' ? payload : null);
        });
        element.replaceChildren(widget);
      },
      () => {
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
      element.replaceChildren();
    };
  }, [challenge, lang, t, attempt]);

  const retry = () => {
    setLoadFailed(false);
    setAttempt((current) => current + 1);
  };

  return <CaptchaWidgetFrame container={container} className="captcha-proof-of-work" failed={loadFailed} onRetry={retry} error={error} />;
}
