/**
 * Staff's record of a submitted due diligence: for each individual how their identity was
 * verified (documents, last 4 characters only), the sanctions and PEP screening, and the risk
 * rating. A high rating goes on to a second person's approval.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
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
} from '../../../content/amlctf.ts';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import {
  CDD_LIMITS,
  cddFieldErrors,
  cddVerifySchema,
  individualPaths,
  type CddStaffView,
  type CddStatus,
} from '../../../shared/schemas/cdd.ts';
import type { FieldErrors } from '../../../shared/schemas/fields.ts';
import { sydneyToday } from '../../../shared/sydney-time.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { individualLabel } from './ClientAnswers.tsx';
import { cddPath, messageOf } from './cdd-requests.ts';

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

export function VerifyForm({
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
