/**
 * The audit log, read as sentences: when, who and what, newest first, a page at a time, with
 * a link to the enquiry or matter an entry names. Narrowed by person, action (or a family of
 * actions) and Sydney days on the server (`GET /api/audit?by=&action=&from=&to=`). It loads
 * each time the section is opened, and Refresh reads it again.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { auditRoutes } from '#src/shared/api/audit.ts';
import { staffRoutes } from '#src/shared/api/staff.ts';
import type { AuditEntry, StaffMember } from '#src/shared/schemas/staff.ts';
import { Button } from '#src/ui/Button.tsx';
import { CONTROL_CLASS } from '#src/ui/Field.tsx';
import { formatDateTime } from '../kit/format.ts';
import { ListStatus } from '../kit/parts.tsx';
import { actorNote, AUDIT_ACTIONS, AUDIT_FAMILIES, describeAudit, type AccountNames } from './audit-sentences.ts';

const PAGE = 25;

interface Filter {
  by: string;
  action: string;
  from: string;
  to: string;
}
const NO_FILTER: Filter = { by: '', action: '', from: '', to: '' };

/** The filter's fields that are set, and the page to go on from. */
const query = (filter: Filter, before: string | null) => ({
  limit: String(PAGE),
  ...Object.fromEntries(Object.entries(filter).filter(([, value]) => value)),
  ...(before && { before }),
});

export default function AuditLog({ headingId }: { headingId: string }) {
  const base = useId();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [staff, setStaff] = useState<StaffMember[]>([]);
  /** The filter as set in the form, and the one the list shows. */
  const [draft, setDraft] = useState<Filter>(NO_FILTER);
  const [shown, setShown] = useState<Filter>(NO_FILTER);

  /**
   * Only the newest request may write the list: a filter's answer that comes after a later
   * filter's (a wide one scans more of the log than a day long ago) is dropped, never shown
   * under the later filter; the newest answer ends the loading.
   */
  const latest = useRef(0);

  const names: AccountNames = useMemo(() => new Map(staff.map((member) => [member.id, member.username])), [staff]);

  const load = useCallback(async (filter: Filter, before: string | null) => {
    const request = ++latest.current;
    try {
      const page = await callApi(auditRoutes.list, { query: query(filter, before) });
      if (request !== latest.current) return;
      setEntries((current) => (before ? [...current, ...page.entries] : page.entries));
      setNext(page.next);
      setShown(filter);
      setError(null);
    } catch (caught) {
      if (request !== latest.current) return;
      const fieldError = caught instanceof ApiError ? Object.values(caught.fieldErrors ?? {})[0]?.[0] : undefined;
      setError(fieldError ?? (caught instanceof Error ? caught.message : 'Something went wrong'));
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void load(NO_FILTER, null);
    // The accounts as they are now: who an id names, and the people to filter by.
    callApi(staffRoutes.list).then(setStaff, () => setStaff([]));
  }, [load]);

  async function reload(filter: Filter) {
    setLoading(true);
    await load(filter, null);
  }

  async function loadMore() {
    setLoadingMore(true);
    await load(shown, next);
    setLoadingMore(false);
  }

  const filtered = Object.values(shown).some(Boolean);
  const set = (field: keyof Filter, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const control = `${CONTROL_CLASS} border-slate-400`;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-brand-900">
          Audit log
        </h3>
        <Button variant="outline" onClick={() => void reload(shown)}>
          Refresh
        </Button>
      </div>
      <form
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          void reload(draft);
        }}
      >
        <div className="space-y-1">
          <label htmlFor={`${base}-by`} className="block text-sm font-semibold text-slate-800">
            Person
          </label>
          <select
            id={`${base}-by`}
            className={control}
            value={draft.by}
            onChange={(event) => set('by', event.target.value)}
          >
            <option value="">Anyone</option>
            {staff.map((member) => (
              <option key={member.id} value={member.username}>
                {member.username}
              </option>
            ))}
            <option value="system">Scheduled jobs</option>
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${base}-action`} className="block text-sm font-semibold text-slate-800">
            Action
          </label>
          <select
            id={`${base}-action`}
            className={control}
            value={draft.action}
            onChange={(event) => set('action', event.target.value)}
          >
            <option value="">Any action</option>
            {AUDIT_FAMILIES.map(({ family, label }) => (
              <optgroup key={family} label={label}>
                <option value={family}>{`All: ${label.toLowerCase()}`}</option>
                {Object.entries(AUDIT_ACTIONS)
                  .filter(([, action]) => action.family === family)
                  .map(([code, action]) => (
                    <option key={code} value={code}>
                      {action.label}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${base}-from`} className="block text-sm font-semibold text-slate-800">
            From
          </label>
          <input
            id={`${base}-from`}
            type="date"
            className={control}
            value={draft.from}
            onChange={(event) => set('from', event.target.value)}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${base}-to`} className="block text-sm font-semibold text-slate-800">
            To
          </label>
          <input
            id={`${base}-to`}
            type="date"
            className={control}
            value={draft.to}
            onChange={(event) => set('to', event.target.value)}
          />
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-full">
          <Button type="submit" variant="secondary">
            Show entries
          </Button>
          {filtered ? (
            <Button
              variant="outline"
              onClick={() => {
                setDraft(NO_FILTER);
                void reload(NO_FILTER);
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </div>
      </form>
      <ListStatus
        loading={loading}
        error={entries.length === 0 ? error : null}
        isEmpty={entries.length === 0}
        empty={filtered ? 'Nothing matches these filters.' : 'No changes recorded yet.'}
        what="audit log"
        onRetry={() => void reload(shown)}
      />
      {entries.length > 0 ? (
        <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" data-testid="audit-list">
          {entries.map((entry) => {
            const sentence = describeAudit(entry, names);
            const note = actorNote(entry, names);
            return (
              <li
                key={entry.id}
                data-testid="audit-entry"
                className="grid gap-x-4 gap-y-0.5 px-4 py-2 text-sm sm:grid-cols-[11rem_10rem_1fr]"
              >
                <time dateTime={entry.at} className="text-slate-700">
                  {formatDateTime(entry.at)}
                </time>
                <span className="font-medium break-words text-slate-900" data-testid="audit-by">
                  {entry.byId === null ? 'Scheduled job' : entry.by}
                  {note && entry.byId !== null ? <span className="font-normal text-slate-700"> {note}</span> : null}
                </span>
                <span className="text-slate-800" data-testid="audit-what">
                  {sentence.text}
                  {sentence.link ? (
                    <>
                      {' '}
                      <a href={sentence.link.href} className="font-semibold text-brand-800 underline">
                        {sentence.link.label}
                      </a>
                    </>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      {error && entries.length > 0 ? (
        <p role="alert" className="text-sm text-red-900">
          We couldn't load the audit log: {error}
        </p>
      ) : null}
      {next ? (
        <Button variant="outline" pending={loadingMore} onClick={() => void loadMore()}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
