/** What the client gave through their link, and what staff recorded when they verified it: read-only. */
import type { ReactNode } from 'react';
import {
  AGENT_AUTHORITY_LABELS,
  CDD_PURPOSE_LABELS,
  FUNDS_SOURCE_LABELS,
  PEP_RESULT_LABELS,
  RISK_RATING_LABELS,
  SANCTIONS_RESULT_LABELS,
  VERIFICATION_METHOD_LABELS,
} from '#src/content/amlctf.ts';
import { AGENT_PATH, individualAt } from '#src/shared/schemas/cdd-verification.ts';
import type { CddDraftDeclarations, CddDraftParty } from '#src/shared/schemas/cdd-draft.ts';
import type { CddStaffView } from '#src/shared/schemas/cdd-record.ts';
import { formatDate, formatDateTime } from '../kit/format.ts';

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
  ['Date of birth', person.dateOfBirth && formatDate(person.dateOfBirth)],
  ['Residential address', person.address],
  ['Phone', person.phone],
  ['E-mail', person.email],
];
const list = (items: string[] | undefined) => (items && items.length ? items.join('; ') : undefined);

/** The person acting for the customer and their authority, as a heading names them. */
const agentTitle = (declarations: CddDraftDeclarations) => {
  const authority = declarations.actingForAnother?.authority;
  return `Person acting for the customer${authority ? ` (${AGENT_AUTHORITY_LABELS[authority].toLowerCase()})` : ''}`;
};

/**
 * "Customer 1: Ann Lee", "Customer 2 (company), owner 1", "Person acting for the customer
 * (power of attorney): Pat Lee": how the form and the answers name an individual.
 */
export function individualLabel(
  { parties, declarations }: { parties: readonly CddDraftParty[]; declarations: CddDraftDeclarations },
  path: string,
): string {
  if (path === AGENT_PATH) {
    const name = declarations.actingForAnother?.agent?.fullName;
    return name ? `${agentTitle(declarations)}: ${name}` : agentTitle(declarations);
  }
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

/** Who acts for the customer, under what authority (with its details), and their identity details. */
function AgentAnswers({ declarations }: { declarations: CddDraftDeclarations }) {
  const acting = declarations.actingForAnother;
  if (acting?.value !== true) return null;
  return (
    <section className="mt-3 rounded-md border border-slate-200 p-3" aria-label="Person acting for the customer">
      <h6 className="mb-2 font-semibold text-slate-900">{agentTitle(declarations)}</h6>
      <Facts
        rows={[
          ['Authority', acting.authority ? AGENT_AUTHORITY_LABELS[acting.authority] : 'Not given'],
          ['Details of the authority', acting.details],
          ...personRows(acting.agent ?? {}),
        ]}
      />
    </section>
  );
}

function DeclarationAnswers({ declarations }: { declarations: CddDraftDeclarations }) {
  const funds = declarations.sourceOfFunds;
  return (
    <Facts
      rows={[
        [
          'Someone acting for the customer',
          declarations.actingForAnother?.value === true ? 'Yes (below)' : yesNo(declarations.actingForAnother),
        ],
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
          // Several at once (savings and a loan, say): each with its lender or what it is.
          funds?.some((each) => each.kind)
            ? funds
                .filter((each) => each.kind)
                .map(
                  (each) =>
                    `${FUNDS_SOURCE_LABELS[each.kind!]}${each.lender ? `: ${each.lender}` : ''}${each.details ? ` (${each.details})` : ''}`,
                )
                .join('; ')
            : undefined,
        ],
      ]}
    />
  );
}

/** The client's customers (individuals, companies, trusts with their owners) and declarations. */
export function ClientAnswers({ view }: { view: CddStaffView }) {
  return (
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
      <AgentAnswers declarations={view.declarations} />
    </div>
  );
}

/** A rating in the history, without the select's hint ("needs a second approval"). */
const RATING_NAMES = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/**
 * The risk, who rated, approved or rejected it ("Verified by" only once it is verified on its
 * rater's word alone; a rating waiting for approval, or approved, was rated), with each
 * approver's note in the ratings' history, and each individual's checks; nothing before a
 * verification.
 */
export function VerificationRecord({ view }: { view: CddStaffView }) {
  if (!view.risk && !view.verification.length) return null;
  return (
    <div>
      <h5 className="mb-1 font-semibold text-slate-900">Verification</h5>
      <Facts
        rows={[
          ['Risk', view.risk ? `${RISK_RATING_LABELS[view.risk.rating]}: ${view.risk.reason}` : undefined],
          [
            // Verified only once the record is: until a rating is approved, its giver only rated it.
            view.status === 'verified' && !view.approvals.approvedBy ? 'Verified by' : 'Rated by',
            view.approvals.verifiedBy
              ? `${view.approvals.verifiedBy}, ${formatDateTime(view.approvals.verifiedAt)}`
              : undefined,
          ],
          [
            'Approval',
            view.status === 'awaiting-approval' && view.approvals.verifiedBy
              ? `Waiting for a principal other than ${view.approvals.verifiedBy}`
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
      {view.ratings.length ? (
        <>
          <h6 className="mt-3 mb-1 font-semibold text-slate-900">Risk ratings given</h6>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {view.ratings.map((rating, index) => (
              <li key={index}>
                {`${RATING_NAMES[rating.rating]} risk by ${rating.by}, ${formatDateTime(rating.at)}: ${rating.reason}`}
                {rating.loweringReason === undefined ? '' : `; lowered from high because: ${rating.loweringReason}`}
                {rating.enhanced
                  ? `; enhanced due diligence: source of wealth: ${rating.enhanced.sourceOfWealth}; source of funds: ${rating.enhanced.sourceOfFunds}; notes: ${rating.enhanced.notes}`
                  : ''}
                {rating.approvedBy ? `; approved by ${rating.approvedBy}, ${formatDateTime(rating.approvedAt)}` : ''}
                {rating.approvalNote === undefined ? '' : `, noting: ${rating.approvalNote}`}
                {rating.rejectedBy ? `; rejected by ${rating.rejectedBy}, ${formatDateTime(rating.rejectedAt)}` : ''}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <ul className="mt-2 space-y-1 text-sm">
        {view.verification.map((entry) => (
          <li key={entry.party}>
            <span className="font-medium">{individualLabel(view, entry.party)}</span>:{' '}
            {VERIFICATION_METHOD_LABELS[entry.method]}
            {entry.reference ? ` (${entry.reference})` : ''};{' '}
            {entry.documents
              .map(
                (d) =>
                  `${d.type}, ${d.issuer}, ending ${d.last4}${d.expiry ? `, expires ${formatDate(d.expiry)}` : ''}`,
              )
              .join('; ')}
            ; sanctions checked {formatDate(entry.sanctionsCheckedAt)}: {SANCTIONS_RESULT_LABELS[entry.sanctionsResult]}
            ; {PEP_RESULT_LABELS[entry.pepResult]}
          </li>
        ))}
      </ul>
    </div>
  );
}
