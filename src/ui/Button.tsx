import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'destructive' | 'ghost';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'btn btn-primary',
  secondary: 'btn btn-secondary',
  outline: 'btn btn-outline',
  destructive: 'btn bg-destructive text-white hover:bg-red-800',
  ghost: 'btn text-brand-800 hover:bg-brand-50',
};

/** The classes of a button of this kind, for a link that looks like one. */
export const buttonClass = (variant: ButtonVariant): string => VARIANTS[variant];

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Disables the button and shows a spinner beside its (pending) label. */
  pending?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The site's button. `type` defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  pending = false,
  disabled,
  className = '',
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`${VARIANTS[variant]} ${className}`}
      {...rest}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}
