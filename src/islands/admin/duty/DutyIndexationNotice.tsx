/**
 * On the desk, for principals: the transfer duty year in force today has no indexation yet,
 * so every quote, disclosure and PDF estimates the duty on last year's thresholds until a
 * principal adds it (Settings › Transfer duty indexation).
 */
import { useStore } from '@nanostores/react';
import { $session } from '#src/stores/session.ts';
import { useDutyIndexation } from './useDutyIndexation.ts';

export function DutyIndexationNotice() {
  const session = useStore($session);
  const isPrincipal = session.status === 'signed-in' && session.user.role === 'principal';
  const { list } = useDutyIndexation(isPrincipal);
  if (!isPrincipal || !list?.missing) return null;
  return (
    <p
      role="status"
      data-testid="duty-indexation-missing"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <strong>Add the {list.missing} duty indexation</strong> (Settings › Transfer duty indexation). Until then the
      quote, the costs disclosure and its PDF estimate transfer duty on last year&apos;s thresholds.
    </p>
  );
}
