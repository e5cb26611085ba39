/**
 * The audit log's sentences for signing in: passkeys added and removed, and the practice's
 * rule for them (decision 045). Spread into AUDIT_ACTIONS (audit-sentences.ts).
 */
import type { Describe } from './audit-sentences.ts';

export const SIGN_IN_ACTIONS: Record<string, { family: string; label: string; describe: Describe }> = {
  'settings.sign-in.required': {
    family: 'settings',
    label: 'Required passkeys',
    describe: () => ({ text: 'Required every account to sign in with a passkey' }),
  },
  'settings.sign-in.optional': {
    family: 'settings',
    label: 'Made passkeys optional',
    describe: () => ({ text: 'Made passkeys optional for signing in' }),
  },
  'passkey.add': {
    family: 'passkey',
    label: 'Added a passkey',
    describe: () => ({ text: 'Added a passkey to their own account' }),
  },
  'passkey.remove': {
    family: 'passkey',
    label: 'Removed their own passkey',
    describe: () => ({ text: 'Removed a passkey of their own account' }),
  },
  'passkey.remove.other': {
    family: 'passkey',
    label: "Removed another account's passkey",
    describe: (target, _entry, names) => ({
      text: names.has(target)
        ? `Removed a passkey of ${names.get(target)}`
        : 'Removed a passkey of an account since removed',
    }),
  },
};
