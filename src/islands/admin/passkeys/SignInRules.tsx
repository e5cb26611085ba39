/**
 * Settings › Sign-in (principals): whether the practice requires passkeys, and another
 * account's passkeys, to remove a lost one (that account is told at its notice address).
 * The server decides: only a principal who has a passkey may require them.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { callApi } from '#src/lib/api.ts';
import { passkeysRoutes } from '#src/shared/api/passkeys.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import { staffRoutes } from '#src/shared/api/staff.ts';
import { PASSKEY_RULES, type PasskeyRule } from '#src/shared/schemas/passkeys.ts';
import type { StaffMember } from '#src/shared/schemas/staff.ts';
import { Button } from '#src/ui/Button.tsx';
import { CONTROL_CLASS } from '#src/ui/Field.tsx';
import { runAction } from '../kit/actions.ts';
import { useList } from '../kit/useList.ts';
import { PasskeyList } from './PasskeyList.tsx';

const RULE_LABELS: Record<PasskeyRule, string> = {
  optional: 'Optional: each member of staff may add a passkey',
  required: 'Required: an account without a passkey can only add one before anything else',
};

function AccountPasskeys({ member }: { member: StaffMember }) {
  const list = useCallback(() => callApi(passkeysRoutes.list, { query: { account: member.id } }), [member.id]);
  const { items, loading, error, reload } = useList(list);
  return <PasskeyList items={items} loading={loading} error={error} reload={reload} owner={member.username} />;
}

const listStaff = () => callApi(staffRoutes.list);

export default function SignInRules({ headingId, myId }: { headingId: string; myId: string }) {
  const base = useId();
  const [rule, setRule] = useState<PasskeyRule | null>(null);
  const [saving, setSaving] = useState(false);
  const staff = useList(listStaff);
  const [chosen, setChosen] = useState('');
  const others = staff.items.filter((member) => member.id !== myId);
  const member = others.find((entry) => entry.id === chosen) ?? null;

  useEffect(() => {
    callApi(settingsRoutes.readSignIn).then(
      (answer) => setRule(answer.passkeys),
      () => undefined,
    );
  }, []);

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rule) return;
    setSaving(true);
    await runAction(() => callApi(settingsRoutes.saveSignIn, { body: { passkeys: rule } }), {
      success: rule === 'required' ? 'Passkeys are now required to sign in' : 'Passkeys are now optional',
      failure: 'The sign-in rule was not saved (to require passkeys, first add one to your own account)',
    });
    setSaving(false);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h3 id={headingId} className="text-lg font-semibold text-brand-900">
        Sign-in
      </h3>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Passkeys for staff</legend>
          {PASSKEY_RULES.map((option) => (
            <div key={option} className="flex items-center gap-2">
              <input
                id={`${base}-${option}`}
                type="radio"
                name="passkeys"
                value={option}
                checked={rule === option}
                disabled={rule === null}
                onChange={() => setRule(option)}
                className="size-4 accent-brand-800"
              />
              <label htmlFor={`${base}-${option}`} className="text-sm text-slate-800">
                {RULE_LABELS[option]}
              </label>
            </div>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" pending={saving} disabled={rule === null}>
          Save sign-in rule
        </Button>
      </form>
      <div className="space-y-3">
        <h4 className="font-semibold text-brand-900">Another account&apos;s passkeys</h4>
        <p className="max-w-2xl text-sm text-slate-700">
          When a member of staff loses a device, remove its passkey here; they are told at their notice address. If the
          last principal loses every passkey, <code>npm run staff:add -- NAME --remove-passkeys</code> removes them from
          the server.
        </p>
        <label htmlFor={`${base}-account`} className="block text-sm font-medium text-slate-900">
          Account
        </label>
        <select
          id={`${base}-account`}
          className={`${CONTROL_CLASS} border-slate-400`}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose an account</option>
          {others.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.username}
            </option>
          ))}
        </select>
        {member ? <AccountPasskeys key={member.id} member={member} /> : null}
      </div>
    </section>
  );
}
