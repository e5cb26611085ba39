/**
 * The identity details as submitted, read back to the client (pages/identity-page.tsx): each
 * party's answers and the declarations, an answer left empty saying so.
 */
import { AGENT_AUTHORITY_LABELS, CDD_PURPOSE_LABELS, FUNDS_SOURCE_LABELS } from '#src/content/amlctf.ts';
import type { CddDraftParty } from '#src/shared/schemas/cdd-draft.ts';
import type { ClientCdd } from '../due-diligence/client-draft.ts';
import { DAY, type Owner } from './identity-fields.tsx';

function partyName(party: CddDraftParty): string {
  return (party.type === 'individual' ? party.fullName : party.name) ?? 'Not named';
}

type Row = [string, string | undefined];

/** A list of answers, each with its question; an answer left empty says so. */
function Answers({ rows }: { rows: Row[] }) {
  return (
    <dl className="details answers">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt>{term}</dt>
          <dd>{value === undefined || value === '' ? 'Not given' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The year of a date of birth, all the read-back shows of it: whoever sees the page (a shared
 * screen, a forwarded link) reads less than the practice holds. The practice keeps the full
 * date. (The details the client gives hold no document number: staff record only the last 4
 * characters of a document they sight, and never on the client's page.)
 */
const birthYear = (value: string | undefined): string | undefined =>
  value !== undefined && DAY.test(value) ? value.slice(0, 4) : undefined;

const personRows = (person: Owner): Row[] => [
  ['Full name', person.fullName],
  ['Other names used', person.otherNames ?? 'None'],
  ['Year of birth', birthYear(person.dateOfBirth)],
  ['Residential address', person.address],
  ['Phone', person.phone],
  ['E-mail', person.email],
];

const listed = (list: string[] | undefined) => (list?.length ? list.join(', ') : undefined);

const answerOf = (answer: { value?: boolean; details?: string } | undefined): string | undefined =>
  answer?.value === undefined ? undefined : answer.value ? `Yes${answer.details ? `: ${answer.details}` : ''}` : 'No';

function PartyAnswers({ party, index }: { party: CddDraftParty; index: number }) {
  const heading = `Customer ${index + 1}: ${partyName(party)}`;
  const rows: Row[] =
    party.type === 'individual'
      ? personRows(party)
      : party.type === 'company'
        ? [
            ['Company name', party.name],
            ['ACN or ABN', party.acnOrAbn],
            ['Registered office address', party.registeredAddress],
            ['Principal place of business', party.principalPlace],
            ['Directors', listed(party.directors)],
          ]
        : [
            ['Name of the trust', party.name],
            ['Type of trust', party.trustType],
            ['Trustees', listed(party.trustees)],
            ['Settlor', party.settlor],
            ['Appointor', party.appointor ?? 'None'],
            ['Beneficiaries', listed(party.beneficiaries)],
          ];
  return (
    <>
      <h3>{heading}</h3>
      <Answers rows={rows} />
      {party.type !== 'individual'
        ? (party.owners ?? []).map((owner, o) => (
            <div key={o}>
              <h4>{`Owner ${o + 1} of ${partyName(party)}`}</h4>
              <Answers rows={personRows(owner)} />
            </div>
          ))
        : null}
    </>
  );
}

/**
 * The answers as the client gave them, read-only: after submitting (until they choose to
 * change them) and while staff are checking them. Never once verified or closed: the link
 * shows nothing of them then (`readClientCdd`).
 */
export function AnswersSummary({ view, buying }: { view: ClientCdd['view']; buying: boolean }) {
  const { declarations } = view;
  const acting = declarations.actingForAnother;
  const funds = (declarations.sourceOfFunds ?? []).filter((each) => each.kind);
  const matterRows: Row[] = [
    [
      'Someone acting for a customer',
      acting?.value === true
        ? `Yes: ${acting.agent?.fullName ?? 'not named'}${acting.authority ? ` (${AGENT_AUTHORITY_LABELS[acting.authority].toLowerCase()})` : ''}${acting.details ? `; ${acting.details}` : ''}`
        : answerOf(acting),
    ],
    ['Politically exposed person', answerOf(declarations.pep)],
    ['Foreign person', answerOf(declarations.foreignPerson)],
    [
      'Purpose of the transaction',
      declarations.purpose
        ? `${CDD_PURPOSE_LABELS[declarations.purpose]}${declarations.purposeDetails ? `: ${declarations.purposeDetails}` : ''}`
        : undefined,
    ],
    ...(buying
      ? ([
          [
            'Source of funds',
            funds.length
              ? funds
                  .map(
                    (each) =>
                      `${FUNDS_SOURCE_LABELS[each.kind!]}${each.lender ? `: ${each.lender}` : ''}${each.details ? `: ${each.details}` : ''}`,
                  )
                  .join('; ')
              : undefined,
          ],
        ] satisfies Row[])
      : []),
  ];
  return (
    <section aria-labelledby="answers">
      <h2 id="answers">What you gave us</h2>
      {view.parties.map((party, index) => (
        <PartyAnswers key={index} party={party} index={index} />
      ))}
      {acting?.value === true && acting.agent ? (
        <>
          <h3>The person acting for the customer</h3>
          <Answers rows={personRows(acting.agent)} />
        </>
      ) : null}
      <h3>About the matter</h3>
      <Answers rows={matterRows} />
    </section>
  );
}
