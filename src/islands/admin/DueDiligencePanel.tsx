/**
 * An enquiry's customer due diligence (AML/CTF Act) on the desk: its status, and on request
 * the client's answers, the verification form for a submitted record, the second person's
 * approval of a high rating, rejection, and closing the matter (which starts the 7 years the
 * records are kept).
 *
 * The client's details are read only when staff ask ("Show the client's details"): every
 * read is written to the audit log, so opening an enquiry to add a note does not count as
 * reading someone's identity documents. The status comes with the enquiry (plain, no read).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  CDD_PURPOSE_LABELS,
  FUNDS_SOURCE_LABELS,
  PEP_RESULTS,
  PEP_RESULT_LABELS,
  RISK_RATINGS,
  RISK_RATING_LABELS,
  SANCTIONS_RESULTS,
  SANCTIONS_RESULT_LABELS,
  VERIFICATION_METHODS,
  VERIFICATION_METHOD_LABELS,
  type PepResult,
  type RiskRating,
  type SanctionsResult,
  type VerificationMethod,
} from '../../content/amlctf.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import {
  CDD_LIMITS,
  CDD_STATUS_LABELS,
  cddFieldErrors,
  cddVerifySchema,
  individualAt,
  individualPaths,
  type CddDraftDeclarations,
  type CddDraftParty,
  type CddStaffView,
  type CddStatus,
} from '../../shared/schemas/cdd.ts';
import type { FieldErrors } from '../../shared/schemas/fields.ts';
import type { DeskEnquiry, DeskEnquiryDetail } from '../../shared/schemas/lead-desk.ts';
import { decideCdd, type CddAction } from '../../shared/states/due-diligence.ts';
import { sydneyToday } from '../../shared/sydney-time.ts';
import { showToast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { useConfirm } from './ConfirmDialog.tsx';
import { formatDateTime } from './format.ts';

/** An instructed enquiry without verified due diligence: the practice must not act on it yet. */
export const dueDiligencePending = (enquiry: Pick<DeskEnquiry, 'status' | 'cdd'>): boolean =>
  enquiry.status === 'instructed' && enquiry.cdd?.status !== 'verified';

export function DoNotActBadge() {
  return (
    <span
      data-testid="cdd-pending"
      className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900"
    >
      Do not act: due diligence pending
    </span>
  );
}

const STATUS_TONES: Record<CddStatus, string> = {
  'not-started': 'bg-slate-200 text-slate-800',
  'in-progress': 'bg-sky-100 text-sky-950',
  submitted: 'bg-amber-100 text-amber-950',
  'awaiting-approval': 'bg-violet-100 text-violet-950',
  verified: 'bg-green-100 text-green-950',
  rejected: 'bg-red-100 text-red-900',
};

const cddPath = (id: string, action = '') => `/api/contact-requests/${encodeURIComponent(id)}${action}`;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError || (error instanceof Error && error.message) ? (error as Error).message : fallback;

// ---------- the client's answers ----------

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  const shown = rows.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Person = {
  fullName?: string;
  otherNames?: string;
  dateOfBirth?: string;
  address?: string;
  phone?: string;
  email?: string;
};
const personRows = (person: Person): [string, ReactNode][] => [
  ['Full name', person.fullName],
  ['Other names', person.otherNames],
  ['Date of birth', person.dateOfBirth],
  ['Residential address', person.address],
  ['Phone', person.phone],
  ['E-mail', person.email],
];
const list = (items: string[] | undefined) => (items && items.length ? items.join('; ') : undefined);

/** "Customer 1 (individual)", "Customer 2's owner 1": how the form and the answers name an individual. */
export function individualLabel(parties: readonly CddDraftParty[], path: string): string {
  const [party, , owner] = path.split('.');
  const customer = parties[Number(party)];
  const name = individualAt(parties, path)?.fullName;
  const where =
    owner === undefined
      ? `Customer ${Number(party) + 1}`
      : `Customer ${Number(party) + 1} (${customer?.type === 'trust' ? 'trust' : 'company'}), owner ${Number(owner) + 1}`;
  return name ? `${where}: ${name}` : where;
}

