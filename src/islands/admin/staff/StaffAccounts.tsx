/**
 * Staff accounts: who can sign in, with what role, when they last did. A principal adds a
 * member (with an initial password they must change, and a role), changes roles and
 * removes accounts; staff see the list only. The server decides all of it (it refuses
 * staff, removing yourself, the last account and the last principal); the list simply
 * offers no controls that would be refused, and none on your own row.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { staffRoutes } from '#src/shared/api/staff.ts';
import { MIN_PASSWORD_LENGTH, STAFF_ROLES, type StaffRole } from '#src/shared/schemas/login.ts';
import { staffInputSchema, type StaffMember } from '#src/shared/schemas/staff.ts';
import { $session } from '#src/stores/session.ts';
import { Button } from '#src/ui/Button.tsx';
import { CONTROL_CLASS, Field } from '#src/ui/Field.tsx';
import { runAction } from '../kit/actions.ts';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { formatDateTime } from '../kit/format.ts';
import { DeleteButton, ListStatus } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { useFormErrors } from '../kit/useFormErrors.ts';
import { useList } from '../kit/useList.ts';
import { fieldOrderOf, useSchemaFields } from '../kit/useSchemaFields.ts';

const ROLE_LABELS: Record<StaffRole, string> = { principal: 'Principal', staff: 'Staff' };

const listStaff = () => callApi(staffRoutes.list);

export default function StaffAccounts({ headingId }: { headingId: string }) {
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user.id : null;
  const isPrincipal = session.status === 'signed-in' && session.user.role === 'principal';
  const { items, loading, error, reload } = useList(listStaff);
  const { confirm, dialog } = useConfirm();
  const [removing, setRemoving] = useState<string | null>(null);
  const [changingRole, setChangingRole] = useState<string | null>(null);

  async function changeRole(member: StaffMember, role: StaffRole) {
    setChangingRole(member.id);
    await runAction(
      () => callApi(staffRoutes.setRole, { params: { id: member.id }, body: { role } }),
      {
        success: `${member.username} is now ${role === 'principal' ? 'a principal' : 'staff'}`,
        failure: `Failed to change the role of ${member.username}`,
      },
      reload,
    );
    setChangingRole(null);
  }

  async function remove(member: StaffMember) {
    const confirmed = await confirm({
      title: `Remove ${member.username}?`,
      body: 'They are signed out at once and can no longer sign in.',
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    setRemoving(member.id);
    await runAction(
      () => callApi(staffRoutes.remove, { params: { id: member.id } }),
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
                  Role
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
                  <td className="py-2 pr-4 text-slate-700">
                    {isPrincipal && member.id !== me ? (
                      <select
                        aria-label={`Role of ${member.username}`}
                        className={`${CONTROL_CLASS} border-slate-400`}
                        value={member.role}
                        disabled={changingRole === member.id}
                        onChange={(event) => void changeRole(member, event.target.value as StaffRole)}
                      >
                        {STAFF_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    ) : (
                      ROLE_LABELS[member.role]
                    )}
                  </td>
                  <td className="py-2 pr-4 text-slate-700">{formatDateTime(member.createdAt)}</td>
                  <td className="py-2 pr-4 text-slate-700">
                    {member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'}
                  </td>
                  <td className="py-2 text-right">
                    {member.id === me || !isPrincipal ? null : (
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
      {isPrincipal ? (
        <AddStaffForm onAdded={reload} />
      ) : (
        <p className="text-sm text-slate-700">
          Only a principal of the practice adds or removes staff accounts and changes roles.
        </p>
      )}
      {dialog}
    </section>
  );
}

function AddStaffForm({ onAdded }: { onAdded: () => Promise<void> }) {
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const { values, text, reset } = useSchemaFields(staffInputSchema, { username: '', password: '', role: 'staff' });
  const { errors, showFieldErrors, validate } = useFormErrors(fieldOrderOf(staffInputSchema), id);
  const [pending, setPending] = useState(false);

  async function submit() {
    if (pending) return;
    const body = { ...values };
    if (!validate(staffInputSchema, body)) return;
    setPending(true);
    const added = await runAction(
      () =>
        callApi(staffRoutes.add, { body }).catch((error: unknown) => {
          if (error instanceof ApiError && error.fieldErrors) showFieldErrors(error.fieldErrors);
          throw error;
        }),
      { success: `${body.username.trim()} was added`, failure: 'Failed to add the staff member' },
      onAdded,
    );
    if (added) reset();
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
        {(props) => <input {...props} autoComplete="off" {...text('username')} />}
      </Field>
      <Field
        id={id('password')}
        name="password"
        label="Initial password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters; they must change it when they first sign in.`}
        error={errors.password?.[0]}
        required
      >
        {(props) => <input {...props} type="password" autoComplete="new-password" {...text('password')} />}
      </Field>
      <Field
        id={id('role')}
        name="role"
        label="Role"
        hint="A principal also manages staff accounts."
        error={errors.role?.[0]}
      >
        {(props) => (
          <select {...props} {...text('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
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
