/**
 * The login page's helpers inside the login island (src/islands/LoginForm.tsx): the debug
 * console (src/islands/LoginDebug.tsx), which logs the steps of a sign-in and the browser's
 * details but never the password, and is remembered in browser storage; and the cache-clearing
 * instructions (src/islands/LoginCacheHelp.tsx), shown and hidden by their button. A wrong
 * login through the real server is login-page.spec.ts's.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test } from 'vitest';
import LoginForm from '#src/islands/LoginForm.tsx';
import { json, serveApi } from './kit/fetch.ts';

afterEach(() => localStorage.clear());

function open() {
  const calls = serveApi((call) =>
    call.path === '/api/user'
      ? json({ error: 'Not signed in' }, 401)
      : json({ error: 'Invalid username or password' }, 401),
  );
  const user = userEvent.setup({ delay: null });
  render(<LoginForm />);
  return { user, calls };
}

const debugConsole = () => screen.queryByRole('region', { name: /Debug Console/ });

test('the debug console logs the steps and the browser, never the password, and is remembered', async () => {
  const { user } = open();
  const toggle = screen.getByLabelText('Enable Debug Mode') as HTMLInputElement;
  expect(toggle.checked).toBe(false);
  expect(debugConsole()).toBeNull();

  await user.click(toggle);
  const shown = within(debugConsole()!);
  expect(debugConsole()!.textContent).toContain('Debug mode enabled');
  expect(debugConsole()!.textContent).toContain('User agent:');
  expect(shown.getByRole('heading').textContent).toContain('2 entries');

  const secret = 'secret-never-logged';
  await user.type(screen.getByLabelText('Username'), 'nobody');
  await user.type(screen.getByLabelText('Password', { exact: true }), secret);
  await user.click(screen.getByRole('button', { name: 'Secure Login' }));
  await waitFor(() => expect(debugConsole()!.textContent).toMatch(/Login failed after \d+ ms/));
  expect(debugConsole()!.textContent).toContain('Login attempt started');
  expect(debugConsole()!.textContent).toContain('sending POST /api/login');
  expect(shown.getByRole('heading').textContent).toContain('5 entries');
  expect(debugConsole()!.textContent).not.toContain(secret);

  // Remembered in browser storage: on again when the page is opened again.
  cleanup();
  open();
  expect((screen.getByLabelText('Enable Debug Mode') as HTMLInputElement).checked).toBe(true);
  expect(debugConsole()).not.toBeNull();
  await userEvent.setup({ delay: null }).click(screen.getByLabelText('Enable Debug Mode'));
  expect(debugConsole()).toBeNull();
  cleanup();
  open();
  expect((screen.getByLabelText('Enable Debug Mode') as HTMLInputElement).checked).toBe(false);
});

test('offers cache-clearing instructions for Chrome/Edge, Firefox and Safari, and hides them again', async () => {
  const { user } = open();
  const button = screen.getByRole('button', { name: 'How to clear your browser cache' });
  expect(button.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('heading', { name: 'Safari' })).toBeNull();
  await user.click(button);
  expect(button.getAttribute('aria-expanded')).toBe('true');
  for (const browser of ['Chrome / Edge', 'Firefox', 'Safari'])
    expect(screen.getByRole('heading', { name: browser })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Hide cache-clearing instructions' }));
  expect(screen.queryByRole('heading', { name: 'Safari' })).toBeNull();
});
