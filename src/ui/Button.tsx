import { type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'lg';

/** Classes of a kit button, for links and other elements that must look like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `btn btn-${variant}${size === 'lg' ? ' btn-lg' : ''}`;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy: shows a spinner, sets aria-busy and blocks further presses. */
  pending?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  icon,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
    >
      {icon ? <span className="btn-icon">{icon}</span> : null}
      {children}
    </button>
  );
}
