/** The payout's next step in words for the person reading it: "waiting for another person" when it is not theirs to take. */
import type { PayoutNextStep } from '#src/shared/schemas/payout.ts';
import type { SessionUser } from '#src/shared/schemas/login.ts';

export const mayTake = (next: PayoutNextStep, me: Pick<SessionUser, 'id' | 'role'> | null): boolean =>
  me !== null &&
  (next.step === 'call-back' ||
    (next.step === 'approve' && !next.notBy?.includes(me.id) && (!next.principalOnly || me.role === 'principal')));

export function nextStepFor(next: PayoutNextStep, me: Pick<SessionUser, 'id' | 'role'> | null): string {
  if (next.step === 'approve' && !mayTake(next, me)) return `Waiting for another person: ${next.label}`;
  return next.label;
}
