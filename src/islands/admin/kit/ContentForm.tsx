/**
 * The create/edit form shared by the Services and Testimonials tabs: validation with the
 * resource's schema (the API's own), field errors under the fields with focus on the
 * first, the usual toasts, and on a 409 an explanation above the buttons that keeps
 * everything typed. After a 409 the form adopts the latest stored version, so saving again
 * deliberately replaces it.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from '#src/lib/api.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { useFormErrors } from './useFormErrors.ts';
import { fieldOrderOf } from './useSchemaFields.ts';

export interface Editable {
  id: string;
  version: string;
}

export interface ContentFormProps<T extends Editable> {
  /** The record being edited, or null to create one. */
  item: T | null;
  onSaved: (saved: T) => void | Promise<void>;
  onCancel: () => void;
  /** Someone else saved the record meanwhile: resolves to its latest stored copy, if any. */
  onConflict: (id: string) => Promise<T | null>;
}

interface Config<T extends Editable, S extends z.ZodMiniObject> extends ContentFormProps<T> {
  noun: string;
  Noun: string;
  /** The resource's input schema, the one its create and update routes declare: its fields, in their order. */
  schema: S;
  /** Saves a body the schema took: creates the record (`id` null) or replaces it, by its declared routes. */
  send: (body: z.input<S>, id: string | null) => Promise<T>;
}

export function useContentForm<T extends Editable, S extends z.ZodMiniObject>(config: Config<T, S>) {
  const { item, noun, Noun } = config;
  const editing = item !== null;
  const [pending, setPending] = useState(false);
  const [version, setVersion] = useState(item?.version);
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const { errors, formError, setFormError, showFieldErrors, validate } = useFormErrors(fieldOrderOf(config.schema), id);

  async function save(values: Record<string, unknown>) {
    if (pending) return;
    const body = editing ? { ...values, version } : values;
    if (!validate(config.schema, body)) return;
    setPending(true);
    try {
      const saved = await config.send(body, item?.id ?? null);
      showToast({ title: 'Success', description: `${Noun} ${editing ? 'updated' : 'created'} successfully` });
      setPending(false);
      await config.onSaved(saved);
    } catch (error) {
      setPending(false);
      showToast({
        title: 'Error',
        description: `Failed to ${editing ? 'update' : 'create'} ${noun}`,
        variant: 'destructive',
      });
      if (error instanceof ApiError && error.status === 409 && item) {
        const latest = await config.onConflict(item.id).catch(() => null);
        if (latest) setVersion(latest.version);
        setFormError(error.message);
      } else if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
        if (error.fieldErrors) {
          showFieldErrors(error.fieldErrors);
        }
        setFormError(error.message);
      } else {
        setFormError(
          `The ${noun} was not saved${error instanceof Error && error.message ? ` (${error.message})` : ''}. What you typed is still here; please try again.`,
        );
      }
    }
  }

  return { editing, errors, formError, pending, id, save };
}

/** The form's frame: heading, fields, the explanation of a failed save, and the buttons. */
export function ContentFormShell({
  form,
  noun,
  Noun,
  onSubmit,
  onCancel,
  children,
}: {
  form: Pick<ReturnType<typeof useContentForm>, 'editing' | 'pending' | 'formError' | 'id'>;
  noun: string;
  Noun: string;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { editing, pending, formError, id } = form;
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened by a button: move focus into the form, to its first field.
  useEffect(() => {
    heading.current?.closest('section')?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, []);
  return (
    <section
      aria-labelledby={id('heading')}
      data-testid={`${noun}-form`}
      className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 ref={heading} id={id('heading')} className="mb-4 text-lg font-semibold text-brand-900">
        {editing ? `Edit ${Noun}` : `Add New ${Noun}`}
      </h3>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {formError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {formError}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="secondary" pending={pending}>
            {editing ? (pending ? 'Updating...' : `Update ${Noun}`) : pending ? 'Creating...' : `Add ${Noun}`}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        </div>
      </form>
    </section>
  );
}

/** A labelled on/off switch row inside a form. */
export function SwitchRow({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      {children}
      <div>
        <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
          {label}
        </span>
        <span id={`${id}-hint`} className="block text-sm text-slate-700">
          {hint}
        </span>
      </div>
    </div>
  );
}

/** Text with one entry per line, for list fields (features, areas). */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
