/**
 * The browser's side of staff passkeys (docs/decisions/045-staff-passkeys.md): the options
 * come from the server, @simplewebauthn/browser asks the browser's authenticator, and the
 * answer goes back as `PublicKeyCredential.toJSON()` gives it. The server decides everything.
 */
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PasskeySummary } from '../shared/schemas/passkeys.ts';
import { loginRoutes } from '../shared/api/login.ts';
import { passkeysRoutes } from '../shared/api/passkeys.ts';
import { callApi } from './api.ts';

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** A sentence for a ceremony the browser or the person ended (cancelled, timed out, no authenticator). */
export function passkeyFailure(error: unknown, fallback: string): string {
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === 'NotAllowedError')) {
    return 'The passkey request was cancelled or timed out. Please try again.';
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/** Makes a passkey for the signed-in account and adds it; answers what the server stored. */
export async function addPasskey(name: string): Promise<Pick<PasskeySummary, 'id' | 'name' | 'createdAt'>> {
  const optionsJSON = await callApi(passkeysRoutes.options, { body: {} });
  const response = await startRegistration({ optionsJSON });
  // Its extension results as a plain record, as the body's schema reads them.
  const body = {
    ...(name.trim() && { name: name.trim() }),
    response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } },
  };
  return callApi(passkeysRoutes.add, { body });
}

/** Signs in with a passkey of this site: answers the account, as a password sign-in does. */
export async function passkeyAssertion(): Promise<unknown> {
  const optionsJSON = await callApi(loginRoutes.passkeyOptions, { body: {} });
  const response = await startAuthentication({ optionsJSON });
  // Its extension results as a plain record, as the body's schema reads them.
  const body = { response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } } };
  return callApi(loginRoutes.passkey, { body });
}
