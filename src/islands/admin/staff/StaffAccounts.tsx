/**
 * Staff accounts: who can sign in, when they last did, adding a member with an
 * initial password they must change, and removing one. The server refuses removing
 * yourself or the last account; the list simply offers no button for yourself.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { toFieldErrors, type FieldErrors } from '../../../shared/schemas/fields.ts';
import { MIN_PASSWORD_LENGTH } from '../../../shared/schemas/login.ts';
import { staffInputSchema, type StaffMember } from '../../../shared/schemas/staff.ts';
import { $session } from '../../../stores/session.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { runAction } from '../kit/actions.ts';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { formatDateTime } from '../kit/format.ts';
import { DeleteButton, ListStatus } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useList } from '../kit/useList.ts';

export default function StaffAccounts({ headingId }: { headingId: string }) {
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user.id : null;
  const { items, loading, error, reload } = useList<StaffMember>('/api/staff');
  const { confirm, dialog } = useConfirm();
  const [removing, setRemoving] = useState<string | null>(null);

  async function remove(member: StaffMember) {
    const confirmed = await confirm({
      title: `Remove ${member.username}?`,
      body: 'They are signed out at once and can no longer sign in.',
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    setRemoving(member.id);
    await runAction(
      () => apiRequest('DELETE', `/api/staff/${encodeURIComponent(member.id)}`),
      { success: `${member.username} was removed`, failure: `Failed to remove ${member.username}` },
      reload,
    );
    setRemoving(null);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-brand-900">
        Staff accounts
      </h3>
      <ListStatus
        loading={loading}
        error={error}
        isEmpty={items.length === 0}
        empty="No staff accounts."
        what="staff accounts"
        onRetry={() => void reload()}
      />
      {items.length > 0 ? (
        // Scrolls sideways on phones: focusable, so the keyboard can scroll it too. `relative`
        // keeps the sr-only header (absolutely positioned) inside the scroller; without it the
        // phone's layout viewport grows to the table's width.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it (WCAG 2.1.1)
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Staff accounts list">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Username
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Created
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Last sign-in
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((member) => (
                <tr key={member.id} data-testid="staff-row" className="border-b border-slate-200 align-middle">
                  <td className="py-2 pr-4 font-medium text-slate-900">
                    {member.username}
                    {member.id === me ? <span className="ml-2 text-slate-600">(you)</span> : null}
                    {member.mustChangePassword ? (
                      <span className="ml-2">
                        <StatusBadge tone="neutral">Must change password</StatusBadge>
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4 text-slate-700">{formatDateTime(member.createdAt)}</td>
                  <td className="py-2 pr-4 text-slate-700">
                    {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'}
                  </td>
                  <td className="py-2 text-right">
                    {member.id === me ? null : (
                      <DeleteButton
                        label={`Remove staff account: ${member.username}`}
                        pending={removing === member.id}
                        onClick={() => void remove(member)}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <AddStaffForm onAdded={reload} />
      {dialog}
    </section>
  );
}

function AddStaffForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const first = (['username', 'password'] as const).find((field) => fieldErrors[field]);
    if (first) document.getElementById(id(first))?.focus();
  };

  async function submit() {
    if (pending) return;
    const parsed = staffInputSchema.safeParse(values);
    if (!parsed.success) return showErrors(toFieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    const added = await runAction(
      () =>
        apiRequest('POST', '/api/staff', parsed.data).catch((error: unknown) => {
          if (error instanceof ApiError && error.fieldErrors) showErrors(error.fieldErrors);
          throw error;
        }),
      { success: `${parsed.data.username} was added`, failure: 'Failed to add the staff member' },
      onAdded,
    );
    if (added) setValues({ username: '', password: '' });
    setPending(false);
  }

  return (
    <form
      noValidate
      aria-label="Add a member of staff"
      className="grid max-w-2xl gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h4 className="text-base font-semibold text-brand-900 sm:col-span-2">Add a member of staff</h4>
      <Field id={id('username')} name="username" label="Username" error={errors.username?.[0]} required>
        {(props) => (
          <input
            {...props}
            autoComplete="off"
            value={values.username}
            onChange={(event) => setValues((current) => ({ ...current, username: event.target.value }))}
          />
        )}
      </Field>
      <Field
        id={id('password')}
        name="password"
        label="Initial password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters; they must change it when they first sign in.`}
        error={errors.password?.[0]}
        required
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
          />
        )}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" pending={pending}>
          Add staff member
        </Button>
      </div>
    </form>
  );
}
