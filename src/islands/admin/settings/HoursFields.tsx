/**
 * The opening hours as a week: one row a day, open or closed, and its hours from and to. A closed
 * day shows "Closed" where its times would be, and Monday's hours copy to the other weekdays
 * in one click (most practices keep the same hours all week).
 */
import { Button } from '#src/ui/Button.tsx';
import { CONTROL_CLASS } from '#src/ui/Field.tsx';
import { GroupError } from '../kit/parts.tsx';
import type { PracticeValues } from './practice-values.ts';

type Hours = PracticeValues['hours'];

const TIME_CLASS = `${CONTROL_CLASS} w-32 border-slate-400`;

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
  const monday = hours[0];
  const copyMonday = () =>
    monday &&
    onChange(
      hours.map((row, index) =>
        index >= 1 && index <= 4 ? { ...row, open: monday.open, opens: monday.opens, closes: monday.closes } : row,
      ),
    );
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id('hours')}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">Opening hours</legend>
      <table className="mt-2 w-full max-w-xl text-left text-sm" data-testid="hours-week">
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-2 font-semibold">
              Day
            </th>
            <th scope="col" className="px-2 py-1 font-semibold">
              Open
            </th>
            <th scope="col" className="py-1 pl-2 font-semibold">
              Hours
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {hours.map((row, index) => (
            <tr key={row.day}>
              <th scope="row" className="py-1.5 pr-2 font-medium text-slate-900">
                <span aria-hidden="true" className="sm:hidden">
                  {row.day.slice(0, 3)}
                </span>
                <span className="max-sm:sr-only">{row.day}</span>
              </th>
              <td className="px-2 py-1.5">
                <input
                  id={index === 0 ? id('hours') : id(`open-${index}`)}
                  type="checkbox"
                  aria-label={`${row.day}: open`}
                  checked={row.open}
                  onChange={(event) => setHour(index, { open: event.target.checked })}
                  className="size-6 accent-brand-700"
                />
              </td>
              <td className="py-1.5 pl-2">
                {row.open ? (
                  // From and to side by side, or one above the other on a phone.
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <input
                      id={id(`opens-${index}`)}
                      type="time"
                      aria-label={`${row.day} opens`}
                      value={row.opens}
                      onChange={(event) => setHour(index, { opens: event.target.value })}
                      className={TIME_CLASS}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      id={id(`closes-${index}`)}
                      type="time"
                      aria-label={`${row.day} closes`}
                      value={row.closes}
                      onChange={(event) => setHour(index, { closes: event.target.value })}
                      className={TIME_CLASS}
                    />
                  </div>
                ) : (
                  <span className="text-slate-700">Closed</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button variant="outline" className="mt-3" onClick={copyMonday}>
        Copy Monday to Tuesday–Friday
      </Button>
      <GroupError id={`${id('hours')}-error`} message={error} />
    </fieldset>
  );
}
