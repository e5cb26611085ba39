/**
 * Changing one's own password (current password required). Shown instead of the tabs
 * while an initial password must be changed, and on the Settings tab otherwise.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import * as z from 'zod/mini';
import { ApiError, callApi } from '#src/lib/api.ts';
import { API } from '#src/shared/api/index.ts';
import { toFieldErrors, type FieldErrors } from '#src/shared/schemas/fields.ts';
import { MIN_PASSWORD_LENGTH } from '#src/shared/schemas/login.ts';
import { passwordChangeSchema } from '#src/shared/schemas/staff.ts';
import { $session, passwordChanged } from '#src/stores/session.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { useFormErrors } from '../kit/useFormErrors.ts';
import { fieldOrderOf, useSchemaFields } from '../kit/useSchemaFields.ts';

/** The API's body and, in the browser only, the new password typed again. */
const formSchema = z.extend(passwordChangeSchema, { confirmPassword: z.string() });
type FieldName = keyof z.input<typeof formSchema>;

export default function ChangePasswordForm({ submitLabel = 'Change password' }: { submitLabel?: string }) {
  const base = useId();
  const session = useStore($session);
  const username = session.status === 'signed-in' ? session.user.username : '';
  const id = (field: string) => `${base}-${field}`;
  const { values, text, reset } = useSchemaFields(formSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const { errors, formError, setFormError, showFieldErrors: showErrors } = useFormErrors(fieldOrderOf(formSchema), id);
  const [pending, setPending] = useState(false);

  async function submit() {
    if (pending) return;
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    const parsed = passwordChangeSchema.safeParse(body);
    const fieldErrors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    if (values.confirmPassword !== values.newPassword) fieldErrors.confirmPassword = ['The two new passwords differ'];
    setFormError(null);
    showErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    setPending(true);
    try {
      const user = await callApi(API.user.changePassword, { body });
      reset();
      showToast({ title: 'Success', description: 'Your password was changed. Other devices are signed out.' });
      passwordChanged(user);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) showErrors(error.fieldErrors);
      setFormError(
        error instanceof Error && error.message ? error.message : 'Your password was not changed. Please try again.',
      );
    } finally {
      setPending(false);
    }
  }

  const input = (field: FieldName, label: string, autoComplete: string, hint?: string) => (
    <Field id={id(field)} name={field} label={label} error={errors[field]?.[0]} hint={hint} required>
      {(props) => <input {...props} type="password" autoComplete={autoComplete} {...text(field)} />}
    </Field>
  );

  return (
    <form
      noValidate
      className="max-w-md space-y-4"
      aria-label="Change your password"
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit();
      }}
    >
      {/* Tells password managers whose password this is (Chromium asks for it). */}
      <input
        type="text"
        name="username"
        aria-label="Username"
        autoComplete="username"
        value={username}
        readOnly
        hidden
      />
      {input('currentPassword', 'Current password', 'current-password')}
      {input('newPassword', 'New password', 'new-password', `At least ${MIN_PASSWORD_LENGTH} characters.`)}
      {input('confirmPassword', 'Repeat the new password', 'new-password')}
      {formError ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {formError}
        </p>
      ) : null}
      <Button type="submit" pending={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
