/**
 * One account's passkeys: their names, when each was added and last used, and a way to
 * remove each. Own passkeys (`account` absent) or, for a principal, another account's.
 */
import { callApi } from '#src/lib/api.ts';
import { passkeysRoutes } from '#src/shared/api/passkeys.ts';
import type { PasskeySummary } from '#src/shared/schemas/passkeys.ts';
import { runAction } from '../kit/actions.ts';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { formatDateTime } from '../kit/format.ts';
import { DeleteButton, ListStatus } from '../kit/parts.tsx';
import { useState } from 'react';

export function PasskeyList({
  items,
  loading,
  error,
  reload,
  owner,
}: {
  items: PasskeySummary[];
  loading: boolean;
  error: string | null;
  reload: () => unknown;
  /** Whose they are, for the labels: "your" or an account's username. */
  owner: string | null;
}) {
  const { confirm, dialog } = useConfirm();
  const [removing, setRemoving] = useState<string | null>(null);

  async function remove(passkey: PasskeySummary) {
    const confirmed = await confirm({
      title: `Remove the passkey ${passkey.name}?`,
      body: owner
        ? `${owner} can no longer sign in with it, and is told by e-mail at their notice address.`
        : 'You can no longer sign in with it.',
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    setRemoving(passkey.id);
    await runAction(
      () => callApi(passkeysRoutes.remove, { params: { id: passkey.id } }),
      { success: `The passkey ${passkey.name} was removed`, failure: `Failed to remove the passkey ${passkey.name}` },
      reload,
    );
    setRemoving(null);
  }

  return (
    <div className="space-y-2">
      <ListStatus
        loading={loading}
        error={error}
        isEmpty={items.length === 0}
        empty={owner ? `${owner} has no passkey.` : 'You have no passkey yet.'}
        what="passkeys"
        onRetry={() => void reload()}
      />
      {items.length > 0 ? (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-300"
          aria-label={owner ? `Passkeys of ${owner}` : 'Your passkeys'}
        >
          {items.map((passkey) => (
            <li
              key={passkey.id}
              data-testid="passkey-row"
              className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm"
            >
              <span className="font-medium text-slate-900">{passkey.name}</span>
              <span className="text-slate-700">Added {formatDateTime(passkey.createdAt)}</span>
              <span className="text-slate-700">
                {passkey.lastUsedAt ? `Last used ${formatDateTime(passkey.lastUsedAt)}` : 'Not used yet'}
              </span>
              <span className="ml-auto">
                <DeleteButton
                  label={`Remove passkey: ${passkey.name}`}
                  pending={removing === passkey.id}
                  onClick={() => void remove(passkey)}
                />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {dialog}
    </div>
  );
}
