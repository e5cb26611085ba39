/**
 * One enquiry on the desk: status and assignee controls, notes and logged calls, and the
 * activity timeline. Every change sends the version it was made on; the API's answer
 * replaces what is shown, so the next change is never refused as stale.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import { enquiriesRoutes } from '#src/shared/api/enquiries.ts';
import { staffRoutes } from '#src/shared/api/staff.ts';
import {
  STATUS_LABELS,
  type ActivityEntry,
  type DeskEnquiry,
  type DeskEnquiryDetail,
  type EnquiryStatus,
} from '#src/shared/schemas/lead-desk.ts';
import type { StaffMember } from '#src/shared/schemas/staff.ts';
import { showToast } from '#src/stores/toasts.ts';
import { statusesFrom } from '#src/shared/states/enquiry.ts';
import { Button } from '#src/ui/Button.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { DueDiligencePanel } from '../due-diligence/DueDiligencePanel.tsx';
import { describeEngagementActivity } from '../engagement/engagement-form.ts';
import { EngagementPanel } from '../engagement/EngagementPanel.tsx';
import { EraseThisPerson } from './Erasure.tsx';
import { RecordSuspicion } from '../compliance/RecordSuspicion.tsx';
import { RecordCash } from '../compliance/RecordCash.tsx';
import { OpenMatter } from '../matters/OpenMatter.tsx';
import { formatDateTime } from '../kit/format.ts';
import { keptUntilText, privacyRetentionText } from './kept-until.ts';

const input =
  'min-h-10 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700';

function describe(entry: ActivityEntry): string {
  switch (entry.type) {
    case 'created':
      return 'Enquiry received through the website';
    case 'status':
      return `Status ${STATUS_LABELS[entry.from as EnquiryStatus] ?? entry.from} → ${STATUS_LABELS[entry.to as EnquiryStatus] ?? entry.to}${entry.text ? ` (${entry.text})` : ''}`;
    case 'assigned':
      return entry.to ? `Assigned to ${entry.to}` : `Unassigned${entry.from ? ` (was ${entry.from})` : ''}`;
    case 'call':
      return `Call: ${entry.text ?? ''}`;
    case 'email':
      return `E-mail: ${entry.text ?? ''}`;
    case 'alert':
      return entry.text ?? 'Alert';
    case 'engagement':
      return describeEngagementActivity(entry.text);
    default:
      return entry.text ?? '';
  }
}

let staffNames: Promise<string[]> | undefined;
/** Everyone an enquiry can be assigned to, asked for once per visit (a failure asks again next time). */
function loadStaffNames(): Promise<string[]> {
  staffNames ??= callApi(staffRoutes.list).then(
    (members: StaffMember[]) => members.map((member) => member.username),
    (error: unknown) => {
      staffNames = undefined;
      throw error;
    },
  );
  return staffNames;
}

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status === 409 ? error.message : fallback;

