import { useEffect, useId, useRef } from 'react';
import SignatureCanvas from 'react-signature-canvas';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { FieldError } from './parts';

/** The pad's size in CSS pixels (S1-9.24). */
export const SIGNATURE_WIDTH = 300;
export const SIGNATURE_HEIGHT = 200;

export interface SignaturePadProps {
  label: string;
  /** A data URL while it is only in the page, the stored path once saved, '' when not signed. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
}

/** A disclaimer's signature: drawn with a finger or mouse, kept as a png. */
export function SignaturePad({ label, value, onChange, error, required }: SignaturePadProps) {
  const { t } = useTranslation('visitors');
  const pad = useRef<SignatureCanvas | null>(null);
  const id = useId();

  // A section drawn again (another language, a retried load) shows the signature it already has.
  useEffect(() => {
    const canvas = pad.current;
    if (canvas && value.startsWith('data:image/') && canvas.isEmpty()) void canvas.fromDataURL(value, { width: SIGNATURE_WIDTH, height: SIGNATURE_HEIGHT });
  }, [value]);

  const clear = () => {
    pad.current?.clear();
    onChange('');
  };

  return (
    <div className="field visitors-signature">
      <span className="field-label" id={`${id}-label`}>
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      <p className="field-hint" id={`${id}-hint`}>
        {t('signature.hint')}
      </p>
      <div className="visitors-signature-pad" dir="ltr">
        <SignatureCanvas
          ref={pad}
          clearOnResize={false}
          penColor="#111"
          backgroundColor="rgba(255,255,255,1)"
          onEnd={() => {
            const canvas = pad.current;
            if (canvas && !canvas.isEmpty()) onChange(canvas.toDataURL('image/png'));
          }}
          canvasProps={{
            width: SIGNATURE_WIDTH,
            height: SIGNATURE_HEIGHT,
            className: 'visitors-signature-canvas',
            role: 'img',
            'aria-labelledby': `${id}-label`,
            'aria-describedby': error ? `${id}-hint ${id}-error` : `${id}-hint`,
          }}
        />
      </div>
      <div className="visitors-signature-actions">
        {value !== '' ? <span className="visitors-signed">{t('signature.signed')}</span> : null}
        <Button variant="secondary" onClick={clear} disabled={value === ''}>
          {t('signature.clear')}
        </Button>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
