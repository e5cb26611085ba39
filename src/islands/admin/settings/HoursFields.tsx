/** The opening hours, day by day: open or closed, and from when to when. */
import { CONTROL_CLASS } from '../../../ui/Field.tsx';
import { GroupError } from '../kit/parts.tsx';
import type { PracticeValues } from './practice-values.ts';

type Hours = PracticeValues['hours'];

export function HoursFields({
  hours,
  onChange,
  id,
  error,
}: {
  hours: Hours;
  onChange: (hours: Hours) => void;
  id: (field: string) => string;
  error: string | undefined;
}) {
  const setHour = (index: number, patch: Partial<Hours[number]>) =>
    onChange(hours.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset aria-describedby={error ? `${id('hours')}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">Opening hours</legend>
      <div className="mt-2 space-y-2">
        {hours.map((row, index) => (
          <div key={row.day} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <label className="flex w-32 items-center gap-2 text-sm text-slate-800">
              <input
                id={index === 0 ? id('hours') : undefined}
                type="checkbox"
                checked={row.open}
                onChange={(event) => setHour(index, { open: event.target.checked })}
                className="size-5 accent-brand-700"
              />
              {row.day}
            </label>
            <label className="sr-only" htmlFor={id(`opens-${index}`)}>{`${row.day} opens`}</label>
            <input
              id={id(`opens-${index}`)}
              type="time"
              value={row.opens}
              disabled={!row.open}
              onChange={(event) => setHour(index, { opens: event.target.value })}
              className={`${CONTROL_CLASS} w-32 border-slate-400 disabled:bg-slate-100`}
            />
            <span aria-hidden="true">–</span>
            <label className="sr-only" htmlFor={id(`closes-${index}`)}>{`${row.day} closes`}</label>
            <input
              id={id(`closes-${index}`)}
              type="time"
              value={row.closes}
              disabled={!row.open}
              onChange={(event) => setHour(index, { closes: event.target.value })}
              className={`${CONTROL_CLASS} w-32 border-slate-400 disabled:bg-slate-100`}
            />
            {row.open ? null : <span className="text-sm text-slate-700">Closed</span>}
          </div>
        ))}
      </div>
      <GroupError id={`${id('hours')}-error`} message={error} />
    </fieldset>
  );
}
