import { useEffect, useId, useRef } from 'react';
import SignatureCanvasExport from 'react-signature-canvas';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { FieldError } from '../../../ui/formFields';

/**
 * The class a CommonJS module marked __esModule exports as default. This package is "type": "module", so the
 * production bundler imports such a module the way Node does (default = the whole exports object, class on
 * `.default`), while the test runner hands over the class itself; rendering the object broke the whole page.
 */
export function commonJsDefault<T>(imported: T): T {
  const exports = imported as unknown as { __esModule?: boolean; default?: T };
  return typeof imported === 'object' && imported !== null && exports.__esModule === true && exports.default !== undefined ? exports.default : imported;
}

const SignatureCanvas = commonJsDefault(SignatureCanvasExport);

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
  const pad = useRef<SignatureCanvasExport | null>(null);
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
