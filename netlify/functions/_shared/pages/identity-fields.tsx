/**
 * The identity-details page's kit (pages/identity-page.tsx): the messages by field path, a
 * field, a set of radios, a part revealed by an answer and the form's step buttons. Pure,
 * no JavaScript in the page.
 */
import type { CddDraftParty } from '#src/shared/schemas/cdd-draft.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import type { ReactElement, ReactNode } from 'react';
import { Button } from '#src/ui/Button.tsx';
import { Choice } from '#src/ui/Choice.tsx';
import { Field, FieldError } from '#src/ui/Field.tsx';

export type Owner = NonNullable<Extract<CddDraftParty, { owners?: unknown }>['owners']>[number];
/**
 * The messages by field path, handed out to the fields that show them. The page is built by
 * plain functions called in document order (not components, which React renders later), so
 * every field has claimed its messages by the time the summary is built. Each field claims
 * its own path (and, for a list in a text box or a question, the paths inside it), so the
 * summary can link each message to the field it sits under; a message no field claimed is
 * listed without a link.
 */
export class Messages {
  private readonly anchors = new Map<string, string>();
  private readonly fieldErrors: FieldErrors;
  constructor(fieldErrors: FieldErrors) {
    this.fieldErrors = fieldErrors;
  }

  take(id: string, paths: string[], { within = false } = {}): string[] {
    const keys = Object.keys(this.fieldErrors).filter(
      (key) => !this.anchors.has(key) && paths.some((path) => key === path || (within && key.startsWith(`${path}.`))),
    );
    for (const key of keys) this.anchors.set(key, id);
    return keys.flatMap((key) => this.fieldErrors[key]!);
  }

  summary(): { message: string; field?: string }[] {
    return Object.entries(this.fieldErrors).flatMap(([key, messages]) =>
      messages.map((message) => ({ message, field: this.anchors.get(key) })),
    );
  }
}

export const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface FieldOptions {
  name: string;
  label: string;
  value: string | undefined;
  max: number;
  type?: 'text' | 'email' | 'tel' | 'date';
  autocomplete?: string;
  hint?: string;
  /** A text box of lines (names one per line, details). */
  multiline?: boolean;
  /** Also show the messages of paths inside this one (a list's items). */
  within?: boolean;
  /** Also show the messages of these paths (a source of funds' lender, whatever its place in the list). */
  claims?: string[];
}

export function field(messages: Messages, options: FieldOptions): ReactElement {
  const { name, label, max, type = 'text', hint, multiline = false } = options;
  const errors = messages.take(name, [name, ...(options.claims ?? [])], { within: options.within });
  // A date input shows only a whole date; anything else a draft holds (sent by the API) is left out.
  const value = type === 'date' && options.value !== undefined && !DAY.test(options.value) ? '' : (options.value ?? '');
  return (
    <Field
      key={name}
      id={name}
      label={label}
      hint={hint}
      error={errors}
      className={errors.length ? 'mb-4 has-error' : 'mb-4'}
    >
      {(props) =>
        multiline ? (
          <textarea {...props} autoComplete={options.autocomplete} rows={3} maxLength={max} defaultValue={value} />
        ) : (
          <input
            type={type}
            {...props}
            autoComplete={options.autocomplete}
            maxLength={type === 'date' ? undefined : max}
            spellCheck={type === 'text' ? false : undefined}
            defaultValue={value}
          />
        )
      }
    </Field>
  );
}

/**
 * Radios for one answer (or checkboxes for several, `multiple`); `paths` are the messages it
 * shows (the answer, or its absence). `extra` follows the choices inside the fieldset: the
 * boxes a choice reveals (`Reveal`).
 */
export function radios(
  messages: Messages,
  input: {
    name: string;
    legend: string;
    why?: string;
    options: { value: string; label: string }[];
    value?: string;
    /** Checkboxes: every value ticked. */
    multiple?: readonly string[];
    paths: string[];
  },
  extra: ReactNode = null,
): ReactElement {
  const { name, options, multiple } = input;
  const firstId = `${name}-${options[0]!.value}`;
  const errors = messages.take(firstId, input.paths);
  const errorId = `${name}-error`;
  return (
    <fieldset key={name} className={`question${errors.length ? ' has-error' : ''}`}>
      <legend>{input.legend}</legend>
      {input.why ? <p className="why">{input.why}</p> : null}
      {errors.length ? <FieldError id={errorId} messages={errors} className="field-error" /> : null}
      <div className="choices mb-3">
        {options.map((option) => (
          <Choice
            key={option.value}
            type={multiple ? 'checkbox' : 'radio'}
            id={`${name}-${option.value}`}
            name={name}
            value={option.value}
            label={option.label}
            checked={multiple ? multiple.includes(option.value) : input.value === option.value}
            errorId={errors.length ? errorId : undefined}
          />
        ))}
      </div>
      {extra}
    </fieldset>
  );
}

/**
 * What a choice reveals ("If yes…", the lender of a loan): shown only once the question's
 * choice `when` is ticked. CSS does it (`:has()` in client-pages.css), so it works with no
 * script, follows each click, and hides nothing from a browser without `:has()`; a hidden
 * box is out of the accessibility tree too, and it follows its choice in reading order.
 */
export function Reveal({ when, children }: { when: 'yes' | 'loan' | 'other'; children: ReactNode }) {
  return <div className={`reveal reveal-${when}`}>{children}</div>;
}

/** One of the form's steps (`name="action"`); `context` tells a screen reader which of several it is. */
export function ActionButton({
  action,
  children,
  context,
  primary = false,
}: {
  action: string;
  children: string;
  context?: string;
  primary?: boolean;
}) {
  return (
    <Button type="submit" name="action" value={action} variant={primary ? 'primary' : 'outline'}>
      {children}
      {context ? <span className="sr-only">{` ${context}`}</span> : null}
    </Button>
  );
}
