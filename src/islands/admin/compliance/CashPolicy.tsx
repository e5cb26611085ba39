/**
 * Settings › Cash (principals): whether the practice accepts cash. With none (the default) no
 * receipt can be recorded, and the costs disclosure and the client's matter page say the
 * practice does not accept cash; with cash accepted, they say $10,000 or more is reported.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { CASH_POLICIES, CASH_POLICY_LABELS, type CashPolicy as Policy } from '#src/content/cash.ts';
import { callApi } from '#src/lib/api.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import { Button } from '#src/ui/Button.tsx';
import { runAction } from '../kit/actions.ts';

export default function CashPolicy({ headingId }: { headingId: string }) {
  const base = useId();
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    callApi(settingsRoutes.readCash).then(
      (answer) => setPolicy(answer.cash),
      () => undefined,
    );
  }, []);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!policy) return;
    setSaving(true);
    await runAction(() => callApi(settingsRoutes.saveCash, { body: { cash: policy } }), {
      success: policy === 'accepted' ? 'The practice now accepts cash' : 'The practice now accepts no cash',
      failure: 'The cash policy was not saved',
    });
    setSaving(false);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-brand-900">
        Cash
      </h3>
      <p className="max-w-2xl text-sm text-slate-700">
        Cash of $10,000 or more must be reported to AUSTRAC within 10 business days (a threshold transaction report).
        Costs disclosures sent from now on, and every client&apos;s matter page, say what you choose here.
      </p>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Cash payments</legend>
          {CASH_POLICIES.map((option) => (
            <div key={option} className="flex items-center gap-2">
              <input
                id={`${base}-${option}`}
                type="radio"
                name="cash"
                value={option}
                checked={policy === option}
                disabled={policy === null}
                onChange={() => setPolicy(option)}
                className="size-4 accent-brand-800"
              />
              <label htmlFor={`${base}-${option}`} className="text-sm text-slate-800">
                {CASH_POLICY_LABELS[option]}
              </label>
            </div>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" pending={saving} disabled={policy === null}>
          Save cash policy
        </Button>
      </form>
    </section>
  );
}
