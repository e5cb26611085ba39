/**
 * The address this account's own notices go to: when a client accepts or submits identity
 * details on an enquiry assigned to this account, the notice is e-mailed here instead of the
 * practice's alert address. Empty: the alert address gets them.
 */
import { useEffect, useId, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { API } from '#src/shared/api/index.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';

export default function OwnEmailForm() {
  const base = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    callApi(API.user.email).then(
      (answer) => setEmail(answer.email ?? ''),
      () => undefined,
    );
  }, []);

  async function save(event: { preventDefault(): void }) {
    event.preventDefault();
    setPending(true);
    try {
      const answer = await callApi(API.user.setEmail, { body: { email } });
      setEmail(answer.email ?? '');
      setError(undefined);
      showToast({
        title: 'Success',
        description: answer.email
          ? 'Notices about enquiries assigned to you go to your address'
          : 'Notices about enquiries assigned to you go to the alert address',
      });
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.email) {
        setError(caught.fieldErrors.email[0]);
        document.getElementById(`${base}-email`)?.focus();
      } else {
        showToast({ title: 'Error', description: 'Your e-mail address was not saved', variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex max-w-xl flex-wrap items-end gap-2">
      <Field
        id={`${base}-email`}
        label="Your e-mail for notices"
        hint="When a client accepts or gives identity details on an enquiry assigned to you, you are told here. Leave it empty to leave those notices to the practice's alert address."
        error={error}
        className="grow basis-64"
      >
        {(props) => (
          <input
            {...props}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" pending={pending}>
        Save e-mail
      </Button>
    </form>
  );
}
