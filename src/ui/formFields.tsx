import { useId, type ReactNode } from 'react';
import { Icon } from './Icon';
import { TextField } from './TextField';
import { useOnScreenKeyboard } from './kiosk';
import './formFields.css';

/** The label row every field of the kit has: the text and a '*' for required fields. */
function Label({ htmlFor, children, required }: { htmlFor?: string; children: ReactNode; required?: boolean }) {
  const content = (
    <>
      {children}
      {required ? (
        <span className="field-required" aria-hidden="true">
          *
        </span>
      ) : null}
    </>
  );
  return htmlFor ? (
    <label htmlFor={htmlFor} className="field-label">
      {content}
    </label>
  ) : (
    <span className="field-label">{content}</span>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field-error">
      <Icon name="alert" />
      <span>{error}</span>
    </p>
  ) : null;
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={id} className="field-hint">
      {hint}
    </p>
  ) : null;
}

const describedBy = (id: string, hint: unknown, error: unknown) => [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

export type SelectOption = { value: string; label: string };

/** A native list: on touch screens it opens the device's own large picker, and it needs no typing. */
export function SelectField({
  label,
  name,
  value,
  options,
  placeholder,
  onChange,
  error,
  hint,
  required,
  disabled,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly SelectOption[];
  placeholder: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <select
        id={id}
        name={name}
        className="field-input visitors-select"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
      <FieldHint id={`${id}-hint`} hint={hint} />
    </div>
  );
}

/** A calendar date (YYYY-MM-DD); the device's date picker is easier to touch than typing one. */
export function DateField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  required,
  readOnly,
  min,
  max,
  className,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
  min?: string;
  max?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input
        id={id}
        name={name}
        type="date"
        dir="ltr"
        className="field-input"
        value={value}
        min={min}
        max={max}
        readOnly={readOnly}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={required || undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
      <FieldHint id={`${id}-hint`} hint={hint} />
    </div>
  );
}

/**
 * Longer text. A kiosk types through the on-screen keyboard, which serves the kit's single-line TextField only,
 * so there the answer is one long line; elsewhere it is a real text area.
 */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  error,
  required,
  maxLength = 1000,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  maxLength?: number;
}) {
  const id = useId();
  const keyboard = useOnScreenKeyboard();
  if (keyboard) return <TextField label={label} name={name} value={value} onChange={onChange} error={error} required={required} maxLength={maxLength} />;
  return (
    <div className="field">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <textarea
        id={id}
        name={name}
        className="field-input visitors-textarea"
        value={value}
        rows={3}
        maxLength={maxLength}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={required || undefined}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Radio choices or tick boxes as large touch targets; a locked group shows its answer and cannot be changed. */
export function ChoiceGroup({
  legend,
  name,
  kind,
  selected,
  options,
  onToggle,
  error,
  hint,
  required,
  disabled,
}: {
  legend: string;
  name: string;
  kind: 'radio' | 'checkbox';
  selected: readonly string[];
  options: readonly SelectOption[];
  onToggle: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset className="field visitors-choice" aria-describedby={describedBy(id, hint, error)} disabled={disabled}>
      <legend className="field-label">
        {legend}
        {required ? (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <div className="visitors-choice-options">
        {options.map((option, index) => (
          <label key={option.value} className="visitors-choice-option">
            <input
              type={kind}
              name={name}
              value={option.value}
              checked={selected.includes(option.value)}
              onChange={() => onToggle(option.value)}
              aria-invalid={error && index === 0 ? true : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
      <FieldHint id={`${id}-hint`} hint={hint} />
    </fieldset>
  );
}
