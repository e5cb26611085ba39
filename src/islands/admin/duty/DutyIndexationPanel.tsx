/**
 * Settings › Transfer duty indexation (principals): every year's thresholds as the Act's
 * rule makes them from its ratio, and a form to add the next year's ratio from the Chief
 * Commissioner's notice (Duties Act 1997 ss 33AC, 33AF). Saving rebuilds the site, so /quote
 * and every figure the server works out use the new year for contracts signed in it. The
 * newest added year can be withdrawn (a ratio entered in error).
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { dutyIndexationRoutes } from '#src/shared/api/duty-indexation.ts';
import { formatAud } from '#src/content/money.ts';
import { financialYearLabel } from '#src/shared/duty-tables.ts';
import { DUTY_YEAR_PATTERN, dutyYearFormSchema, type DutyYearRow } from '#src/shared/schemas/duty-indexation.ts';
import { $session } from '#src/stores/session.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { runAction } from '../kit/actions.ts';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { formatDateTime } from '../kit/format.ts';
import { useFormErrors } from '../kit/useFormErrors.ts';
import { fieldOrderOf, useSchemaFields } from '../kit/useSchemaFields.ts';
import { useDutyIndexation } from './useDutyIndexation.ts';

/** "$18,000 / $38,000 / …": where each range but the first starts. */
const thresholds = (row: DutyYearRow) =>
  row.ranges
    .slice(1)
    .map((range) => formatAud(range.from))
    .join(' / ');
const bases = (row: DutyYearRow) =>
  row.ranges
    .slice(1)
    .map((range) => formatAud(range.base))
    .join(' / ');

