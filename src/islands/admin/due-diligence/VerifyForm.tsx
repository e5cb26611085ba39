/**
 * Staff's record of a submitted due diligence: for each individual how their identity was
 * verified (documents, last 4 characters only), the sanctions and PEP screening, and the risk
 * rating. A high rating (with its enhanced due diligence), or one lower than a high rating on
 * record (with the reason for lowering it), goes on to a principal's approval; a red flag
 * (a possible sanctions match, a PEP) allows only high, which the server says under the rating.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { RISK_RATINGS, RISK_RATING_LABELS, type RiskRating } from '#src/content/amlctf.ts';
import { ApiError, callApi } from '#src/lib/api.ts';
import type { BodyOf } from '#src/shared/api/contract.ts';
import { dueDiligenceRoutes } from '#src/shared/api/due-diligence.ts';
import { CDD_LIMITS, cddFieldErrors, type CddStatus } from '#src/shared/schemas/cdd.ts';
import { cddVerifySchema, individualPaths } from '#src/shared/schemas/cdd-verification.ts';
import type { CddStaffView } from '#src/shared/schemas/cdd-record.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import { verifyActionFor } from '#src/shared/states/due-diligence.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';
import { individualLabel } from './ClientAnswers.tsx';
import { ENHANCED_FIELDS, EnhancedDueDiligence, NO_ENHANCED, type EnhancedValues } from './EnhancedDueDiligence.tsx';
import { messageOf } from './cdd-requests.ts';
import { emptyDocument, IndividualChecks, type DocumentValues, type EntryValues } from './IndividualChecks.tsx';

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
const verifyBody = (
  entries: EntryValues[],
  rating: RiskRating | '',
  reason: string,
  loweringReason?: string,
  enhanced?: EnhancedValues,
) => ({
  verification: entries.map((entry) => ({
    party: entry.party,
    ...(entry.method ? { method: entry.method } : {}),
    ...(entry.method === 'electronic' ? { reference: entry.reference } : {}),
    documents: entry.documents.map((document) => ({ ...document, ...(document.expiry ? {} : { expiry: undefined }) })),
    sanctionsCheckedAt: entry.sanctionsCheckedAt,
    ...(entry.sanctionsResult ? { sanctionsResult: entry.sanctionsResult } : {}),
    ...(entry.pepResult ? { pepResult: entry.pepResult } : {}),
  })),
  risk: { ...(rating ? { rating } : {}), reason, ...(loweringReason === undefined ? {} : { loweringReason }) },
  ...(enhanced ? { enhanced } : {}),
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
  const [entries, setEntries] = useState<EntryValues[]>(() =>
    individualPaths(view.parties, view.declarations).map(emptyEntry),
  );
  const [rating, setRating] = useState<RiskRating | ''>('');
  const [reason, setReason] = useState('');
  const [loweringReason, setLoweringReason] = useState('');
  const [enhanced, setEnhanced] = useState<EnhancedValues>(NO_ENHANCED);
  // A high rating on record (even rejected) makes a lower one need its reason and a principal's approval.
  const lowering = rating !== '' && verifyActionFor(rating, view.ratings) === 'verify-high-risk' && rating !== 'high';
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
    const body = {
      ...verifyBody(
        entries,
        rating,
        reason,
        lowering ? loweringReason : undefined,
        rating === 'high' ? enhanced : undefined,
      ),
      version: view.version,
    };
    const checked = cddVerifySchema({ today: sydneyToday(currentTime()) }).safeParse(body);
    if (!checked.success) return show(cddFieldErrors(checked.error));
    if (lowering && !checked.data.risk.loweringReason) {
      return show({
        'risk.loweringReason': ['Please give the reason for rating it lower than the high rating on record'],
      });
    }
    setPending(true);
    try {
      // The body as the form holds it, which the same schema has just passed (the server trims and judges it again).
      const sent = body as BodyOf<typeof dueDiligenceRoutes.verify>;
      const { status } = await callApi(dueDiligenceRoutes.verify, { params: { id: enquiryId }, body: sent });
      setErrors({});
      showToast({
        title: 'Success',
        description:
          status === 'verified'
            ? 'Due diligence verified'
            : lowering
              ? 'Rated lower than a high rating on record: a principal must approve'
              : 'Rated high risk: a second staff member must approve',
      });
      await onDone(status);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fieldErrors) show(caught.fieldErrors);
      else {
        showToast({ title: 'Error', description: messageOf(caught, 'Failed to verify'), variant: 'destructive' });
        // A possible sanctions match was recorded (409): the panel shows it, with the form that resolves it.
        if (caught instanceof ApiError && caught.status === 409) await onDone(view.status);
      }
    } finally {
      setPending(false);
    }
  }

  // Errors no field shows (e.g. an individual left out): listed in the summary.
  const fieldKeys = new Set([
    'risk.rating',
    'risk.reason',
    ...(lowering ? ['risk.loweringReason'] : []),
    ...(rating === 'high' ? ENHANCED_FIELDS.map(([key]) => `enhanced.${key}`) : []),
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
      {entries.map((entry, index) => (
        <IndividualChecks
          key={entry.party}
          entry={entry}
          index={index}
          label={individualLabel(view, entry.party)}
          fieldId={fieldId}
          error={error}
          onEntry={(change) => setEntry(index, change)}
          onDocument={(docIndex, change) => setDocument(index, docIndex, change)}
        />
      ))}
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
        {lowering ? (
          <Field
            id={fieldId('risk.loweringReason')}
            label="Why is it lower than the high rating on record? (a principal approves it)"
            error={error('risk.loweringReason')}
            required
          >
            {(props) => (
              <textarea
                {...props}
                className={`${props.className} min-h-20`}
                maxLength={CDD_LIMITS.reason}
                value={loweringReason}
                onChange={(event) => setLoweringReason(event.target.value)}
              />
            )}
          </Field>
        ) : null}
      </fieldset>
      {rating === 'high' ? (
        <EnhancedDueDiligence values={enhanced} onChange={setEnhanced} fieldId={fieldId} error={error}>
          A high rating needs enhanced due diligence and a principal&apos;s approval.
        </EnhancedDueDiligence>
      ) : null}
      <Button type="submit" pending={pending}>
        Record the verification
      </Button>
    </form>
  );
}
