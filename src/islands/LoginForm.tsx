/**
 * The staff login island. A visitor who is already signed in is
 * sent on to /admin; a successful login goes there too, with its toast shown on arrival.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { loginSchema } from '../shared/schemas/login.ts';
import { toFieldErrors, type FieldErrors } from '../shared/schemas/fields.ts';
import { ApiError } from '../lib/api.ts';
import { passkeyFailure, passkeysSupported } from '../lib/passkeys.ts';
import { loadSession, login, loginWithPasskey } from '../stores/session.ts';
import { showToast } from '../stores/toasts.ts';
import { flashToast, showFlashedToast } from './admin/kit/flash.ts';
import { Button } from '../ui/Button.tsx';
import { Field } from '../ui/Field.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import { LoginCacheHelp } from './LoginCacheHelp.tsx';
import { LoginDebugConsole, useLoginDebug } from './LoginDebug.tsx';

const DEFAULT_FAILURE = 'Invalid username or password';

/** The message a person can act on, for any way a login can fail. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || DEFAULT_FAILURE;
  if (error instanceof TypeError) return 'Could not reach the server. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return DEFAULT_FAILURE;
}

export default function LoginForm() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [authError, setAuthError] = useState<string | null>(null);
  // The account's password was right, but it has a passkey: only that finishes the sign-in.
  const [passkeyStep, setPasskeyStep] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  // Until hydrated, submitting would be the browser's own form post: keep the button off.
  const hydrated = useHydrated();
  const debug = useLoginDebug();
  const ids = { username: useId(), password: useId(), debug: useId(), passkey: useId() };
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // Keep anything typed before the island woke up (the fields are plain HTML until then).
    const typed = (name: string) => (formRef.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
    if (typed('username')) setUsername(typed('username'));
    if (typed('password')) setPassword(typed('password'));
    showFlashedToast();
    loadSession()
      .then((user) => {
        if (user) window.location.replace('/admin');
      })
      .catch(() => {
        // The lookup failed; signing in below still works and says what went wrong.
      });
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const { log } = debug;
    log(
      'Login attempt started',
      `Username: ${username || '(empty)'}\nPassword: ${password ? 'provided (not recorded)' : '(empty)'}`,
    );

    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      setErrors(fieldErrors);
      log('Validation failed', Object.values(fieldErrors).flat().join('\n'));
      const first = fieldErrors.username ? ids.username : ids.password;
      document.getElementById(first)?.focus();
      return;
    }
    setErrors({});
    setAuthError(null);
    setPending(true);
    log('Validation passed; sending POST /api/login');
    const started = performance.now();
    try {
      const result = await login(parsed.data);
      if ('secondFactor' in result) {
        log('Password accepted; this account signs in with its passkey');
        setPasskeyStep(result.username);
        setPending(false);
        document.getElementById(ids.passkey)?.focus();
        return;
      }
      signedIn(result.signedIn.username, started);
    } catch (error) {
      const message = failureMessage(error);
      const status = error instanceof ApiError ? ` (HTTP ${error.status})` : '';
      log(`Login failed after ${Math.round(performance.now() - started)} ms${status}`, message);
      setAuthError(message);
      showToast({ title: 'Login failed', description: message, variant: 'destructive' });
      setPending(false);
    }
  }

  function signedIn(name: string, started: number) {
    debug.log(`Login succeeded in ${Math.round(performance.now() - started)} ms`, `Signed in as ${name}`);
    flashToast({ title: 'Login successful', description: `Welcome back, ${name}!` });
    debug.log('Redirecting to /admin');
    window.location.assign('/admin');
  }

  async function onPasskey() {
    if (passkeyPending) return;
    setAuthError(null);
    setPasskeyPending(true);
    debug.log('Passkey sign-in started');
    const started = performance.now();
    try {
      const user = await loginWithPasskey();
      signedIn(user.username, started);
    } catch (error) {
      const message = passkeyFailure(error, 'That passkey did not sign you in.');
      debug.log('Passkey sign-in failed', message);
      setAuthError(message);
      showToast({ title: 'Login failed', description: message, variant: 'destructive' });
      setPasskeyPending(false);
    }
  }

  return (
    <div>
      {authError && (
        <div role="alert" className="mb-5 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
          <h2 className="font-semibold">Authentication Failed</h2>
          <p className="mt-1">{authError}</p>
          <ul className="mt-2 ml-5 list-disc space-y-0.5">
            <li>Usernames are case-sensitive: check the capitals.</li>
            <li>Check your password, and that Caps Lock is off.</li>
            <li>Still failing? Try clearing your browser cache (instructions below).</li>
          </ul>
        </div>
      )}

      {/* method="post": should a submit ever slip past the island, no password lands in a URL. */}
      <form ref={formRef} method="post" noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <Field id={ids.username} name="username" label="Username" error={errors.username?.[0]}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          )}
        </Field>
        <Field id={ids.password} name="password" label="Password" error={errors.password?.[0]}>
          {(props) => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" pending={pending} disabled={!hydrated} className="w-full">
          {pending ? 'Authenticating...' : 'Secure Login'}
        </Button>
      </form>

      {passkeyStep && (
        <p role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          The account {passkeyStep} signs in with a passkey: its password alone is not enough. Use your passkey to
          finish signing in.
        </p>
      )}
      <Button
        id={ids.passkey}
        type="button"
        variant="outline"
        pending={passkeyPending}
        disabled={!hydrated || (hydrated && !passkeysSupported())}
        onClick={() => void onPasskey()}
        className="mt-4 w-full"
      >
        Sign in with a passkey
      </Button>

      <div className="mt-5 flex items-center gap-2">
        <input
          id={ids.debug}
          type="checkbox"
          checked={debug.enabled}
          disabled={!hydrated}
          onChange={(event) => debug.setDebug(event.target.checked)}
          className="size-4 rounded border-slate-400 accent-brand-800"
        />
        <label htmlFor={ids.debug} className="text-sm text-slate-800">
          Enable Debug Mode
        </label>
      </div>

      <LoginCacheHelp />

      {debug.enabled && <LoginDebugConsole entries={debug.entries} onClear={debug.clear} />}
    </div>
  );
}
