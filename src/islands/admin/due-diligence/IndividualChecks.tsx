/** One individual's checks on the verification form: how they were identified, their documents, the screening. */
import {
  PEP_RESULTS,
  PEP_RESULT_LABELS,
  SANCTIONS_RESULTS,
  SANCTIONS_RESULT_LABELS,
  VERIFICATION_METHODS,
  VERIFICATION_METHOD_LABELS,
  type PepResult,
  type SanctionsResult,
  type VerificationMethod,
} from '#src/content/amlctf.ts';
import { CDD_LIMITS } from '#src/shared/schemas/cdd.ts';
import { Button } from '#src/ui/Button.tsx';
import { Field } from '#src/ui/Field.tsx';

export interface DocumentValues {
  type: string;
  issuer: string;
  last4: string;
  expiry: string;
}
export interface EntryValues {
  party: string;
  method: VerificationMethod | '';
  reference: string;
  documents: DocumentValues[];
  sanctionsCheckedAt: string;
  sanctionsResult: SanctionsResult | '';
  pepResult: PepResult | '';
}
export const emptyDocument = (): DocumentValues => ({ type: '', issuer: '', last4: '', expiry: '' });

export function IndividualChecks({
  entry,
  index,
  label,
  fieldId,
  error,
  onEntry,
  onDocument,
}: {
  entry: EntryValues;
  /** The individual's place in the request body (`verification.{index}`), which the errors are keyed by. */
  index: number;
  label: string;
  fieldId: (key: string) => string;
  error: (key: string) => string | undefined;
  onEntry: (change: Partial<EntryValues>) => void;
  onDocument: (docIndex: number, change: Partial<DocumentValues>) => void;
}) {
  const key = (field: string) => `verification.${index}.${field}`;
  const select = 'min-h-10';
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={fieldId(key('method'))} label="How the identity was verified" error={error(key('method'))} required>
          {(props) => (
            <select
              {...props}
              className={`${props.className} ${select}`}
              value={entry.method}
              onChange={(event) => onEntry({ method: event.target.value as VerificationMethod | '' })}
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
                onChange={(event) => onEntry({ reference: event.target.value })}
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
                    onChange={(event) => onDocument(docIndex, { type: event.target.value })}
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
                    onChange={(event) => onDocument(docIndex, { issuer: event.target.value })}
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
                    onChange={(event) => onDocument(docIndex, { last4: event.target.value })}
                  />
                )}
              </Field>
              <Field id={fieldId(docKey('expiry'))} label="Expiry date (if any)" error={error(docKey('expiry'))}>
                {(props) => (
                  <input
                    {...props}
                    type="date"
                    value={doc.expiry}
                    onChange={(event) => onDocument(docIndex, { expiry: event.target.value })}
                  />
                )}
              </Field>
            </div>
            {entry.documents.length > 1 ? (
              <Button
                variant="ghost"
                className="mt-2"
                onClick={() => onEntry({ documents: entry.documents.filter((_, at) => at !== docIndex) })}
              >
                Remove document {docIndex + 1}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      {entry.documents.length < CDD_LIMITS.documents ? (
        <Button variant="outline" onClick={() => onEntry({ documents: [...entry.documents, emptyDocument()] })}>
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
              onChange={(event) => onEntry({ sanctionsCheckedAt: event.target.value })}
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
              onChange={(event) => onEntry({ sanctionsResult: event.target.value as SanctionsResult | '' })}
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
              onChange={(event) => onEntry({ pepResult: event.target.value as PepResult | '' })}
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
}
