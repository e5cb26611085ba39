/**
 * Settings › Accounts: the practice's trust account (and office account) with a short
 * reference code a client reads out on the phone. The only place staff see the practice's
 * digits. A principal asks for a change; it takes effect when another account approves it
 * (never the one who asked); the request can be withdrawn.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { settingsAccountsRoutes } from '#src/shared/api/settings-accounts.ts';
import {
  PRACTICE_ACCOUNT_KINDS,
  PRACTICE_ACCOUNT_LABELS,
  practiceAccountSchema,
  type PracticeAccount,
  type PracticeAccountKind,
  type PracticeAccountsView,
} from '#src/shared/schemas/bank-account.ts';
import { $session } from '#src/stores/session.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { toastFailure } from '../kit/actions.ts';
import { formatDateTime } from '../kit/format.ts';
import { useFormErrors } from '../kit/useFormErrors.ts';

const FIELDS = ['name', 'bsb', 'number', 'bank'] as const;
const FIELD_LABELS: Record<(typeof FIELDS)[number], string> = {
  name: 'Account name',
  bsb: 'BSB',
  number: 'Account number',
  bank: 'Bank',
};

function AccountFacts({ account, testId }: { account: PracticeAccount & { reference: string }; testId: string }) {
  return (
    <dl data-testid={testId} className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {FIELDS.map((field) => (
        <div key={field} className="contents">
          <dt className="font-medium text-slate-700">{FIELD_LABELS[field]}</dt>
          <dd className="font-mono text-slate-900">{account[field]}</dd>
        </div>
      ))}
      <dt className="font-medium text-slate-700">Reference code</dt>
      <dd className="font-mono text-slate-900">{account.reference}</dd>
    </dl>
  );
}

function ChangeForm({ kind, onAsked }: { kind: PracticeAccountKind; onAsked: () => Promise<void> }) {
  const base = useId();
  const idOf = (field: string) => `${base}-${field}`;
  const { errors, validate, showFieldErrors } = useFormErrors(FIELDS, idOf);
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>({
    name: '',
    bsb: '',
    number: '',
    bank: '',
  });
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validate(practiceAccountSchema, values)) return;
    setPending(true);
    try {
      await callApi(settingsAccountsRoutes.requestChange, { params: { account: kind }, body: values });
      showToast({ title: 'Success', description: 'The change waits for another person to approve it' });
      setValues({ name: '', bsb: '', number: '', bank: '' });
      await onAsked();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) showFieldErrors(caught.fieldErrors);
      else toastFailure(caught, 'The change was not asked for');
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-3"
      aria-label={`Change the ${PRACTICE_ACCOUNT_LABELS[kind].toLowerCase()}`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Field key={field} id={idOf(field)} name={field} label={FIELD_LABELS[field]} error={errors[field]}>
            {(props) => (
              <input
                {...props}
                inputMode={field === 'bsb' || field === 'number' ? 'numeric' : undefined}
                autoComplete="off"
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              />
            )}
          </Field>
        ))}
      </div>
      <Button type="submit" variant="secondary" pending={pending}>
        Ask to change the {PRACTICE_ACCOUNT_LABELS[kind].toLowerCase()}
      </Button>
    </form>
  );
}

export default function PracticeAccounts({ headingId }: { headingId: string }) {
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user : null;
  const [view, setView] = useState<PracticeAccountsView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setView(await callApi(settingsAccountsRoutes.read));
      setFailed(null);
    } catch (caught) {
      setFailed(caught instanceof Error ? caught.message : 'The accounts could not be loaded');
    }
  }, []);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void load();
  }, [load]);

  async function act(call: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await call();
      showToast({ title: 'Success', description: success });
      await load();
    } catch (caught) {
      toastFailure(caught, 'That did not go through');
    } finally {
      setBusy(false);
    }
  }

  const pending = view?.pending;
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h3 id={headingId} className="text-lg font-semibold text-brand-900">
        Accounts
      </h3>
      <p className="max-w-prose text-sm text-slate-700">
        Clients see the trust account only on their matter page, shortly after signing in, with its reference code. A
        change takes effect only when another person approves it; every principal and the alert address are told at
        once. Check a new account with the bank by phone before you approve it.
      </p>
      {failed ? <p role="alert">{failed}</p> : null}
      {pending ? (
        <div
          data-testid="account-change-pending"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4"
        >
          <p className="font-semibold text-slate-900">
            Waiting for approval: the {PRACTICE_ACCOUNT_LABELS[pending.account].toLowerCase()}, asked for by{' '}
            {pending.requestedBy.username} on{' '}
            <time dateTime={pending.requestedAt}>{formatDateTime(pending.requestedAt)}</time>
          </p>
          <AccountFacts
            account={{ ...pending.details, reference: pending.reference }}
            testId="account-pending-details"
          />
          <div className="flex flex-wrap gap-2">
            {me && me.id !== pending.requestedBy.id ? (
              <Button
                variant="secondary"
                pending={busy}
                onClick={() =>
                  void act(
                    () =>
                      callApi(settingsAccountsRoutes.approve, {
                        params: { account: pending.account },
                        body: { requestedAt: pending.requestedAt },
                      }),
                    'The account was changed',
                  )
                }
              >
                Approve the change
              </Button>
            ) : (
              <p className="text-sm text-slate-700">Waiting for another person: you asked for this change.</p>
            )}
            {me && (me.role === 'principal' || me.id === pending.requestedBy.id) ? (
              <Button
                variant="outline"
                pending={busy}
                onClick={() =>
                  void act(
                    () => callApi(settingsAccountsRoutes.withdraw, { params: { account: pending.account } }),
                    'The change was withdrawn',
                  )
                }
              >
                Withdraw
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {view
        ? PRACTICE_ACCOUNT_KINDS.map((kind) => {
            const account = kind === 'trust' ? view.trust : view.office;
            return (
              <div key={kind} className="space-y-3">
                <h4 className="font-semibold text-slate-900">{PRACTICE_ACCOUNT_LABELS[kind]}</h4>
                {account ? (
                  <AccountFacts account={account} testId={`account-${kind}`} />
                ) : (
                  <p className="text-sm">Not set yet.</p>
                )}
                {me?.role === 'principal' && !pending ? <ChangeForm kind={kind} onAsked={load} /> : null}
              </div>
            );
          })
        : null}
    </section>
  );
}
