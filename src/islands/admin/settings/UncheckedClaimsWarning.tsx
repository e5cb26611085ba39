/**
 * For principals, on the desk: the public claims (and the rating) the site still shows as
 * the brief gave them, never confirmed by anyone. A practice's site must not mislead
 * (Australian Consumer Law ss 18 and 29), so each is named until someone confirms or
 * changes it in Settings.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import { claimLabel, uncheckedClaims } from '#src/shared/schemas/settings.ts';
import { $session } from '#src/stores/session.ts';

export const UNCHECKED_CLAIMS_TITLE = 'Public claims nobody has confirmed';

/**
 * Counts the saves and confirmations made in Settings: the desk's tab stays mounted, so the
 * warning reads the claims again when this changes rather than waiting for a reload.
 */
export const $claimsChanged = atom(0);
export const claimsChanged = (): void => $claimsChanged.set($claimsChanged.get() + 1);

export function UncheckedClaimsWarning() {
  const session = useStore($session);
  const isPrincipal = session.status === 'signed-in' && session.user.role === 'principal';
  const [unchecked, setUnchecked] = useState<string[]>([]);
  const changes = useStore($claimsChanged);
  useEffect(() => {
    if (!isPrincipal) return;
    callApi(settingsRoutes.read).then(
      (settings) => setUnchecked(uncheckedClaims(settings.claims).map(claimLabel)),
      // Without the settings there is nothing to name; the Settings tab shows its own error.
      () => setUnchecked([]),
    );
  }, [isPrincipal, changes]);
  if (!isPrincipal || unchecked.length === 0) return null;
  return (
    <section
      aria-labelledby="unchecked-claims-title"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3 id="unchecked-claims-title" className="font-semibold">
        {UNCHECKED_CLAIMS_TITLE}
      </h3>
      <p className="mt-1">
        The website shows these figures as they were shipped, and nobody has confirmed they are true. Confirm or change
        each one in Settings, under Public claims:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {unchecked.map((label) => (
          <li key={label}>{label}</li>
        ))}
      </ul>
    </section>
  );
}