export function EnquiryDetail({
  id,
  me,
  onChanged,
  onErase,
}: {
  id: string;
  /** The signed-in staff member's username. */
  me: string;
  onChanged: (enquiry: DeskEnquiry) => void;
  /** A Privacy Act request from this person: erase every enquiry from their address. */
  onErase?: (email: string) => void;
}) {
  const [detail, setDetail] = useState<DeskEnquiryDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'status' | 'assignee' | 'note' | 'call' | null>(null);
  const [pendingLost, setPendingLost] = useState(false);
  const [lostReason, setLostReason] = useState('');
  const [note, setNote] = useState('');
  const ids = useId();
  // Until the staff list arrives (or if it cannot), the picker still offers "me".
  const [staff, setStaff] = useState<string[]>([]);
  useEffect(() => {
    loadStaffNames().then(setStaff, () => undefined);
  }, []);

  const load = useCallback(async (): Promise<DeskEnquiryDetail | null> => {
    try {
      const loaded = await callApi(enquiriesRoutes.read, { params: { id } });
      setDetail(loaded);
      setError(null);
      return loaded;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong');
      return null;
    }
  }, [id]);

  // An engagement can move the enquiry on (accepted is instructed): the list shows what the detail does.
  const refreshAfterEngagement = useCallback(async () => {
    const loaded = await load();
    if (loaded) onChanged(loaded);
  }, [load, onChanged]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives (react#34905 flags the async loader)
    void load();
  }, [load]);

  async function change(kind: 'status' | 'assignee', body: Omit<BodyOf<typeof enquiriesRoutes.change>, 'version'>) {
    if (!detail) return;
    setSaving(kind);
    try {
      const updated = await callApi(enquiriesRoutes.change, {
        params: { id },
        body: { ...body, version: detail.version },
      });
      onChanged(updated);
      setPendingLost(false);
      setLostReason('');
      await load();
      showToast({ title: 'Success', description: 'Enquiry updated' });
    } catch (caught) {
      showToast({ title: 'Error', description: failure(caught, 'Failed to update enquiry'), variant: 'destructive' });
      // A conflict means someone else saved first: show what they saved.
      if (caught instanceof ApiError && caught.status === 409) await load();
    } finally {
      setSaving(null);
    }
  }

  async function addNote(kind: 'note' | 'call', event?: { preventDefault(): void }) {
    event?.preventDefault();
    const text = note.trim() || (kind === 'call' ? 'Called' : '');
    if (!text) return;
    setSaving(kind);
    try {
      const updated = await callApi(enquiriesRoutes.addNote, { params: { id }, body: { text, kind } });
      setDetail(updated);
      onChanged(updated);
      setNote('');
      showToast({ title: 'Success', description: kind === 'call' ? 'Call logged' : 'Note added' });
    } catch (caught) {
      showToast({
        title: 'Error',
        description: failure(caught, kind === 'call' ? 'Failed to log call' : 'Failed to add note'),
        variant: 'destructive',
      });
    } finally {
      setSaving(null);
    }
  }

  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
        <p>We couldn't load this enquiry: {error}</p>
        <Button variant="outline" className="mt-2" onClick={() => void load()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!detail) return <Spinner label="Loading the enquiry…" className="py-4 text-brand-700" />;

  const assignees = [
    ...new Set([me, ...[...staff, ...(detail.assignee ? [detail.assignee] : [])].sort((a, b) => a.localeCompare(b))]),
  ];

  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-status`} className="mb-1 block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id={`${ids}-status`}
            className={input}
            value={pendingLost ? 'lost' : detail.status}
            disabled={saving !== null}
            onChange={(event) => {
              const status = event.target.value as EnquiryStatus;
              if (status === 'lost') setPendingLost(true);
              else {
                setPendingLost(false);
                void change('status', { status });
              }
            }}
          >
            {statusesFrom(detail.status).map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-assignee`} className="mb-1 block text-sm font-medium text-slate-800">
            Assignee
          </label>
          <select
            id={`${ids}-assignee`}
            className={input}
            value={detail.assignee ?? ''}
            disabled={saving !== null}
            onChange={(event) => void change('assignee', { assignee: event.target.value || null })}
          >
            <option value="">Unassigned</option>
            {assignees.map((name) => (
              <option key={name} value={name}>
                {name === me ? `${name} (me)` : name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {pendingLost ? (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void change('status', { status: 'lost', lostReason });
          }}
        >
          <div className="grow">
            <label htmlFor={`${ids}-lost`} className="mb-1 block text-sm font-medium text-slate-800">
              Why was it lost?
            </label>
            <input
              id={`${ids}-lost`}
              className={input}
              required
              maxLength={300}
              value={lostReason}
              onChange={(event) => setLostReason(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" pending={saving === 'status'}>
            Mark as lost
          </Button>
        </form>
      ) : null}

      <form onSubmit={(event) => void addNote('note', event)} className="space-y-2">
        <label htmlFor={`${ids}-note`} className="block text-sm font-medium text-slate-800">
          Note
        </label>
        <textarea
          id={`${ids}-note`}
          className={`${input} min-h-20`}
          maxLength={2000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="What was said, what happens next"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" pending={saving === 'note'} disabled={saving !== null}>
            Add note
          </Button>
          <Button
            variant="outline"
            pending={saving === 'call'}
            disabled={saving !== null}
            onClick={() => void addNote('call')}
          >
            Log call
          </Button>
        </div>
      </form>

      <EngagementPanel detail={detail} refresh={refreshAfterEngagement} />

      {/* Due diligence follows an accepted engagement (or an enquiry instructed by hand). */}
      {detail.status === 'instructed' || detail.cdd || detail.engagement?.status === 'accepted' ? (
        <DueDiligencePanel detail={detail} onStatus={refreshAfterEngagement} />
      ) : null}
      {detail.cdd?.status === 'verified' ? <OpenMatter detail={detail} /> : null}

      <div>
        <h4 className="mb-2 font-semibold text-slate-900">Activity</h4>
        <ol className="space-y-2 border-l-2 border-slate-200 pl-4" aria-label="Activity, oldest first">
          {detail.activity.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="text-sm">
              <p className="text-slate-900 break-words">{describe(entry)}</p>
              <p className="text-xs text-slate-700">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.by}
              </p>
            </li>
          ))}
        </ol>
        {/* One date: what the law keeps outlasts the privacy retention, which skips it. */}
        {detail.kept ? (
          <p className="mt-3 text-xs text-slate-700" data-testid="enquiry-kept-until">
            {keptUntilText(detail.kept)}
          </p>
        ) : detail.deleteAfter ? (
          <p className="mt-3 text-xs text-slate-700" data-testid="enquiry-kept-until">
            {privacyRetentionText(detail.deleteAfter)}
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-3">
        <RecordSuspicion enquiryId={detail.id} />
        <RecordCash enquiryId={detail.id} />
      </div>

      {onErase ? <EraseThisPerson email={detail.email} onErase={onErase} /> : null}
    </div>
  );
}
