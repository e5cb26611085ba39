/**
 * The desk's toolbar under its filter chips: the search (applied on Search, not per key),
 * cards or table, Refresh (the list is never polled), the CSV of what the filters show, and
 * whatever else the desk puts at the end (the erasure form).
 */
import { useState, type ReactNode } from 'react';
import { Button } from '#src/ui/Button.tsx';
import type { DeskView } from './useDesk.ts';

export function DeskToolbar({
  onSearch,
  view,
  onView,
  onRefresh,
  exportHref,
  children,
}: {
  onSearch: (q: string) => void;
  view: DeskView;
  onView: (view: DeskView) => void;
  onRefresh: () => void;
  exportHref: string;
  children: ReactNode;
}) {
  const [search, setSearch] = useState('');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <form
        role="search"
        className="flex grow flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(search);
        }}
      >
        <div className="grow basis-48">
          <label htmlFor="desk-search" className="mb-1 block text-sm font-medium text-slate-800">
            Search name, e-mail or phone
          </label>
          <input
            id="desk-search"
            type="search"
            maxLength={100}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-10 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm"
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <div role="group" aria-label="Show as" className="flex">
        {(['cards', 'table'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => onView(option)}
            className={`min-h-10 border px-3 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg ${
              view === option
                ? 'border-brand-800 bg-brand-800 text-white'
                : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
            }`}
          >
            {option === 'cards' ? 'Cards' : 'Table'}
          </button>
        ))}
      </div>
      <Button variant="outline" onClick={onRefresh}>
        Refresh
      </Button>
      <a className="btn btn-outline" href={exportHref} download>
        Export CSV
      </a>
      {children}
    </div>
  );
}
