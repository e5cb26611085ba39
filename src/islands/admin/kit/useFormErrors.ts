/**
 * A staff form's errors: the message under each field, the explanation above the button,
 * and focus on the first field that needs fixing, whether the schema in the
 * browser or the server found the fault.
 */
import { useState } from 'react';
import type * as z from 'zod/mini';
import { toFieldErrors, type FieldErrors } from '#src/shared/schemas/fields.ts';

/** `fieldOrder`: the fields top to bottom; `id`: the form's element id for a field. */
export function useFormErrors(fieldOrder: readonly string[], id: (field: string) => string) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  /** Shows these field errors and moves focus to the first field that has one. */
  const showFieldErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const field = fieldOrder.find((name) => fieldErrors[name]);
    if (field) document.getElementById(id(field))?.focus();
  };

  /** Checks `body` before it is sent: true when it passes (old errors cleared), else shows why. */
  const validate = <S extends z.ZodMiniType>(schema: S, body: unknown): body is z.input<S> => {
    setFormError(null);
    const parsed = schema.safeParse(body);
    if (parsed.success) {
      setErrors({});
      return true;
    }
    showFieldErrors(toFieldErrors(parsed.error));
    return false;
  };

  return { errors, formError, setFormError, showFieldErrors, validate };
}
