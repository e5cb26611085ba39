/**
 * A form's values by the fields of its resource's input schema (decision 056): one state
 * object whose keys must be the schema's, and the value and change handler of each control
 * read from it by name, so no form writes a setter per field. The field errors and the focus
 * on the first faulty field stay useFormErrors', in the schema's field order.
 */
import { useState, type ChangeEvent } from 'react';
import type * as z from 'zod/mini';

/** A form's own copy of its fields: the schema's names, each held as its control holds it (lists as lines of text). */
export type FormValues<S extends z.ZodMiniObject> = Partial<Record<keyof z.input<S>, string | boolean>>;

type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** The initial values' types as a control holds them: `kind: ''` is any text, not only ''. */
type Held<V> = { [K in keyof V]: V[K] extends string ? string : V[K] extends boolean ? boolean : V[K] };
type NamesOf<V, Held> = { [K in keyof V]-?: V[K] extends Held ? K : never }[keyof V];

/** The schema's field names top to bottom: the order in which the first faulty field is found. */
export const fieldOrderOf = (schema: z.ZodMiniObject): readonly string[] => Object.keys(schema.shape);

/** `schema`: the resource's input schema, or a declared route's `input` (decision 054). */
export function useSchemaFields<S extends z.ZodMiniObject, V extends FormValues<S>>(
  _schema: S | undefined,
  initial: V,
) {
  const [values, setValues] = useState<Held<V>>(initial as Held<V>);
  const set = <K extends keyof V>(name: K, value: Held<V>[K]) =>
    setValues((current) => ({ ...current, [name]: value }));
  return {
    values,
    set,
    /** Back to the values the form started with (after a save that leaves the form open). */
    reset: () => setValues(initial as Held<V>),
    /** `value` and `onChange` for a text input, textarea or select (a select's value is one of its options). */
    text: (name: NamesOf<Held<V>, string>) => ({
      value: values[name] as string,
      onChange: (event: ChangeEvent<TextControl>) => set(name, event.target.value as Held<V>[typeof name]),
    }),
    /** `checked` and `onChange` for a checkbox. */
    checkbox: (name: NamesOf<Held<V>, boolean>) => ({
      checked: values[name] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.checked as Held<V>[typeof name]),
    }),
  };
}
