/**
 * A labelled form control with its error text underneath (errors in a
 * destructive style under the field). The control gets `aria-invalid` and
 * `aria-describedby` pointing at the error (and the hint, if any). The islands and the
 * pages the functions render (netlify/functions/_shared/pages) both use it.
 *
 *   <Field id="email" label="Email" error={errors.email?.[0]}>
 *     {(props) => <input type="email" {...props} value={…} onChange={…} />}
 *   </Field>
 */
import { Fragment, type ReactNode } from 'react';

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
  className: string;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Defaults to `id`. */
  name?: string;
  /** A message, or several (a server page shows every message of a field, one a line). */
  error?: string | readonly string[];
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  /** Tone for dark backgrounds. */
  tone?: 'light' | 'dark';
  children: (props: ControlProps) => ReactNode;
}

export const CONTROL_CLASS =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40';

export function Field({
  id,
  label,
  name,
  error,
  hint,
  required,
  className = '',
  tone = 'light',
  children,
}: FieldProps) {
  const messages = (typeof error === 'string' ? [error] : (error ?? [])).filter(Boolean);
  const invalid = messages.length > 0;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const labelTone = tone === 'dark' ? 'text-white' : 'text-slate-800';
  const errorTone = tone === 'dark' ? 'text-red-200' : 'text-destructive';
  return (
    <div className={className}>
      <label htmlFor={id} className={`mb-1 block text-sm font-medium ${labelTone}`}>
        {label}
        {required ? (
          <span aria-hidden="true" className={tone === 'dark' ? 'text-accent-100' : 'text-destructive'}>
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        name: name ?? id,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
        className: `${CONTROL_CLASS} ${invalid ? 'border-destructive' : 'border-slate-400'}`,
      })}
      {hint ? (
        <p id={hintId} className={`mt-1 text-sm ${tone === 'dark' ? 'text-brand-100' : 'text-slate-600'}`}>
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <FieldError id={errorId} messages={messages} className={`mt-1 text-sm font-medium ${errorTone}`} />
      ) : null}
    </div>
  );
}

/** A field's messages, one a line, under the id its control's `aria-describedby` names. */
export function FieldError({
  id,
  messages,
  className,
}: {
  id?: string;
  messages: readonly string[];
  className: string;
}) {
  return (
    <p id={id} className={className}>
      {messages.map((message, index) => (
        <Fragment key={index}>
          {index ? <br /> : null}
          {message}
        </Fragment>
      ))}
    </p>
  );
}
