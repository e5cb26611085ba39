/**
 * Changing one's own password (src/islands/admin/staff/ChangePasswordForm.tsx): the fields it
 * needs and the two new passwords agreeing, checked before anything is sent; the pending
 * button; on success the toast, emptied fields and the session told; on a refusal the
 * server's words and its field errors, with focus on the first. PUT /api/user/password is
 * answered at `fetch`.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import ChangePasswordForm from '#src/islands/admin/staff/ChangePasswordForm.tsx';
import { $session } from '#src/stores/session.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { heldAnswer, json, serveApi, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const NEW = 'a long new passphrase';

function open(answer: (call: ApiCall) => Response | Promise<Response>) {
  const calls = serveApi(answer);
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <ChangePasswordForm />
      <Toaster placement="bottom" />
    </>,
  );
  const form = within(screen.getByRole('form', { name: 'Change your password' }));
  const field = (label: string) => form.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
  return { calls, user, form, field };
}

test('checks the fields and that the two new passwords agree before sending anything', async () => {
  const { calls, user, form, field } = open(() => json({}));
  await user.click(form.getByRole('button', { name: 'Change password' }));
  expect(form.getByText('Current password is required')).toBeTruthy();
  expect(document.activeElement).toBe(field('Current password'));
  await user.type(field('Current password'), 'the old one');
  await user.type(field('New password'), 'short');
  await user.type(field('Repeat the new password'), 'shorter');
  await user.click(form.getByRole('button', { name: 'Change password' }));
  expect(form.getByText('New password must be at least 12 characters')).toBeTruthy();
  expect(form.getByText('The two new passwords differ')).toBeTruthy();
  expect(document.activeElement).toBe(field('New password'));
  expect(calls).toEqual([]);
});

test('pending, then the toast, emptied fields and the session told of the new password', async () => {
  const held = heldAnswer(() => json({ id: 'u1', username: 'alex', role: 'staff' }));
  const { calls, user, form, field } = open(held.response);
  await user.type(field('Current password'), 'the old one');
  await user.type(field('New password'), NEW);
  await user.type(field('Repeat the new password'), NEW);
  await user.click(form.getByRole('button', { name: 'Change password' }));
  const button = form.getByRole('button', { name: 'Change password' });
  expect(button).toHaveProperty('disabled', true);
  expect(button.getAttribute('aria-busy')).toBe('true');
  held.open();
  await expectToast('Success', 'Your password was changed. Other devices are signed out.', 'default');
  expect(calls).toEqual([
    { method: 'PUT', path: '/api/user/password', body: { currentPassword: 'the old one', newPassword: NEW } },
  ]);
  expect([
    field('Current password').value,
    field('New password').value,
    field('Repeat the new password').value,
  ]).toEqual(['', '', '']);
  expect($session.get()).toMatchObject({ status: 'signed-in', user: { id: 'u1', username: 'alex', role: 'staff' } });
  expect(button).toHaveProperty('disabled', false);
});

test("a refusal shows the server's words and its field errors, and keeps what was typed", async () => {
  const { user, form, field } = open(() =>
    json(
      { error: 'The current password is not right', fieldErrors: { currentPassword: ['Not your current password'] } },
      400,
    ),
  );
  await user.type(field('Current password'), 'a wrong one');
  await user.type(field('New password'), NEW);
  await user.type(field('Repeat the new password'), NEW);
  await user.click(form.getByRole('button', { name: 'Change password' }));
  expect((await form.findByRole('alert')).textContent).toBe('The current password is not right');
  expect(form.getByText('Not your current password')).toBeTruthy();
  expect(document.activeElement).toBe(field('Current password'));
  expect(field('New password').value).toBe(NEW);
});
