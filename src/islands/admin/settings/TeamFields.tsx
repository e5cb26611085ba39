/**
 * The team the site shows (and the engagement's solicitors come from): name, role, bio,
 * photo, principal, and whether they are a solicitor, with their practising certificate.
 * A member whose name is still a placeholder is hidden from the website: the fields say
 * which, until staff enter the real name.
 */
import { isPlaceholderName, PLACEHOLDER_NAME_MARK } from '#src/content/placeholders.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { GroupError } from '../kit/parts.tsx';
import type { PracticeValues } from './practice-values.ts';
import { TeamPhotoField } from './TeamPhotoField.tsx';

type Team = PracticeValues['team'];

export function TeamFields({
  team,
  onChange,
  id,
  error,
}: {
  team: Team;
  onChange: (team: Team) => void;
  id: (field: string) => string;
  error: string | undefined;
}) {
  const hidden = team.filter((member) => isPlaceholderName(member.name));
  const setMember = (index: number, patch: Partial<Team[number]>) =>
    onChange(team.map((member, i) => (i === index ? { ...member, ...patch } : member)));
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id('team')}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">Team</legend>
      {hidden.length ? (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800" data-hidden-team>
          Hidden from the website until you enter a real name (in place of “{PLACEHOLDER_NAME_MARK}”):{' '}
          {hidden.map((member) => member.role || member.name || 'a member without a name').join(', ')}.
          {hidden.length === team.length ? ' With nobody left, the website shows no team section.' : ''}
        </p>
      ) : null}
      <ul className="mt-2 space-y-4">
        {team.map((member, index) => (
          <li key={index} className="space-y-3 rounded-lg border border-slate-200 p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id={index === 0 ? id('team') : id(`team-${index}-name`)}
                name={`team-${index}-name`}
                label={`Member ${index + 1}: name`}
                required
              >
                {(control) => (
                  <input
                    {...control}
                    value={member.name}
                    onChange={(event) => setMember(index, { name: event.target.value })}
                  />
                )}
              </Field>
              <Field id={id(`team-${index}-role`)} label={`Member ${index + 1}: role`} required>
                {(control) => (
                  <input
                    {...control}
                    value={member.role}
                    onChange={(event) => setMember(index, { role: event.target.value })}
                  />
                )}
              </Field>
            </div>
            <Field id={id(`team-${index}-bio`)} label={`Member ${index + 1}: short bio`}>
              {(control) => (
                <textarea
                  {...control}
                  rows={2}
                  value={member.bio}
                  onChange={(event) => setMember(index, { bio: event.target.value })}
                />
              )}
            </Field>
            <TeamPhotoField
              label={`Member ${index + 1}: photo (optional)`}
              photo={member.photo}
              onChange={(photo) => setMember(index, { photo })}
            />
            <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={member.solicitor}
                  onChange={(event) => setMember(index, { solicitor: event.target.checked })}
                  className="size-5 accent-brand-700"
                />
                Solicitor (holds a current practising certificate)
              </label>
              {member.solicitor || member.practisingCertificate ? (
                <Field
                  id={id(`team-${index}-practisingCertificate`)}
                  label={`Member ${index + 1}: practising certificate number`}
                  hint="Letters, digits, hyphens or slashes, e.g. 12345 or P0012345. Printed in every costs disclosure."
                  required={member.solicitor}
                >
                  {(control) => (
                    <input
                      {...control}
                      autoComplete="off"
                      spellCheck={false}
                      value={member.practisingCertificate}
                      onChange={(event) => setMember(index, { practisingCertificate: event.target.value })}
                    />
                  )}
                </Field>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={member.principal}
                  onChange={(event) => setMember(index, { principal: event.target.checked })}
                  className="size-5 accent-brand-700"
                />
                Principal solicitor
              </label>
              <Button variant="outline" onClick={() => onChange(team.filter((_, i) => i !== index))}>
                Remove member {index + 1}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="mt-3"
        onClick={() =>
          onChange([
            ...team,
            { name: '', role: '', bio: '', photo: '', principal: false, solicitor: false, practisingCertificate: '' },
          ])
        }
      >
        Add team member
      </Button>
      <GroupError id={`${id('team')}-error`} message={error} />
    </fieldset>
  );
}
