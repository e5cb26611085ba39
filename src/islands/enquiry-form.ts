/**
 * The enquiry forms' shared behaviour: validate with the shared schema,
 * post to /api/contact, toast the outcome; reset on success, keep values on failure; a
 * refused submit counts (`refusals`) for the form's error summary.
 * A hook of the form islands, kept beside them: it shows toasts, and `src/lib` (the API
 * client) imports no store (docs/decisions/024-layers-checked-by-lint.md).
 */
import { useRef, useState, type SubmitEvent } from 'react';
import type * as z from 'zod/mini';
import { callApi, ApiError } from '../lib/api.ts';
import type { BodyOf } from '../shared/api/contract.ts';
// The one declaration, not the registry: the landing page loads no other route's schemas.
import { enquiryIntakeRoutes } from '../shared/api/enquiry-intake.ts';
import { showToast } from '../stores/toasts.ts';
import { toFieldErrors, type FieldErrors } from '../shared/schemas/fields.ts';
import { formToEnquiry, type EnquiryField } from '../shared/schemas/enquiry.ts';
import type { EnquiryFieldsProps } from '../ui/EnquiryFields.tsx';
import { ENQUIRY_MESSAGES } from '../content/practice.ts';

export type Values<K extends string> = Record<K, string>;
type EnquiryBody = BodyOf<typeof enquiryIntakeRoutes.submit>;

export interface EnquiryFormOptions<K extends string> {
  initial: Values<K>;
  /** The form's own schema (hero or contact): what it accepts is a body the route takes. */
  schema: z.ZodMiniType;
  /** The practice's phone as the page was built with it (Settings), for the failure toast. */
  phone: string;
  /** Called as the request starts and ends, for the hero form's vibration and pulse. */
  onPhase?: (phase: 'send' | 'success' | 'error') => void;
}

export function useEnquiryForm<K extends string>({ initial, schema, phone, onPhase }: EnquiryFormOptions<K>) {
  const [values, setValues] = useState<Values<K>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  // Refused submits so far: the error summary's key, so each refusal attaches (and focuses) it anew.
  const [refusals, setRefusals] = useState(0);
  const honeypot = useRef<HTMLInputElement>(null);

  const set = (field: K) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  async function submit(form: HTMLFormElement) {
    if (pending) return;
    // What the form shows is what is sent, read as a plain form post would be: text typed
    // before the island hydrated is in the controls but not in state (hydration keeps the
    // DOM's value), and would otherwise be judged empty.
    const fields = formToEnquiry(formFields(form));
    setValues((current) => ({ ...current, ...pick(current, fields) }));
    const payload = fields;
    const result = schema.safeParse(payload);
    if (!result.success) {
      const fieldErrors = toFieldErrors(result.error);
      setErrors(fieldErrors);
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    setPending(true);
    onPhase?.('send');
    try {
      // The fields as a plain form post sends them, not the parsed values: the server tells the
      // hero form from the contact form by which fields are there (`enquirySchemaFor`), empty
      // ones too. The form's schema has just accepted them, so they are a body the route takes.
      await callApi(enquiryIntakeRoutes.submit, { body: payload as unknown as EnquiryBody });
      setValues(initial);
      if (honeypot.current) honeypot.current.value = '';
      onPhase?.('success');
      showToast({ title: ENQUIRY_MESSAGES.successTitle, description: ENQUIRY_MESSAGES.successDescription });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fieldErrors) {
        setErrors(error.fieldErrors);
        setRefusals((count) => count + 1);
      }
      onPhase?.('error');
      showToast({
        title: ENQUIRY_MESSAGES.failureTitle,
        description: ENQUIRY_MESSAGES.failureDescription(phone),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  /** Value and change handler for a control. */
  const bind = (field: K) => ({
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field)(event.currentTarget.value),
  });
  /** The first message for a field, if any. */
  const error = (field: K) => errors[field]?.[0];
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
  };

  return { values, errors, refusals, pending, set, submit, honeypot, bind, error, onSubmit };
}

/** A form's text fields, as the browser would post them. */
function formFields(form: HTMLFormElement): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value);
  return fields;
}

/** The entries of `source` whose keys `target` has. */
const pick = <K extends string>(target: Values<K>, source: Record<string, string>): Partial<Values<K>> =>
  Object.fromEntries(
    Object.keys(target)
      .filter((key) => Object.hasOwn(source, key))
      .map((key) => [key, source[key]!]),
  ) as Partial<Values<K>>;

export type EnquiryForm<K extends string> = ReturnType<typeof useEnquiryForm<K>>;

/**
 * A form's state as the shared fields (src/ui/EnquiryFields.tsx) take it. Each form renders
 * only the fields its own state holds, so a field it lacks is never asked for.
 */
export const fieldsOf = <K extends EnquiryField>(
  form: Pick<EnquiryForm<K>, 'bind' | 'error'>,
): Pick<EnquiryFieldsProps, 'bind' | 'error'> => ({
  bind: (field) => form.bind(field as K),
  error: (field) => form.error(field as K),
});

/** Vibration patterns of the hero form. */
export const VIBRATION = {
  send: [40],
  success: [60, 40, 60],
  error: [150, 60, 150],
} as const;

/**
 * Vibrates when the device can; otherwise pulses `element` for 300 ms so the
 * feedback is still felt visually.
 */
export function buzz(element: HTMLElement | null, pattern: readonly number[]) {
  const vibrated = typeof navigator.vibrate === 'function' && navigator.vibrate([...pattern]);
  if (vibrated || !element) return;
  element.classList.remove('buzz');
  void element.offsetWidth; // restart the animation
  element.classList.add('buzz');
  setTimeout(() => element.classList.remove('buzz'), 300);
}