export default function DutyIndexationPanel({ headingId }: { headingId: string }) {
  const session = useStore($session);
  const isPrincipal = session.status === 'signed-in' && session.user.role === 'principal';
  const { list, error, reload } = useDutyIndexation(isPrincipal);
  const { confirm, dialog } = useConfirm();
  const [withdrawing, setWithdrawing] = useState(false);
  if (!isPrincipal) return null;

  const years = list?.years ?? [];
  const newestAdded = years.find((row) => !row.shipped);
  // The year to offer: the one missing today, else the one after the newest.
  const nextYear = list?.missing ? Number(list.missing.slice(0, 4)) : (years[0]?.year ?? 0) + 1;

  async function withdraw(row: DutyYearRow) {
    const confirmed = await confirm({
      title: `Withdraw the ${row.label} indexation?`,
      body: `Quotes for contracts from ${row.label.slice(0, 4)}-07-01 go back to last year's thresholds, marked as an estimate, after the rebuild.`,
      confirmLabel: 'Withdraw',
    });
    if (!confirmed) return;
    setWithdrawing(true);
    await runAction(
      () => callApi(dutyIndexationRoutes.withdraw, { params: { year: String(row.year) } }),
      {
        success: `The ${row.label} duty indexation was withdrawn`,
        failure: `Failed to withdraw the ${row.label} indexation`,
      },
      reload,
    );
    setWithdrawing(false);
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-lg font-semibold text-brand-900">
        Transfer duty indexation
      </h3>
      <p className="max-w-3xl text-sm text-slate-700">
        The Duties Act 1997 indexes the transfer duty thresholds every 1 July by one ratio (s 33AC), which the Chief
        Commissioner publishes before the year starts (s 33AF). Enter each year&apos;s ratio here: the thresholds, base
        amounts and premium follow from it, and the quote, new enquiries&apos; quotes and engagements use them for
        contracts signed in that year.
      </p>
      {list?.missing ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Add the {list.missing} duty indexation: until then the duty is estimated on last year&apos;s thresholds.
        </p>
      ) : null}
      {error && !list ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          We couldn&apos;t load the duty years: {error}
        </p>
      ) : null}
      {years.length > 0 ? (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it (WCAG 2.1.1)
        <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label="Duty years">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Year
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Ratio
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Ranges start over (base amounts)
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Premium over
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Source
                </th>
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {years.map((row) => (
                <tr key={row.year} data-testid="duty-year-row" className="border-b border-slate-200 align-top">
                  <td className="py-2 pr-4 font-medium text-slate-900">{row.label}</td>
                  <td className="py-2 pr-4 tabular-nums text-slate-700">{row.ratio}</td>
                  <td className="py-2 pr-4 tabular-nums text-slate-700">
                    {thresholds(row)}
                    <span className="block text-slate-600">({bases(row)})</span>
                  </td>
                  <td className="py-2 pr-4 tabular-nums text-slate-700">
                    {formatAud(row.premium.from)} ({formatAud(row.premium.base)})
                  </td>
                  <td className="py-2 pr-4 text-slate-700">
                    {row.source}
                    <span className="block text-slate-600">
                      {row.shipped
                        ? 'Shipped with the site'
                        : `Added by ${row.addedBy} on ${formatDateTime(row.addedAt)}`}
                    </span>
                  </td>
                  <td className="py-2 text-right">
                    {row === newestAdded ? (
                      <Button variant="outline" pending={withdrawing} onClick={() => void withdraw(row)}>
                        Withdraw<span className="sr-only"> the {row.label} indexation</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {list ? <AddDutyYearForm key={nextYear} year={nextYear} onSaved={reload} /> : null}
      {dialog}
    </section>
  );
}

function AddDutyYearForm({ year: initialYear, onSaved }: { year: number; onSaved: () => Promise<void> }) {
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const { values, text, set } = useSchemaFields(dutyYearFormSchema, {
    year: String(initialYear),
    ratio: '',
    source: '',
  });
  const { errors, showFieldErrors, validate } = useFormErrors(fieldOrderOf(dutyYearFormSchema), id);
  const [pending, setPending] = useState(false);
  const year = DUTY_YEAR_PATTERN.test(values.year) ? Number(values.year) : null;

  async function submit() {
    if (pending || !validate(dutyYearFormSchema, values)) return;
    const { year: path, ...body } = values;
    setPending(true);
    const label = financialYearLabel(Number(path));
    const saved = await runAction(
      () =>
        callApi(dutyIndexationRoutes.save, { params: { year: path }, body }).catch((error: unknown) => {
          if (error instanceof ApiError) showFieldErrors(error.fieldErrors ?? { year: [error.message] });
          throw error;
        }),
      {
        success: `The ${label} duty indexation was saved; the public site is being rebuilt`,
        failure: `Failed to save the ${label} duty indexation`,
      },
      onSaved,
    );
    if (saved) {
      set('ratio', '');
      set('source', '');
    }
    setPending(false);
  }

  return (
    <form
      noValidate
      aria-label="Add a year's duty indexation"
      className="grid max-w-3xl gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3"
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h4 className="text-base font-semibold text-brand-900 sm:col-span-3">Add a year&apos;s indexation</h4>
      <Field
        id={id('year')}
        name="year"
        label="Year starting 1 July"
        hint={year ? `${financialYearLabel(year)}` : 'e.g. 2026 for 2026-27'}
        error={errors.year?.[0]}
        required
      >
        {(props) => <input {...props} inputMode="numeric" autoComplete="off" {...text('year')} />}
      </Field>
      <Field
        id={id('ratio')}
        name="ratio"
        label="Ratio (A/B)"
        hint="To 3 decimal places, as in the notice"
        error={errors.ratio?.[0]}
        required
      >
        {(props) => <input {...props} inputMode="decimal" autoComplete="off" placeholder="1.260" {...text('ratio')} />}
      </Field>
      <Field
        id={id('source')}
        name="source"
        label="Source"
        hint="The s 33AF notice or page"
        error={errors.source?.[0]}
        required
      >
        {(props) => <input {...props} autoComplete="off" {...text('source')} />}
      </Field>
      <div className="sm:col-span-3">
        <Button type="submit" pending={pending}>
          Save indexation
        </Button>
      </div>
    </form>
  );
}
