/**
 * The staff login island (src/islands/LoginForm.tsx): the fields it asks for, Authenticating...
 * while pending, and each failure's alert and toast, with the server's own words where it gave
 * some. GET /api/user (the session lookup on mount) and POST /api/login are answered at `fetch`.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import LoginForm from '#src/islands/LoginForm.tsx';
import Toaster from '#src/ui/Toaster.tsx';
import { expectToast } from './kit/toast.ts';
import { heldAnswer, json, serveApi, type ApiCall } from './kit/fetch.ts';

function open(login: (call: ApiCall) => Response | Promise<Response>) {
  const calls = serveApi((call) => (call.path === '/api/user' ? json({ error: 'Not signed in' }, 401) : login(call)));
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <LoginForm />
      <Toaster placement="bottom" />
    </>,
  );
  return { user, calls };
}

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'someone');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'whatever');
  await user.click(screen.getByRole('button', { name: 'Secure Login' }));
}

const authAlert = () =>
  screen.getAllByRole('alert').find((alert) => alert.textContent?.includes('Authentication Failed'));
const toastIn = (title: string, description: string) => expectToast(title, description, 'destructive');

test('asks for the username and the password, and stops asking for what was given', async () => {
  const { user, calls } = open(() => json({}, 500));
  const button = await screen.findByRole('button', { name: 'Secure Login' });
  await vi.waitFor(() => expect(button).toHaveProperty('disabled', false));
  await user.click(button);
  expect(screen.getByText('Username is required')).toBeTruthy();
  expect(screen.getByText('Password is required')).toBeTruthy();
  expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(screen.getByLabelText('Username'));

  await user.type(screen.getByLabelText('Username'), 'someone');
  await user.click(button);
  expect(screen.queryByText('Username is required')).toBeNull();
  expect(screen.getByText('Password is required')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('Password', { exact: true }));
  expect(calls.filter((call) => call.path === '/api/login')).toEqual([]);
});

test("shows 'Authenticating...' while the login is pending, then the failure", async () => {
  const held = heldAnswer(() => json({ error: 'Invalid username or password' }, 401));
  const { user, calls } = open(held.response);
  await signIn(user);
  const pending = await screen.findByRole('button', { name: 'Authenticating...' });
  expect(pending).toHaveProperty('disabled', true);
  held.open();
  const again = await screen.findByRole('button', { name: 'Secure Login' });
  expect(again).toHaveProperty('disabled', false);
  const alert = authAlert();
  expect(alert?.textContent).toContain('Invalid username or password');
  expect(alert?.textContent).toMatch(/case-sensitive/i);
  expect(alert?.textContent).toMatch(/clear(ing)? your browser cache/i);
  await toastIn('Login failed', 'Invalid username or password');
  expect(calls.find((call) => call.path === '/api/login')?.body).toEqual({ username: 'someone', password: 'whatever' });
});

test("an answer without an id is 'Invalid response from server'", async () => {
  const { user } = open(() => json({ username: 'x' }));
  await signIn(user);
  await toastIn('Login failed', 'Invalid response from server');
  expect(authAlert()?.textContent).toContain('Invalid response from server');
  expect(sessionStorage.length).toBe(0);
});

test("shows the server's own message, e.g. when the account is locked", async () => {
  const message = 'Too many failed attempts. Please wait 15 minutes and try again.';
  const { user } = open(() => json({ error: message }, 429));
  await signIn(user);
  await toastIn('Login failed', message);
  expect(authAlert()?.textContent).toContain(message);
});

test('a server that cannot be reached is named as such', async () => {
  const { user } = open(() => {
    throw new TypeError('Failed to fetch');
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await signIn(user);
  await toastIn('Login failed', 'Could not reach the server. Check your connection and try again.');
});
