/**
 * Staff passkeys: GET/POST /api/passkeys, POST /api/passkeys/options, DELETE /api/passkeys/:id
 * (docs/decisions/045-staff-passkeys.md). Each account sees and adds its own; a principal
 * may also list and remove another account's (a lost device), which tells that account at
 * its own notice address. The first three work in a session that waits for a required passkey
 * (`passkey-pending`). Declared in src/shared/api/passkeys.ts.
 */
import type { Config } from '@netlify/functions';
import { passkeysRoutes } from '#src/shared/api/passkeys.ts';
import { DEFAULT_PASSKEY_NAME } from '#src/shared/schemas/passkeys.ts';
import { PRINCIPAL_ONLY, startSession } from './_shared/http/auth.ts';
import { HttpError, handle, type RouteContext } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { clearChallengeCookie, registrationOptions, verifiedRegistration } from './_shared/http/webauthn.ts';
import { deliverClientMail, queueClientMail } from './_shared/mail/client-mail.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import {
  addPasskey,
  listPasskeys,
  MAX_PASSKEYS_PER_ACCOUNT,
  ownerOfPasskey,
  removePasskey,
} from './_shared/repositories/passkeys-store.ts';
import { deleteSession } from './_shared/repositories/sessions-store.ts';
import { listUsers, type StaffUser } from './_shared/repositories/users-store.ts';

export const NOT_VERIFIED = 'That passkey could not be checked. Please try adding it again.';
const NO_SUCH_PASSKEY = 'There is no such passkey';

/** Tells an account, at its own notice address, that a principal removed one of its passkeys. */
async function tellHolder(holder: StaffUser, passkeyId: string, context: RouteContext): Promise<void> {
  if (!holder.email) {
    console.info(`[passkeys] a passkey of account ${holder.id} was removed; it has no notice address to tell`);
    return;
  }
  const id = `passkey-removed-${passkeyId}`;
  const queued = await queueClientMail({
    id,
    to: holder.email,
    subject: 'A passkey was removed from your staff account',
    text: [
      `A principal of the practice removed one of the passkeys of your staff account (${holder.username}).`,
      'It can no longer be used to sign in. If you did not ask for this, speak to a principal at once.',
    ].join('\n\n'),
  });
  if (queued) context.waitUntil(deliverClientMail(id));
}

export const config: Config = { path: ['/api/passkeys', '/api/passkeys/options', '/api/passkeys/:id'] };

export default handle(
  config,
  declared(passkeysRoutes, {
    // The caller's own; `?account={id}`: that account's, for a principal.
    list: async ({ query: { account }, user }) => {
      if (account && account !== user.id) {
        if (user.passkeyRequired || user.role !== 'principal') throw new HttpError(403, PRINCIPAL_ONLY);
        return listPasskeys(account);
      }
      return listPasskeys(user.id);
    },
    options: async ({ req, session, headers }) => {
      const { options: creation, cookie } = await registrationOptions(req, session.account);
      headers.set('Set-Cookie', cookie);
      return creation;
    },
    /**
     * Adds the passkey the registration response proves. In a session that waited for a
     * required passkey, that session ends and this browser gets a full one in its place.
     */
    add: async ({ req, body: { name, response }, session, headers }) => {
      const credential = await verifiedRegistration(req, session.account, response);
      // The challenge is spent either way: the browser may forget it.
      const cleared = { 'Set-Cookie': clearChallengeCookie(req, 'register') };
      if (!credential) throw new HttpError(400, NOT_VERIFIED, { headers: cleared });
      const outcome = await addPasskey(session.account.id, { ...credential, name: name || DEFAULT_PASSKEY_NAME });
      if (!outcome.ok) {
        throw new HttpError(
          409,
          outcome.reason === 'duplicate'
            ? 'That passkey is already on your account'
            : `An account can hold at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys: remove one first`,
          { headers: cleared },
        );
      }
      await recordAudit({ by: session.user, action: 'passkey.add', target: session.user.id });
      const { id, name: stored, createdAt } = outcome.passkey;
      headers.append('Set-Cookie', cleared['Set-Cookie']);
      if (session.user.passkeyRequired) {
        await deleteSession(session.jti);
        headers.append('Set-Cookie', await startSession(req, session.account));
      }
      return { id, name: stored, createdAt };
    },
    remove: async ({ params: { id: passkeyId }, user, context }) => {
      const owner = await ownerOfPasskey(passkeyId);
      // Another account's passkey is a principal's to remove; to anyone else it does not exist.
      if (!owner || (owner !== user.id && user.role !== 'principal')) throw new HttpError(404, NO_SUCH_PASSKEY);
      if (!(await removePasskey(owner, passkeyId))) throw new HttpError(404, NO_SUCH_PASSKEY);
      await recordAudit({
        by: user,
        action: owner === user.id ? 'passkey.remove' : 'passkey.remove.other',
        target: owner,
      });
      if (owner !== user.id) {
        const holder = (await listUsers()).find((account) => account.id === owner);
        if (holder) {
          await tellHolder(holder, passkeyId, context).catch((error: unknown) =>
            console.error('[passkeys] could not queue the removal notice:', error),
          );
        }
      }
      return undefined;
    },
  }),
);