function PartyAnswers({ party, index }: { party: CddDraftParty; index: number }) {
  const title =
    party.type === 'individual'
      ? `Customer ${index + 1}: individual`
      : `Customer ${index + 1}: ${party.type}${party.name ? `, ${party.name}` : ''}`;
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <h6 className="mb-2 font-semibold text-slate-900">{title}</h6>
      {party.type === 'individual' ? (
        <Facts rows={personRows(party)} />
      ) : party.type === 'company' ? (
        <Facts
          rows={[
            ['Name', party.name],
            ['ACN or ABN', party.acnOrAbn],
            ['Registered office', party.registeredAddress],
            ['Principal place of business', party.principalPlace],
            ['Directors', list(party.directors)],
          ]}
        />
      ) : (
        <Facts
          rows={[
            ['Name', party.name],
            ['Type of trust', party.trustType],
            ['Trustees', list(party.trustees)],
            ['Settlor', party.settlor],
            ['Appointor', party.appointor],
            ['Beneficiaries', list(party.beneficiaries)],
          ]}
        />
      )}
      {party.type !== 'individual' && party.owners?.length ? (
        <ol className="mt-2 space-y-2">
          {party.owners.map((owner, ownerIndex) => (
            <li key={ownerIndex} className="border-l-2 border-slate-200 pl-3">
              <p className="text-sm font-semibold text-slate-800">Owner or controller {ownerIndex + 1} (25% or more)</p>
              <Facts rows={personRows(owner)} />
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

const yesNo = (answer: { value?: boolean; details?: string } | undefined) =>
  answer?.value === undefined ? undefined : answer.value ? `Yes${answer.details ? `: ${answer.details}` : ''}` : 'No';

function DeclarationAnswers({ declarations }: { declarations: CddDraftDeclarations }) {
  const funds = declarations.sourceOfFunds;
  return (
    <Facts
      rows={[
        ['Someone acting for the customer', yesNo(declarations.actingForAnother)],
        ['Politically exposed person (or family, associate)', yesNo(declarations.pep)],
        ['Foreign person', yesNo(declarations.foreignPerson)],
        [
          'Purpose',
          declarations.purpose
            ? `${CDD_PURPOSE_LABELS[declarations.purpose]}${declarations.purposeDetails ? `: ${declarations.purposeDetails}` : ''}`
            : undefined,
        ],
        [
          'Source of funds',
          funds?.kind
            ? `${FUNDS_SOURCE_LABELS[funds.kind]}${funds.lender ? `: ${funds.lender}` : ''}${funds.details ? ` (${funds.details})` : ''}`
            : undefined,
        ],
      ]}
    />
  );
}

// ---------- the verification form ----------

interface DocumentValues {
  type: string;
  issuer: string;
  last4: string;
  expiry: string;
}
interface EntryValues {
  party: string;
  method: VerificationMethod | '';
  reference: string;
  documents: DocumentValues[];
  sanctionsCheckedAt: string;
  sanctionsResult: SanctionsResult | '';
  pepResult: PepResult | '';
}
const emptyDocument = (): DocumentValues => ({ type: '', issuer: '', last4: '', expiry: '' });
const emptyEntry = (party: string): EntryValues => ({
  party,
  method: '',
  reference: '',
  documents: [emptyDocument()],
  sanctionsCheckedAt: '',
  sanctionsResult: '',
  pepResult: '',
});

/** The request body as the API takes it: empty choices left out, so the schema names them. */
const verifyBody = (entries: EntryValues[], rating: RiskRating | '', reason: string) => ({
  verification: entries.map((entry) => ({
    party: entry.party,
    ...(entry.method ? { method: entry.method } : {}),
    ...(entry.method === 'electronic' ? { reference: entry.reference } : {}),
    documents: entry.documents.map((document) => ({ ...document, ...(document.expiry ? {} : { expiry: undefined }) })),
    sanctionsCheckedAt: entry.sanctionsCheckedAt,
    ...(entry.sanctionsResult ? { sanctionsResult: entry.sanctionsResult } : {}),
    ...(entry.pepResult ? { pepResult: entry.pepResult } : {}),
  })),
  risk: { ...(rating ? { rating } : {}), reason },
});

function VerifyForm({
  enquiryId,
  view,
  onDone,
}: {
  enquiryId: string;
  view: CddStaffView;
  onDone: (status: CddStatus) => Promise<void>;
}) {
  const base = useId();
  const fieldId = (key: string) => `${base}-${key.replace(/\./g, '-')}`;
  const [entries, setEntries] = useState<EntryValues[]>(() => individualPaths(view.parties).map(emptyEntry));
  const [rating, setRating] = useState<RiskRating | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusErrors, setFocusErrors] = useState(0);

  // After errors show, focus goes to the first field that has one (or the summary).
  useEffect(() => {
    if (!focusErrors) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summaryRef.current)?.focus();
  }, [focusErrors]);

  const error = (key: string) => errors[key]?.[0];
  const show = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    setFocusErrors((count) => count + 1);
  };
  const setEntry = (index: number, change: Partial<EntryValues>) =>
    setEntries((current) => current.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  const setDocument = (index: number, docIndex: number, change: Partial<DocumentValues>) =>
    setEntries((current) =>
      current.map((entry, at) =>
        at === index
          ? { ...entry, documents: entry.documents.map((d, j) => (j === docIndex ? { ...d, ...change } : d)) }
          : entry,
      ),
    );

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const body = { ...verifyBody(entries, rating, reason), version: view.version };
    const checked = cddVerifySchema({ today: sydneyToday() }).safeParse(body);
    if (!checked.success) return show(cddFieldErrors(checked.error));
    setPending(true);
    try {
      const { status } = await apiRequest<{ status: CddStatus }>('POST', cddPath(enquiryId, '/cdd/verify'), body);
      setErrors({});
      showToast({
        title: 'Success',
        description:
          status === 'verified' ? 'Due diligence verified' : 'Rated high risk: a second staff member must approve',
      });
      await onDone(status);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) show(caught.fieldErrors);
      else showToast({ title: 'Error', description: messageOf(caught, 'Failed to verify'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  // Errors no field shows (e.g. an individual left out): listed in the summary.
  const fieldKeys = new Set([
    'risk.rating',
    'risk.reason',
    ...entries.flatMap((entry, index) => [
      ...['method', 'sanctionsCheckedAt', 'sanctionsResult', 'pepResult'].map((f) => `verification.${index}.${f}`),
      ...(entry.method === 'electronic' ? [`verification.${index}.reference`] : []),
      ...entry.documents.flatMap((_, j) =>
        ['type', 'issuer', 'last4', 'expiry'].map((f) => `verification.${index}.documents.${j}.${f}`),
      ),
    ]),
  ]);
  const unplaced = Object.entries(errors).filter(([key]) => !fieldKeys.has(key));
  const select = 'min-h-10';

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      aria-labelledby={`${base}-title`}
    >
      <h5 id={`${base}-title`} className="font-semibold text-slate-900">
        Verify, screen and rate
      </h5>
      {Object.keys(errors).length ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">Please check the highlighted fields.</p>
          {unplaced.length ? (
            <ul className="mt-1 list-disc pl-5">
              {unplaced.map(([key, messages]) => (
                <li key={key}>{messages[0]}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {entries.map((entry, index) => {
        const key = (field: string) => `verification.${index}.${field}`;
        const label = individualLabel(view.parties, entry.party);
        return (
          <fieldset key={entry.party} className="space-y-3 rounded-md border border-slate-300 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id={fieldId(key('method'))}
                label="How the identity was verified"
                error={error(key('method'))}
                required
              >
                {(props) => (
                  <select
                    {...props}
                    className={`${props.className} ${select}`}
                    value={entry.method}
                    onChange={(event) => setEntry(index, { method: event.target.value as VerificationMethod | '' })}
                  >
                    <option value="">Choose…</option>
                    {VERIFICATION_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {VERIFICATION_METHOD_LABELS[method]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {entry.method === 'electronic' ? (
                <Field
                  id={fieldId(key('reference'))}
                  label="Verification service reference"
                  error={error(key('reference'))}
                  required
                >
                  {(props) => (
                    <input
                      {...props}
                      maxLength={CDD_LIMITS.reference}
                      value={entry.reference}
                      onChange={(event) => setEntry(index, { reference: event.target.value })}
                    />
                  )}
                </Field>
              ) : null}
            </div>
            {entry.documents.map((doc, docIndex) => {
              const docKey = (field: string) => key(`documents.${docIndex}.${field}`);
              return (
                <fieldset key={docIndex} className="rounded-md border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-medium text-slate-800">Document {docIndex + 1}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field id={fieldId(docKey('type'))} label="Type of document" error={error(docKey('type'))} required>
                      {(props) => (
                        <input
                          {...props}
                          maxLength={CDD_LIMITS.docType}
                          placeholder="e.g. Passport"
                          value={doc.type}
                          onChange={(event) => setDocument(index, docIndex, { type: event.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      id={fieldId(docKey('issuer'))}
                      label="Issuing country or state"
                      error={error(docKey('issuer'))}
                      required
                    >
                      {(props) => (
                        <input
                          {...props}
                          maxLength={CDD_LIMITS.issuer}
                          value={doc.issuer}
                          onChange={(event) => setDocument(index, docIndex, { issuer: event.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      id={fieldId(docKey('last4'))}
                      label="Last 4 characters of the number"
                      hint="Never the full number: only the last 4 characters are kept."
                      error={error(docKey('last4'))}
                      required
                    >
                      {(props) => (
                        <input
                          {...props}
                          autoComplete="off"
                          spellCheck={false}
                          value={doc.last4}
                          onChange={(event) => setDocument(index, docIndex, { last4: event.target.value })}
                        />
                      )}
                    </Field>
                    <Field id={fieldId(docKey('expiry'))} label="Expiry date (if any)" error={error(docKey('expiry'))}>
                      {(props) => (
                        <input
                          {...props}
                          type="date"
                          value={doc.expiry}
                          onChange={(event) => setDocument(index, docIndex, { expiry: event.target.value })}
                        />
                      )}
                    </Field>
                  </div>
                  {entry.documents.length > 1 ? (
                    <Button
                      variant="ghost"
                      className="mt-2"
                      onClick={() => setEntry(index, { documents: entry.documents.filter((_, at) => at !== docIndex) })}
                    >
                      Remove document {docIndex + 1}
                    </Button>
                  ) : null}
                </fieldset>
              );
            })}
            {entry.documents.length < CDD_LIMITS.documents ? (
              <Button
                variant="outline"
                onClick={() => setEntry(index, { documents: [...entry.documents, emptyDocument()] })}
              >
                Add a document
              </Button>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-3">
              <Field
                id={fieldId(key('sanctionsCheckedAt'))}
                label="Sanctions check (DFAT Consolidated List) on"
                error={error(key('sanctionsCheckedAt'))}
                required
              >
                {(props) => (
                  <input
                    {...props}
                    type="date"
                    value={entry.sanctionsCheckedAt}
                    onChange={(event) => setEntry(index, { sanctionsCheckedAt: event.target.value })}
                  />
                )}
              </Field>
              <Field
                id={fieldId(key('sanctionsResult'))}
                label="Sanctions result"
                error={error(key('sanctionsResult'))}
                required
              >
                {(props) => (
                  <select
                    {...props}
                    className={`${props.className} ${select}`}
                    value={entry.sanctionsResult}
                    onChange={(event) =>
                      setEntry(index, { sanctionsResult: event.target.value as SanctionsResult | '' })
                    }
                  >
                    <option value="">Choose…</option>
                    {SANCTIONS_RESULTS.map((result) => (
                      <option key={result} value={result}>
                        {SANCTIONS_RESULT_LABELS[result]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                id={fieldId(key('pepResult'))}
                label="Politically exposed person screening"
                error={error(key('pepResult'))}
                required
              >
                {(props) => (
                  <select
                    {...props}
                    className={`${props.className} ${select}`}
                    value={entry.pepResult}
                    onChange={(event) => setEntry(index, { pepResult: event.target.value as PepResult | '' })}
                  >
                    <option value="">Choose…</option>
                    {PEP_RESULTS.map((result) => (
                      <option key={result} value={result}>
                        {PEP_RESULT_LABELS[result]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
          </fieldset>
        );
      })}
      <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-900">Risk rating</legend>
        <Field id={fieldId('risk.rating')} label="Rating" error={error('risk.rating')} required>
          {(props) => (
            <select
              {...props}
              className={`${props.className} ${select}`}
              value={rating}
              onChange={(event) => setRating(event.target.value as RiskRating | '')}
            >
              <option value="">Choose…</option>
              {RISK_RATINGS.map((value) => (
                <option key={value} value={value}>
                  {RISK_RATING_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={fieldId('risk.reason')} label="Reason for the rating" error={error('risk.reason')} required>
          {(props) => (
            <textarea
              {...props}
              className={`${props.className} min-h-20`}
              maxLength={CDD_LIMITS.reason}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
      </fieldset>
      <Button type="submit" pending={pending}>
        Record the verification
      </Button>
    </form>
  );
}

// ---------- the panel ----------

export function DueDiligencePanel({
  detail,
  onStatus,
}: {
  detail: DeskEnquiryDetail;
  /** The record's status changed here (the list's badge follows, the enquiry's activity too). */
  onStatus: () => Promise<void>;
}) {
  const base = useId();
  const status: CddStatus = detail.cdd?.status ?? 'not-started';
  const [view, setView] = useState<CddStaffView | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [acting, setActing] = useState<'approve' | 'reject' | 'close' | null>(null);
  const [approveError, setApproveError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [rejectReason, setRejectReason] = useState('');
  const [rejectError, setRejectError] = useState<string | undefined>();
  const [endedAt, setEndedAt] = useState('');
  const [closeError, setCloseError] = useState<string | undefined>();
  const [retainUntil, setRetainUntil] = useState<string | null | undefined>(undefined);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rejectRef = useRef<HTMLTextAreaElement>(null);
  const { confirm, dialog } = useConfirm();
  const pending = dueDiligencePending(detail);

  async function load() {
    setLoading(true);
    try {
      setView(await apiRequest<CddStaffView>('GET', cddPath(detail.id, '/cdd')));
      setLoadError(null);
    } catch (caught) {
      setLoadError(messageOf(caught, 'Something went wrong'));
    } finally {
      setLoading(false);
    }
  }

  /** After a change: the enquiry (status, activity) and the record again; focus on the heading. */
  async function changed() {
    await onStatus();
    await load();
    headingRef.current?.focus();
  }

  useEffect(() => {
    if (rejecting) rejectRef.current?.focus();
  }, [rejecting]);

  async function approve() {
    setActing('approve');
    setApproveError(null);
    try {
      await apiRequest('POST', cddPath(detail.id, '/cdd/approve'));
      showToast({ title: 'Success', description: 'Due diligence approved' });
      await changed();
    } catch (caught) {
      // 403 for the person who rated it: said here, next to the button, not only in a toast.
      setApproveError(messageOf(caught, 'Failed to approve'));
    } finally {
      setActing(null);
    }
  }

  async function reject(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!rejectReason.trim()) {
      setRejectError('Please give the reason');
      rejectRef.current?.focus();
      return;
    }
    const confirmed = await confirm({
      title: 'Reject this due diligence?',
      body: (
        <p>
          The client will be asked to correct their details and submit them again. Until it is verified, do not act on
          this matter.
        </p>
      ),
      confirmLabel: 'Reject',
    });
    if (!confirmed) return;
    setActing('reject');
    try {
      await apiRequest('POST', cddPath(detail.id, '/cdd/reject'), { reason: rejectReason, version: view?.version });
      showToast({ title: 'Success', description: 'Due diligence rejected' });
      setRejecting(false);
      setRejectReason('');
      setRejectError(undefined);
      await changed();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.reason) setRejectError(caught.fieldErrors.reason[0]);
      else showToast({ title: 'Error', description: messageOf(caught, 'Failed to reject'), variant: 'destructive' });
    } finally {
      setActing(null);
    }
  }

  async function close(event: { preventDefault(): void }) {
    event.preventDefault();
    setActing('close');
    try {
      const answer = await apiRequest<{ retainUntil: string | null }>('POST', cddPath(detail.id, '/close'), {
        endedAt,
      });
      setRetainUntil(answer.retainUntil);
      setCloseError(undefined);
      await onStatus();
      if (view) await load();
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors?.endedAt) setCloseError(caught.fieldErrors.endedAt[0]);
      else
        showToast({
          title: 'Error',
          description: messageOf(caught, 'Failed to close the matter'),
          variant: 'destructive',
        });
    } finally {
      setActing(null);
    }
  }

  const shownStatus = view?.status ?? status;
  /** The staff actions offered: those the state table allows on the record as read. */
  const offers = (action: CddAction) => view !== null && decideCdd(view.status, action).next !== undefined;
  const keptUntil = retainUntil ?? view?.retainUntil;

  return (
    <section
      aria-labelledby={`${base}-heading`}
      className="rounded-lg border border-slate-200 p-3 sm:p-4"
      data-testid="cdd-panel"
    >
      <h4
        id={`${base}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="font-semibold text-slate-900 focus-visible:outline-none"
      >
        Due diligence
      </h4>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        <span
          data-testid="cdd-status"
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[shownStatus]}`}
        >
          {CDD_STATUS_LABELS[shownStatus]}
        </span>
        {pending ? <DoNotActBadge /> : null}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        The AML/CTF Act requires us to identify and verify the customer, screen them and rate the risk before we act.
      </p>

      {status !== 'not-started' && !view ? (
        <div className="mt-3">
          {loadError ? (
            <p role="alert" className="mb-2 text-sm text-red-900">
              We couldn't load the due diligence: {loadError}
            </p>
          ) : null}
          <Button variant="outline" pending={loading} onClick={() => void load()}>
            Show the client's details
          </Button>
          <p className="mt-1 text-xs text-slate-700">Each time you open them, the audit log records it.</p>
        </div>
      ) : null}
      {status === 'not-started' ? (
        <p className="mt-2 text-sm text-slate-700">
          The client gives their details through the engagement link once they have accepted the engagement.
        </p>
      ) : null}

      {view ? (
        <div className="mt-3 space-y-4">
          <div>
            <h5 className="mb-2 font-semibold text-slate-900">The client's answers</h5>
            {view.parties.length ? (
              <ul className="space-y-2">
                {view.parties.map((party, index) => (
                  <PartyAnswers key={index} party={party} index={index} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-700">No customer added yet.</p>
            )}
            <h6 className="mt-3 mb-1 font-semibold text-slate-900">Declarations</h6>
            <DeclarationAnswers declarations={view.declarations} />
          </div>

          {view.risk || view.verification.length ? (
            <div>
              <h5 className="mb-1 font-semibold text-slate-900">Verification</h5>
              <Facts
                rows={[
                  ['Risk', view.risk ? `${RISK_RATING_LABELS[view.risk.rating]}: ${view.risk.reason}` : undefined],
                  [
                    'Verified by',
                    view.approvals.verifiedBy
                      ? `${view.approvals.verifiedBy}, ${formatDateTime(view.approvals.verifiedAt)}`
                      : undefined,
                  ],
                  [
                    'Approved by',
                    view.approvals.approvedBy
                      ? `${view.approvals.approvedBy}, ${formatDateTime(view.approvals.approvedAt)}`
                      : undefined,
                  ],
                  [
                    'Rejected by',
                    view.approvals.rejectedBy
                      ? `${view.approvals.rejectedBy}, ${formatDateTime(view.approvals.rejectedAt)}: ${view.approvals.rejectReason ?? ''}`
                      : undefined,
                  ],
                ]}
              />
              <ul className="mt-2 space-y-1 text-sm">
                {view.verification.map((entry) => (
                  <li key={entry.party}>
                    <span className="font-medium">{individualLabel(view.parties, entry.party)}</span>:{' '}
                    {VERIFICATION_METHOD_LABELS[entry.method]}
                    {entry.reference ? ` (${entry.reference})` : ''};{' '}
                    {entry.documents
                      .map((d) => `${d.type}, ${d.issuer}, ending ${d.last4}${d.expiry ? `, expires ${d.expiry}` : ''}`)
                      .join('; ')}
                    ; sanctions checked {entry.sanctionsCheckedAt}: {SANCTIONS_RESULT_LABELS[entry.sanctionsResult]};{' '}
                    {PEP_RESULT_LABELS[entry.pepResult]}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          {offers('verify') ? <VerifyForm enquiryId={detail.id} view={view} onDone={changed} /> : null}

          {offers('approve') ? (
            <div className="space-y-2">
              <p className="text-sm text-slate-800">
                Rated high risk by {view.approvals.verifiedBy}: a different staff member must approve it.
              </p>
              <Button pending={acting === 'approve'} onClick={() => void approve()}>
                Approve
              </Button>
              {approveError ? (
                <p role="alert" className="text-sm font-medium text-red-900">
                  {approveError}
                </p>
              ) : null}
            </div>
          ) : null}

          {offers('reject') ? (
            rejecting ? (
              <form noValidate onSubmit={(event) => void reject(event)} className="space-y-2">
                <Field
                  id={`${base}-reject`}
                  label="Why is it rejected? (the client is asked to correct it)"
                  error={rejectError}
                  required
                >
                  {(props) => (
                    <textarea
                      {...props}
                      ref={rejectRef}
                      className={`${props.className} min-h-20`}
                      maxLength={CDD_LIMITS.reason}
                      value={rejectReason}
                      onChange={(event) => setRejectReason(event.target.value)}
                    />
                  )}
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="destructive" pending={acting === 'reject'}>
                    Reject…
                  </Button>
                  <Button variant="outline" onClick={() => setRejecting(false)}>
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <Button variant="outline" onClick={() => setRejecting(true)}>
                Reject…
              </Button>
            )
          ) : null}
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={(event) => void close(event)}
        className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
      >
        <Field
          id={`${base}-ended`}
          label="Close the matter: the day the business relationship ended"
          error={closeError}
          required
          className="grow basis-56"
        >
          {(props) => (
            <input {...props} type="date" value={endedAt} onChange={(event) => setEndedAt(event.target.value)} />
          )}
        </Field>
        <Button type="submit" variant="secondary" pending={acting === 'close'}>
          Close the matter
        </Button>
      </form>
      {keptUntil ? (
        <p role="status" className="mt-2 text-sm text-slate-800" data-testid="cdd-retain-until">
          Due diligence records kept until <time dateTime={keptUntil}>{keptUntil}</time> (AML/CTF Act s 111: 7 years
          after the relationship ends).
        </p>
      ) : retainUntil === null ? (
        <p role="status" className="mt-2 text-sm text-slate-800">
          Matter closed. There are no due diligence records to keep.
        </p>
      ) : null}
      {dialog}
    </section>
  );
}
