import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type AriaRole,
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEventHandler,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';
import { Icon } from './Icon';
import { useOnScreenKeyboard } from './kiosk';
import { keypadFor } from './kioskContext';

export type TextFieldType = 'text' | 'search' | 'email' | 'tel' | 'number' | 'password';

export interface TextFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  name: string;
  type?: TextFieldType;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Shown under the field; say how to fix it. */
  error?: ReactNode;
  hint?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  id?: string;
  /** Phone numbers, e-mail addresses and numbers default to left to right. */
  dir?: 'ltr' | 'rtl' | 'auto';
  inputRef?: Ref<HTMLInputElement>;
  'aria-controls'?: string;
  'aria-expanded'?: boolean;
  'aria-activedescendant'?: string;
  'aria-autocomplete'?: 'none' | 'inline' | 'list' | 'both';
  role?: AriaRole;
  /** Keep the label for assistive technology only (a search box with a visible search icon or button). */
  hideLabel?: boolean;
  className?: string;
}

const LEFT_TO_RIGHT_TYPES: ReadonlySet<TextFieldType> = new Set(['email', 'tel', 'number']);

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** The kit's only text input: every text field of the app uses it, so the kiosk keyboard reaches them all. */
export function TextField({
  label,
  value,
  onChange,
  name,
  type = 'text',
  inputMode,
  error,
  hint,
  placeholder,
  autoComplete,
  onBlur,
  onFocus,
  onKeyDown,
  maxLength,
  required,
  disabled,
  readOnly,
  id,
  dir,
  inputRef,
  hideLabel = false,
  className,
  role,
  'aria-controls': ariaControls,
  'aria-expanded': ariaExpanded,
  'aria-activedescendant': ariaActiveDescendant,
  'aria-autocomplete': ariaAutocomplete,
}: TextFieldProps) {
  const keyboard = useOnScreenKeyboard();
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;

  // The keyboard calls the latest onChange, not the one from the render that focused the field.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  const elementRef = useRef<HTMLInputElement | null>(null);
  const setElement = useCallback<RefCallback<HTMLInputElement>>(
    (element) => {
      elementRef.current = element;
      assignRef(inputRef, element);
      return () => {
        elementRef.current = null;
        assignRef(inputRef, null);
      };
    },
    [inputRef],
  );

  const acceptsTyping = !readOnly && !disabled;
  const keypad = keypadFor(type, inputMode);
  const latinOnly = type === 'email';
  const attachKeyboard = (element: HTMLInputElement) => {
    if (!keyboard || !acceptsTyping) return;
    keyboard.focus({ element, keypad, latinOnly, setValue: (next) => onChangeRef.current(next) });
  };
  const attachKeyboardRef = useRef(attachKeyboard);
  useLayoutEffect(() => {
    attachKeyboardRef.current = attachKeyboard;
  });

  useEffect(() => {
    const element = elementRef.current;
    if (!keyboard || !element) return;
    // A field that already has focus when it mounts (autofocus, a dialog's first field, a remount) gets the keyboard too.
    if (document.activeElement === element) attachKeyboardRef.current(element);
    return () => keyboard.release(element);
  }, [keyboard]);

  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    onFocus?.(event);
    attachKeyboard(event.currentTarget);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    keyboard?.blur(event.currentTarget, event.relatedTarget);
  };

  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field-label'}>
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <input
        ref={setElement}
        id={inputId}
        className="field-input"
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onFocus={handleFocus}
        onBlur={handleBlur}
        onKeyDown={onKeyDown}
        // In kiosk mode the docked keyboard types; the device's own keyboard must stay closed.
        inputMode={keyboard ? 'none' : inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        dir={dir ?? (LEFT_TO_RIGHT_TYPES.has(type) ? 'ltr' : undefined)}
        role={role}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy}
        aria-controls={ariaControls}
        aria-expanded={ariaExpanded}
        aria-activedescendant={ariaActiveDescendant}
        aria-autocomplete={ariaAutocomplete}
      />
      {hasError ? (
        <p id={errorId} className="field-error">
          <Icon name="alert" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
