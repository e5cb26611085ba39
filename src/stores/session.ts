/**
 * The signed-in staff member: unknown while loading, then signed in or out.
 * A 401 from `GET /api/user` means signed out. Once known, the session is kept for the
 * life of the page: no refetch, no polling, no retries.
 */
import { atom } from 'nanostores';
import { ApiError, callApi, setUnauthorizedHandler } from '../lib/api.ts';
import { API } from '../shared/api/index.ts';
import { passkeyAssertion } from '../lib/passkeys.ts';
import type { SessionUser } from '../shared/schemas/login.ts';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out' }
  /** The lookup itself failed (server or network trouble): not the same as signed out. */
  | { status: 'error'; message: string };

export const $session = atom<SessionState>({ status: 'loading' });

let lookup: Promise<SessionUser | null> | undefined;

/** Asks the server who is signed in, once per page; later calls share the first answer. */
export function loadSession(): Promise<SessionUser | null> {
  lookup ??= callApi(API.user.current).then(
    (user) => {
      $session.set({ status: 'signed-in', user });
      return user;
    },
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        $session.set({ status: 'signed-out' });
        return null;
      }
      // Let a later, explicit "Try again" ask again.
      lookup = undefined;
      $session.set({
        status: 'error',
        message: error instanceof Error ? error.message : 'Could not check your session',
      });
      throw error;
    },
  );
  return lookup;
}

/** What a sign-in answers: the session's account, or that the account's passkey must finish it. */
export type SignInResult = { signedIn: SessionUser } | { secondFactor: 'passkey'; username: string };

function signedInAs(user: Partial<SessionUser> | undefined, fallbackName: string): SessionUser {
  if (!user || typeof user !== 'object' || !user.id) throw new Error('Invalid response from server');
  const signedIn: SessionUser = {
    id: String(user.id),
    username: String(user.username ?? fallbackName),
    // Anything but a principal's answer shows the lesser view; the server decides anyway.
    role: user.role === 'principal' ? 'principal' : 'staff',
    ...(user.mustChangePassword === true && { mustChangePassword: true }),
    ...(user.passkeyRequired === true && { passkeyRequired: true }),
  };
  lookup = Promise.resolve(signedIn);
  $session.set({ status: 'signed-in', user: signedIn });
  return signedIn;
}

/**
 * Signs in with a password; the answer must carry an id, else 'Invalid response from server'.
 * An account with a passkey answers `secondFactor` instead, and no session: its passkey finishes.
 */
export async function login(credentials: { username: string; password: string }): Promise<SignInResult> {
  // Still checked as if unknown: a proxy or a stale deploy may answer something else.
  const user: (Partial<SessionUser> & { secondFactor?: unknown }) | undefined = await callApi(API.login.password, {
    body: credentials,
  });
  if (user && user.id && user.secondFactor === 'passkey') {
    return { secondFactor: 'passkey', username: String(user.username ?? credentials.username) };
  }
  return { signedIn: signedInAs(user, credentials.username) };
}

/** Signs in with a passkey (no username, no password). */
export async function loginWithPasskey(): Promise<SessionUser> {
  return signedInAs((await passkeyAssertion()) as Partial<SessionUser> | undefined, '');
}

/** Signs out on the server first; the local session is cleared only when that worked. */
export async function logout(): Promise<void> {
  await callApi(API.user.logout);
  lookup = Promise.resolve(null);
  $session.set({ status: 'signed-out' });
}

// Signed out elsewhere (removed, or a password changed in another browser): any staff
// call answering 401 ends the session here too, and the portal goes to the sign-in page.
setUnauthorizedHandler((path) => {
  if (path.startsWith('/api/login') || $session.get().status !== 'signed-in') return;
  lookup = Promise.resolve(null);
  $session.set({ status: 'signed-out' });
});

/** After `PUT /api/user/password`: the server sent a fresh session; the forced change is done. */
export function passwordChanged(user: SessionUser): void {
  const signedIn: SessionUser = {
    id: user.id,
    username: user.username,
    role: user.role,
    ...(user.passkeyRequired && { passkeyRequired: true }),
  };
  lookup = Promise.resolve(signedIn);
  $session.set({ status: 'signed-in', user: signedIn });
}

/** After adding a passkey in a session that waited for one: the server sent a full session. */
export function passkeyAdded(): void {
  const state = $session.get();
  if (state.status !== 'signed-in' || !state.user.passkeyRequired) return;
  const { passkeyRequired: _done, ...user } = state.user;
  lookup = Promise.resolve(user);
  $session.set({ status: 'signed-in', user });
}
