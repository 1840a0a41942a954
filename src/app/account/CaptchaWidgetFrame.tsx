import { useId, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/formFields';
import { Icon } from '../../ui/Icon';

type CaptchaWidgetFrameProps = {
  /** Where the widget's script draws. */
  container: RefObject<HTMLDivElement | null>;
  className: string;
  state?: string;
  /** What the widget's state means, between the widget and its problems. */
  status?: ReactNode;
  /** The script could not be loaded or failed: say so and offer another try. */
  failed: boolean;
  onRetry: () => void;
  /** The machine's message for this field, already translated. */
  error?: string;
};

/**
 * The frame around a captcha widget that someone else's script draws (reCAPTCHA, ALTCHA): a labelled group for the
 * script, a note and a retry when the script fails, and the form's message for the field.
 */
export function CaptchaWidgetFrame({ container, className, state, status, failed, onRetry, error }: CaptchaWidgetFrameProps) {
  const { t } = useTranslation('account');
  const errorId = useId();
  return (
    <div className={`captcha ${className}`} data-state={state}>
      <div
        ref={container}
        className="captcha-widget"
        role="group"
        // Focusable so that a submit without the check done can bring the visitor here.
        tabIndex={-1}
        aria-label={t('captcha.legend')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {status}
      {failed ? (
        <div className="captcha-problem">
          <Icon name="alert" />
          <span>{t('captcha.recaptchaFailed')}</span>
          <Button variant="secondary" icon={<Icon name="refresh" />} onClick={onRetry}>
            {t('captcha.retry')}
          </Button>
        </div>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
