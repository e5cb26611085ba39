/**
 * Staff accounts on Settings (src/islands/admin/staff/StaffAccounts.tsx): what a principal
 * may do (add a member, staff by default; change another's role; remove another after a
 * confirmation; never themselves) and what a member of staff sees instead (the list only, and
 * the sentence saying who manages it). /api/staff is answered at `fetch`; that the server
 * refuses staff anyway, and treats a new role from the next call, is
 * tests/functions/http/staff-roles.test.ts's.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import StaffAccounts from '#src/islands/admin/staff/StaffAccounts.tsx';
import type { StaffRole } from '#src/shared/schemas/login.ts';
import type { StaffMember } from '#src/shared/schemas/staff.ts';
import { $session } from '#src/stores/session.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { heldAnswer, json, serveApi, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectAnyToastSaying, expectToast } from '#tests/components/kit/toast.ts';

const ME: StaffMember = {
  id: 'me-id',
  username: 'alex',
  role: 'principal',
  createdAt: '2026-01-05T00:00:00.000Z',
  lastSignInAt: '2026-11-30T22:00:00.000Z',
  mustChangePassword: false,
};
const SAM: StaffMember = {
  id: 'sam-id',
  username: 'sam',
  role: 'staff',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSignInAt: null,
  mustChangePassword: true,
};

afterEach(() => $session.set({ status: 'loading' }));

/** The accounts as `role` sees them; `answer` takes the writes, GET /api/staff answers `members()`. */
function open(role: StaffRole, members: () => StaffMember[], answer: (call: ApiCall) => Response | Promise<Response>) {
  $session.set({ status: 'signed-in', user: { id: ME.id, username: ME.username, role } });
  const calls = serveApi((call) => (call.method === 'GET' ? json(members()) : answer(call)));
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <StaffAccounts headingId="staff" />
      <Toaster placement="bottom" />
    </>,
  );
  const row = (username: string) =>
    within(screen.getAllByTestId('staff-row').find((each) => each.textContent?.includes(username))!);
  return { calls, user, row, writes: () => calls.filter((call) => call.method !== 'GET') };
}

test('a principal adds a member, staff by default: pending, then the toast, an emptied form and the list again', async () => {
  let members = [{ ...ME }];
  const held = heldAnswer(() => {
    members = [{ ...ME }, SAM];
    return json({ id: SAM.id, username: SAM.username, role: SAM.role }, 201);
  });
  const { user, row, writes } = open('principal', () => members, held.response);
  await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
  // Nothing to do to your own account.
  expect(row('alex').queryByRole('combobox')).toBeNull();
  expect(row('alex').queryByRole('button')).toBeNull();

  const form = within(screen.getByRole('form', { name: 'Add a member of staff' }));
  expect((form.getByLabelText(/^Role/) as HTMLSelectElement).value).toBe('staff');
  await user.type(form.getByLabelText(/^Username/), 'sam');
  await user.type(form.getByLabelText(/^Initial password/), 'initial-password-e2e');
  await user.click(form.getByRole('button', { name: 'Add staff member' }));
  const button = form.getByRole('button', { name: 'Add staff member' });
  expect(button).toHaveProperty('disabled', true);
  expect(button.getAttribute('aria-busy')).toBe('true');
  held.open();

  await expectToast('Success', 'sam was added', 'default');
  expect(writes()).toEqual([
    { method: 'POST', path: '/api/staff', body: { username: 'sam', password: 'initial-password-e2e', role: 'staff' } },
  ]);
  await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(2));
  expect(row('sam').getByText('Must change password')).toBeTruthy();
  expect(row('sam').getByText('Never')).toBeTruthy();
  expect((row('sam').getByRole('combobox', { name: 'Role of sam' }) as HTMLSelectElement).value).toBe('staff');
  expect((form.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('');
  expect((form.getByLabelText(/^Initial password/) as HTMLInputElement).value).toBe('');
});

test('an account the schema refuses says why under each field and focuses the first; a taken username, from the server, the same', async () => {
  const { user, writes } = open(
    'principal',
    () => [{ ...ME }],
    () =>
      json(
        { error: 'That username is already taken', fieldErrors: { username: ['That username is already taken'] } },
        409,
      ),
  );
  await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
  const form = within(screen.getByRole('form', { name: 'Add a member of staff' }));
  const username = form.getByLabelText(/^Username/);
  const password = form.getByLabelText(/^Initial password/);
  await user.type(username, 'a b');
  await user.type(password, 'short');
  await user.click(form.getByRole('button', { name: 'Add staff member' }));
  expect(form.getByText('Use 3 to 64 letters, digits, dots, underscores or hyphens')).toBeTruthy();
  expect(form.getByText(/Initial password must be at least/)).toBeTruthy();
  expect(document.activeElement).toBe(username);
  expect(writes()).toEqual([]);

  await user.clear(username);
  await user.type(username, 'alex2');
  await user.clear(password);
  await user.type(password, 'initial-password-e2e');
  await user.click(form.getByRole('button', { name: 'Add staff member' }));
  await waitFor(() => expect(form.getByText('That username is already taken')).toBeTruthy());
  expect(form.queryByText(/Initial password must be at least/)).toBeNull();
  expect(document.activeElement).toBe(username);
  expect((username as HTMLInputElement).value).toBe('alex2');
  expect(writes()).toHaveLength(1);
});

test("a principal changes another's role, and removes them only once the dialog is confirmed", async () => {
  let members = [{ ...ME }, { ...SAM }];
  const { user, row, writes } = open(
    'principal',
    () => members,
    ({ method }) => {
      if (method === 'PATCH') {
        members = [{ ...ME }, { ...SAM, role: 'principal' }];
        return json({ ...SAM, role: 'principal' });
      }
      members = [{ ...ME }];
      return new Response(null, { status: 204 });
    },
  );
  await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(2));
  await user.selectOptions(row('sam').getByRole('combobox', { name: 'Role of sam' }), 'principal');
  await expectToast('Success', 'sam is now a principal', 'default');
  expect(writes()).toEqual([{ method: 'PATCH', path: '/api/staff/sam-id', body: { role: 'principal' } }]);

  await user.click(row('sam').getByRole('button', { name: 'Remove staff account: sam' }));
  const dialog = within(screen.getByRole('dialog'));
  expect(dialog.getByText('Remove sam?')).toBeTruthy();
  await user.click(dialog.getByRole('button', { name: 'Cancel' }));
  expect(writes()).toHaveLength(1);

  await user.click(row('sam').getByRole('button', { name: 'Remove staff account: sam' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
  await expectAnyToastSaying('sam was removed');
  expect(writes()[1]).toEqual({ method: 'DELETE', path: '/api/staff/sam-id', body: undefined });
  await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(1));
});

test('a member of staff sees the accounts and their roles without the controls to change them', async () => {
  const { row, calls } = open(
    'staff',
    () => [
      { ...ME, id: 'boss-id', username: 'boss' },
      { ...SAM, id: ME.id, username: 'alex' },
    ],
    () => json({}),
  );
  await waitFor(() => expect(screen.getAllByTestId('staff-row')).toHaveLength(2));
  expect(row('boss').getByText('Principal')).toBeTruthy();
  expect(row('alex').getByText('Staff')).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Add a member of staff' })).toBeNull();
  expect(screen.queryAllByRole('combobox')).toEqual([]);
  expect(screen.queryAllByRole('button', { name: /^Remove staff account/ })).toEqual([]);
  expect(screen.getByText(/Only a principal of the practice adds or removes staff accounts/)).toBeTruthy();
  expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /api/staff']);
});
