/**
 * Settings › Your sign-in: this account's passkeys, and "Add a passkey". Once an account has
 * one, its password alone no longer signs in: the passkey does (decision 045). Also shown on
 * its own while the practice requires a passkey that this account does not have yet.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { callApi } from '#src/lib/api.ts';
import { addPasskey, passkeyFailure, passkeysSupported } from '#src/lib/passkeys.ts';
import { passkeysRoutes } from '#src/shared/api/passkeys.ts';
import { PASSKEY_NAME_MAX } from '#src/shared/schemas/passkeys.ts';
import { passkeyAdded } from '#src/stores/session.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { useList } from '../kit/useList.ts';
import { PasskeyList } from './PasskeyList.tsx';

const listOwnPasskeys = () => callApi(passkeysRoutes.list);

export default function OwnPasskeys() {
  const base = useId();
  const { items, loading, error, reload } = useList(listOwnPasskeys);
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const supported = passkeysSupported();

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setFailure(null);
    try {
      const added = await addPasskey(name);
      setName('');
      showToast({ title: 'Success', description: `The passkey ${added.name} was added` });
      passkeyAdded();
      await reload();
    } catch (caught) {
      const message = passkeyFailure(caught, 'The passkey was not added');
      setFailure(message);
      showToast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      <p className="max-w-2xl text-sm text-slate-700">
        A passkey signs you in with this device&apos;s fingerprint, face or PIN instead of a password, and cannot be
        phished. Once you have one, your password alone no longer signs you in: after it, the sign-in page asks for the
        passkey, or you can sign in with the passkey straight away.
      </p>
      <PasskeyList items={items} loading={loading} error={error} reload={reload} owner={null} />
      <form noValidate onSubmit={(event) => void add(event)} className="flex max-w-xl flex-wrap items-end gap-2">
        <Field
          id={`${base}-name`}
          label="Name of the passkey (optional)"
          hint="So you can tell your passkeys apart, e.g. Work laptop or Phone."
          className="grow basis-64"
        >
          {(props) => (
            <input
              {...props}
              type="text"
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" pending={pending} disabled={!supported}>
          Add a passkey
        </Button>
      </form>
      {!supported ? <p className="text-sm text-slate-700">This browser cannot make passkeys.</p> : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-800">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
