/**
 * The client's identity-details page (`GET /engage/{token}/identity`), after they have
 * accepted the engagement: the due diligence the AML/CTF Act requires before the practice
 * acts. The same document and kit as the engagement page (document.tsx, src/ui); no
 * JavaScript at all. One form; each button (`name="action"`) saves what was typed and then
 * does its step, so adding a party or an owner works without scripts. Field names are draft
 * paths (due-diligence/identity-form.ts), so the schema's error paths name the fields to
 * mark; each message sits under its field and in a summary at the top.
 *
 * Pure: a function of the client's draft, its status and the form state.
 */
import {
  AGENT_AUTHORITIES,
  AGENT_AUTHORITY_LABELS,
  CDD_PURPOSE_LABELS,
  collectionNotice,
  CDD_PURPOSES,
  FUNDS_SOURCE_LABELS,
  FUNDS_SOURCES,
  IDENTITY_CHECK,
  WHY_WE_ASK,
  type FundsSource,
} from '../../../../src/content/amlctf.ts';
import {
  CDD_LIMITS,
  type CddDraft,
  type CddDraftDeclarations,
  type CddDraftParty,
} from '../../../../src/shared/schemas/cdd.ts';
import type { FieldErrors } from '../../../../src/shared/schemas/fields.ts';
import type { ClientCdd, KnownDetails } from '../due-diligence/client-draft.ts';
import type { ReactElement, ReactNode } from 'react';
import { Button, buttonClass } from '../../../../src/ui/Button.tsx';
import { Choice } from '../../../../src/ui/Choice.tsx';
import { ErrorSummary } from '../../../../src/ui/ErrorSummary.tsx';
import { Field, FieldError } from '../../../../src/ui/Field.tsx';
import { formatSydney, PageDocument, PhoneLink, renderPage } from './document.tsx';
import { FollowMatter } from './follow-matter.tsx';

type Owner = NonNullable<Extract<CddDraftParty, { owners?: unknown }>['owners']>[number];

export interface CddFormState {
  /** What the client posted, as a draft. */
  values: CddDraft;
  error?: string;
  fieldErrors?: FieldErrors;
}

export interface CddPageInput {
  token: string;
  practice: { name: string; phone: string };
  /** A purchase: the source of funds is asked. */
  buying: boolean;
  cdd: ClientCdd;
  /** A re-render after a refused submit (400): the values as posted and the messages. */
  form?: CddFormState;
  /** Landed here after "Save draft". */
  saved?: boolean;
  /**
   * What the practice knows of the client whose link this is (their name, e-mail, phone):
   * the first customer starts with it until the client has saved anything.
   */
  known?: KnownDetails;
  /** The client asked to change details already submitted (`?change`): the form again. */
  change?: boolean;
  /** The client's matter is open: the page links to /matter/. */
  matterOpen?: boolean;
}

/**
 * The messages by field path, handed out to the fields that show them. The page is built by
 * plain functions called in document order (not components, which React renders later), so
 * every field has claimed its messages by the time the summary is built. Each field claims
 * its own path (and, for a list in a text box or a question, the paths inside it), so the
 * summary can link each message to the field it sits under; a message no field claimed is
 * listed without a link.
 */
class Messages {
  private readonly anchors = new Map<string, string>();
  private readonly fieldErrors: FieldErrors;
  constructor(fieldErrors: FieldErrors) {
    this.fieldErrors = fieldErrors;
  }

  take(id: string, paths: string[], { within = false } = {}): string[] {
    const keys = Object.keys(this.fieldErrors).filter(
      (key) => !this.anchors.has(key) && paths.some((path) => key === path || (within && key.startsWith(`${path}.`))),
    );
    for (const key of keys) this.anchors.set(key, id);
    return keys.flatMap((key) => this.fieldErrors[key]!);
  }

  summary(): { message: string; field?: string }[] {
    return Object.entries(this.fieldErrors).flatMap(([key, messages]) =>
      messages.map((message) => ({ message, field: this.anchors.get(key) })),
    );
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface FieldOptions {
  name: string;
  label: string;
  value: string | undefined;
  max: number;
  type?: 'text' | 'email' | 'tel' | 'date';
  autocomplete?: string;
  hint?: string;
  /** A text box of lines (names one per line, details). */
  multiline?: boolean;
  /** Also show the messages of paths inside this one (a list's items). */
  within?: boolean;
  /** Also show the messages of these paths (a source of funds' lender, whatever its place in the list). */
  claims?: string[];
}

function field(messages: Messages, options: FieldOptions): ReactElement {
  const { name, label, max, type = 'text', hint, multiline = false } = options;
  const errors = messages.take(name, [name, ...(options.claims ?? [])], { within: options.within });
  // A date input shows only a whole date; anything else a draft holds (sent by the API) is left out.
  const value = type === 'date' && options.value !== undefined && !DAY.test(options.value) ? '' : (options.value ?? '');
  return (
    <Field
      key={name}
      id={name}
      label={label}
      hint={hint}
      error={errors}
      className={errors.length ? 'mb-4 has-error' : 'mb-4'}
    >
      {(props) =>
        multiline ? (
          <textarea {...props} autoComplete={options.autocomplete} rows={3} maxLength={max} defaultValue={value} />
        ) : (
          <input
            type={type}
            {...props}
            autoComplete={options.autocomplete}
            maxLength={type === 'date' ? undefined : max}
            spellCheck={type === 'text' ? false : undefined}
            defaultValue={value}
          />
        )
      }
    </Field>
  );
}

/**
 * Radios for one answer (or checkboxes for several, `multiple`); `paths` are the messages it
 * shows (the answer, or its absence). `extra` follows the choices inside the fieldset: the
 * boxes a choice reveals (`Reveal`).
 */
function radios(
  messages: Messages,
  input: {
    name: string;
    legend: string;
    why?: string;
    options: { value: string; label: string }[];
    value?: string;
    /** Checkboxes: every value ticked. */
    multiple?: readonly string[];
    paths: string[];
  },
  extra: ReactNode = null,
): ReactElement {
  const { name, options, multiple } = input;
  const firstId = `${name}-${options[0]!.value}`;
  const errors = messages.take(firstId, input.paths);
  const errorId = `${name}-error`;
  return (
    <fieldset key={name} className={`question${errors.length ? ' has-error' : ''}`}>
      <legend>{input.legend}</legend>
      {input.why ? <p className="why">{input.why}</p> : null}
      {errors.length ? <FieldError id={errorId} messages={errors} className="field-error" /> : null}
      <div className="choices mb-3">
        {options.map((option) => (
          <Choice
            key={option.value}
            type={multiple ? 'checkbox' : 'radio'}
            id={`${name}-${option.value}`}
            name={name}
            value={option.value}
            label={option.label}
            checked={multiple ? multiple.includes(option.value) : input.value === option.value}
            errorId={errors.length ? errorId : undefined}
          />
        ))}
      </div>
      {extra}
    </fieldset>
  );
}

/**
 * What a choice reveals ("If yes…", the lender of a loan): shown only once the question's
 * choice `when` is ticked. CSS does it (`:has()` in client-pages.css), so it works with no
 * script, follows each click, and hides nothing from a browser without `:has()`; a hidden
 * box is out of the accessibility tree too, and it follows its choice in reading order.
 */
function Reveal({ when, children }: { when: 'yes' | 'loan' | 'other'; children: ReactNode }) {
  return <div className={`reveal reveal-${when}`}>{children}</div>;
}

/** One of the form's steps (`name="action"`); `context` tells a screen reader which of several it is. */
function ActionButton({
  action,
  children,
  context,
  primary = false,
}: {
  action: string;
  children: string;
  context?: string;
  primary?: boolean;
}) {
  return (
    <Button type="submit" name="action" value={action} variant={primary ? 'primary' : 'outline'}>
      {children}
      {context ? <span className="sr-only">{` ${context}`}</span> : null}
    </Button>
  );
}

/** An individual's fields under `prefix` (`parties.0` or `parties.1.owners.0`). */
function individualFields(messages: Messages, prefix: string, person: Owner, customer: boolean): ReactElement[] {
  // The client's own details are most likely the first customer's: the browser may offer them.
  // An owner is somebody else, whose details the browser must not fill in with the client's.
  const auto = (token: string) => (customer ? token : 'off');
  return [
    field(messages, {
      name: `${prefix}.fullName`,
      label: 'Full name',
      value: person.fullName,
      max: CDD_LIMITS.name,
      autocomplete: auto('name'),
    }),
    field(messages, {
      name: `${prefix}.otherNames`,
      label: 'Other names used (optional)',
      hint: 'For example a former or maiden name',
      value: person.otherNames,
      max: CDD_LIMITS.otherNames,
      autocomplete: 'off',
    }),
    field(messages, {
      name: `${prefix}.dateOfBirth`,
      label: 'Date of birth',
      value: person.dateOfBirth,
      max: 10,
      type: 'date',
      autocomplete: auto('bday'),
    }),
    field(messages, {
      name: `${prefix}.address`,
      label: 'Residential address',
      hint: 'Where the person lives, not a post office box',
      value: person.address,
      max: CDD_LIMITS.address,
      autocomplete: auto('street-address'),
      // A box of lines: the one kind of field a whole street address may autofill.
      multiline: true,
    }),
    field(messages, {
      name: `${prefix}.phone`,
      label: 'Phone',
      value: person.phone,
      max: CDD_LIMITS.phone,
      type: 'tel',
      autocomplete: auto('tel'),
    }),
    field(messages, {
      name: `${prefix}.email`,
      label: 'E-mail',
      value: person.email,
      max: CDD_LIMITS.email,
      type: 'email',
      autocomplete: auto('email'),
    }),
  ];
}

const lines = (list: string[] | undefined) => (list ?? []).join('\n');

function ownersBlock(messages: Messages, index: number, owners: Owner[]): ReactElement {
  const entries = owners.map((owner, o) => (
    <fieldset key={o} className="owner" id={`party-${index}-owner-${o}`}>
      <legend>{`Owner ${o + 1}`}</legend>
      {individualFields(messages, `parties.${index}.owners.${o}`, owner, false)}
      <p>
        <ActionButton action={`remove-owner:${index}.${o}`} context={`(owner ${o + 1} of customer ${index + 1})`}>
          Remove this owner
        </ActionButton>
      </p>
    </fieldset>
  ));
  const listErrors = messages.take(`party-${index}-owners`, [`parties.${index}.owners`]);
  return (
    <fieldset key="owners" className="my-5 min-w-0" id={`party-${index}-owners`}>
      <legend>People who own 25% or more, or control it</legend>
      <p className="why">
        Each individual who owns 25% or more of it, directly or through other companies or trusts, or who controls it.
      </p>
      {listErrors.length ? <FieldError messages={listErrors} className="field-error" /> : null}
      {entries.length ? entries : <p>No owners added yet.</p>}
      {owners.length < CDD_LIMITS.list ? (
        <p>
          <ActionButton action={`add-owner:${index}`} context={`to customer ${index + 1}`}>
            Add an owner (25% or more)
          </ActionButton>
        </p>
      ) : null}
    </fieldset>
  );
}

const PARTY_NOUN = { individual: 'an individual', company: 'a company', trust: 'a trust' } as const;

/** One customer's box; `only`: the form's one customer, which cannot be removed (there must be one). */
function partyBlock(messages: Messages, party: CddDraftParty, index: number, only: boolean): ReactElement {
  const prefix = `parties.${index}`;
  let fields: ReactElement[];
  if (party.type === 'individual') {
    fields = individualFields(messages, prefix, party, true);
  } else if (party.type === 'company') {
    fields = [
      field(messages, {
        name: `${prefix}.name`,
        label: 'Company name',
        value: party.name,
        max: CDD_LIMITS.name,
        autocomplete: 'organization',
      }),
      field(messages, {
        name: `${prefix}.acnOrAbn`,
        label: 'ACN or ABN',
        hint: 'The 9-digit ACN or the 11-digit ABN',
        value: party.acnOrAbn,
        max: CDD_LIMITS.acnOrAbn,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.registeredAddress`,
        label: 'Registered office address',
        value: party.registeredAddress,
        max: CDD_LIMITS.address,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.principalPlace`,
        label: 'Principal place of business',
        value: party.principalPlace,
        max: CDD_LIMITS.address,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.directors`,
        label: 'Directors’ full names',
        hint: 'One name per line',
        value: lines(party.directors),
        max: CDD_LIMITS.list * (CDD_LIMITS.name + 1),
        multiline: true,
        within: true,
      }),
      ownersBlock(messages, index, party.owners ?? []),
    ];
  } else {
    fields = [
      field(messages, {
        name: `${prefix}.name`,
        label: 'Name of the trust',
        value: party.name,
        max: CDD_LIMITS.name,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.trustType`,
        label: 'Type of trust',
        hint: 'For example a family (discretionary) trust or a unit trust',
        value: party.trustType,
        max: CDD_LIMITS.trustType,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.trustees`,
        label: 'Trustees’ full names',
        hint: 'One name per line; for a company trustee, its name',
        value: lines(party.trustees),
        max: CDD_LIMITS.list * (CDD_LIMITS.name + 1),
        multiline: true,
        within: true,
      }),
      field(messages, {
        name: `${prefix}.settlor`,
        label: 'Settlor (if known)',
        value: party.settlor,
        max: CDD_LIMITS.name,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.appointor`,
        label: 'Appointor (optional)',
        value: party.appointor,
        max: CDD_LIMITS.name,
        autocomplete: 'off',
      }),
      field(messages, {
        name: `${prefix}.beneficiaries`,
        label: 'Named beneficiaries, or their classes',
        hint: 'One per line, for example “the settlor’s grandchildren”',
        value: lines(party.beneficiaries),
        max: CDD_LIMITS.list * (CDD_LIMITS.name + 1),
        multiline: true,
        within: true,
      }),
      ownersBlock(messages, index, party.owners ?? []),
    ];
  }
  const partyErrors = messages.take(`party-${index}`, [prefix, `${prefix}.type`]);
  return (
    <fieldset key={index} className="party" id={`party-${index}`}>
      <legend>{`Customer ${index + 1}: ${PARTY_NOUN[party.type]}`}</legend>
      <input type="hidden" name={`${prefix}.type`} value={party.type} />
      {partyErrors.length ? <FieldError messages={partyErrors} className="field-error" /> : null}
      {fields}
      {only ? null : (
        <p>
          <ActionButton action={`remove-party:${index}`} context={`(customer ${index + 1})`}>
            Remove this party
          </ActionButton>
        </p>
      )}
    </fieldset>
  );
}

const FUNDS_PREFIX = 'declarations.sourceOfFunds';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const yesNoValue = (answer: { value?: boolean } | undefined) =>
  answer?.value === undefined ? undefined : answer.value ? 'yes' : 'no';

const QUESTIONS = {
  actingForAnother: {
    legend: 'Is anyone acting on a customer’s behalf (for example under a power of attorney)?',
    details: 'If yes: details of the authority (for example the date of the power of attorney, or the office held)',
  },
  pep: {
    legend:
      'Is any customer, owner or trustee a politically exposed person (holding a prominent public position, in Australia or elsewhere), or a family member or close associate of one?',
    details: 'If yes: who, and what public position is held',
  },
  foreignPerson: {
    legend:
      'Is any customer a foreign person (not an Australian citizen or permanent resident, or a foreign company or trust)?',
    details: 'If yes: which customer, and their country of citizenship or residence',
  },
} as const;

/**
 * Under "is anyone acting for a customer?": their authority, its details and the person
 * acting, identified like a customer (s 28(2)(b), (c)). Shown once the answer is yes
 * (`Reveal`); the form drops it empty unless the answer is yes.
 */
function agentBlock(messages: Messages, acting: CddDraftDeclarations['actingForAnother']): ReactElement {
  const prefix = 'declarations.actingForAnother';
  const authority = radios(messages, {
    name: `${prefix}.authority`,
    legend: 'If yes: under what authority do they act?',
    options: AGENT_AUTHORITIES.map((value) => ({ value, label: AGENT_AUTHORITY_LABELS[value] })),
    value: acting?.authority,
    paths: [`${prefix}.authority`],
  });
  const details = field(messages, {
    name: `${prefix}.details`,
    label: QUESTIONS.actingForAnother.details,
    value: acting?.details,
    max: CDD_LIMITS.details,
    multiline: true,
  });
  const person = individualFields(messages, `${prefix}.agent`, acting?.agent ?? {}, false);
  const personErrors = messages.take('agent', [`${prefix}.agent`]);
  return (
    <Reveal when="yes">
      {authority}
      {details}
      <fieldset className="owner" id="agent">
        <legend>If yes: the person acting for the customer</legend>
        <p className="why">We identify and verify them as we do a customer.</p>
        {personErrors.length ? <FieldError messages={personErrors} className="field-error" /> : null}
        {person}
      </fieldset>
    </Reveal>
  );
}

function declarationsBlock(messages: Messages, declarations: CddDraftDeclarations, buying: boolean): ReactElement[] {
  const questions = (['actingForAnother', 'pep', 'foreignPerson'] as const).map((key) => {
    const name = `declarations.${key}`;
    return radios(
      messages,
      {
        name: `${name}.value`,
        legend: QUESTIONS[key].legend,
        options: YES_NO,
        value: yesNoValue(declarations[key]),
        paths: [name, `${name}.value`],
      },
      key === 'actingForAnother' ? (
        agentBlock(messages, declarations.actingForAnother)
      ) : (
        <Reveal when="yes">
          {field(messages, {
            name: `${name}.details`,
            label: QUESTIONS[key].details,
            value: declarations[key]?.details,
            max: CDD_LIMITS.details,
            multiline: true,
          })}
        </Reveal>
      ),
    );
  });
  const purpose = radios(
    messages,
    {
      name: 'declarations.purpose',
      legend: 'What is the purpose of this transaction?',
      options: CDD_PURPOSES.map((value) => ({ value, label: CDD_PURPOSE_LABELS[value] })),
      value: declarations.purpose,
      paths: ['declarations.purpose'],
    },
    <Reveal when="other">
      {field(messages, {
        name: 'declarations.purposeDetails',
        label: 'If something else: what is the purpose?',
        value: declarations.purposeDetails,
        max: CDD_LIMITS.details,
        multiline: true,
      })}
    </Reveal>,
  );
  if (!buying) return [...questions, purpose];
  // Several at once (savings and a loan): checkboxes. The schema names a source's missing
  // lender or details by its place in the list (`declarations.sourceOfFunds.1.lender`).
  const sources = declarations.sourceOfFunds ?? [];
  const ticked = sources.flatMap((each) => (each.kind ? [each.kind] : []));
  const places = FUNDS_SOURCES.map((_, index) => `${FUNDS_PREFIX}.${index}`);
  const of = (kind: FundsSource) => sources.find((each) => each.kind === kind);
  const funds = radios(
    messages,
    {
      name: `${FUNDS_PREFIX}.kind`,
      legend: 'Where does the money for the purchase come from? Tick each source.',
      options: FUNDS_SOURCES.map((value) => ({ value, label: FUNDS_SOURCE_LABELS[value] })),
      multiple: ticked,
      paths: [FUNDS_PREFIX, `${FUNDS_PREFIX}.kind`, ...places, ...places.map((place) => `${place}.kind`)],
    },
    <>
      <Reveal when="loan">
        {field(messages, {
          name: `${FUNDS_PREFIX}.lender`,
          label: 'The lender’s name',
          value: of('loan')?.lender,
          max: CDD_LIMITS.name,
          autocomplete: 'off',
          claims: places.map((place) => `${place}.lender`),
        })}
      </Reveal>
      <Reveal when="other">
        {field(messages, {
          name: `${FUNDS_PREFIX}.details`,
          label: 'If something else: where does the money come from?',
          value: of('other')?.details,
          max: CDD_LIMITS.details,
          multiline: true,
          claims: places.map((place) => `${place}.details`),
        })}
      </Reveal>
    </>,
  );
  return [...questions, purpose, funds];
}

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
function AnswersSummary({ view, buying }: { view: ClientCdd['view']; buying: boolean }) {
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

/** What happens after a submission, in order, and how long the check takes (IDENTITY_CHECK). */
function NextSteps() {
  return (
    <>
      <h3>What happens next</h3>
      <ol>
        {IDENTITY_CHECK.afterSubmit.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>{`We aim to check your details within ${IDENTITY_CHECK.checkBusinessDays} business days.`}</p>
    </>
  );
}

function StatusPanel({ input, editing }: { input: CddPageInput; editing: boolean }) {
  const { status } = input.cdd.view;
  const call = <PhoneLink phone={input.practice.phone} />;
  const when = input.cdd.submittedAt ? ` on ${formatSydney(input.cdd.submittedAt)}` : '';
  const panel = (heading: string, success: boolean, body: ReactNode) => (
    <section className={success ? 'panel panel-success' : 'panel'} id="status" aria-labelledby="status-heading">
      <h2 id="status-heading">{heading}</h2>
      {body}
    </section>
  );
  // Closing keeps the status, so this comes first: nothing is pending or editable any more.
  if (input.cdd.closed) {
    return panel(
      'Your matter has ended',
      false,
      <p>
        Your matter with us has ended, so your identity details can no longer be changed here. If something has changed,
        please call us on {call}.
      </p>,
    );
  }
  switch (status) {
    case 'submitted':
      return panel(
        'Submitted',
        true,
        editing ? (
          <p>
            {`You submitted your identity details${when}. Change what you need below and submit them again; until you do, we check them as you submitted them.`}
          </p>
        ) : (
          <>
            <p>{`You submitted your identity details${when}. We will check them and contact you.`}</p>
            <NextSteps />
            <p>
              {'Something wrong or changed? '}
              <a href={`${identityPath(input.token)}?change=1#parties`}>Change your details</a>
              {' (you then submit them again).'}
            </p>
          </>
        ),
      );
    case 'rejected':
      return panel(
        'Please check your details',
        false,
        <p>
          We could not verify the details as they were. Please check them below and submit them again, or call us on{' '}
          {call}.
        </p>,
      );
    case 'awaiting-approval':
      return panel(
        'We are checking your details',
        false,
        <p>
          {`You submitted your identity details${when}, and we are checking them now, so they can no longer be changed here. If something has changed, please call us on `}
          {call}.
        </p>,
      );
    case 'verified':
      return panel(
        'Verified',
        true,
        <p>
          We have verified your identity details. Thank you: there is nothing more to do here. If something changes,
          please call us on {call}.
        </p>,
      );
    default:
      return null;
  }
}

const identityPath = (token: string) => `/engage/${encodeURIComponent(token)}/identity`;

/** Which reason goes with which part of the form, in the form's order. */
const WHY_TOPICS: [keyof typeof WHY_WE_ASK, string][] = [
  ['individual', 'Each person'],
  ['company', 'A company'],
  ['trust', 'A trust'],
  ['actingForAnother', 'Someone acting for a customer'],
  ['pep', 'Politically exposed people'],
  ['foreignPerson', 'Foreign persons'],
  ['purpose', 'The purpose'],
  ['sourceOfFunds', 'The source of funds'],
];

/** Before the form: why (once, folded away), what to have ready, and how long it all takes. */
function Intro({ buying }: { buying: boolean }) {
  const ready = IDENTITY_CHECK.haveReady.filter((line) => buying || !line.startsWith('For a purchase'));
  return (
    <>
      <p className="lead">
        Before we can act in a property transaction, the Anti-Money Laundering and Counter-Terrorism Financing Act 2006
        requires us to identify each customer (each buyer or seller on the contract), anyone who owns or controls a
        company or trust customer, and anyone acting for them, and to understand the transaction.
      </p>
      <details className="mb-3.5">
        <summary>Why we ask for each detail</summary>
        <ul>
          {WHY_TOPICS.filter(([key]) => buying || key !== 'sourceOfFunds').map(([key, topic]) => (
            <li key={key}>{`${topic}: ${WHY_WE_ASK[key]}`}</li>
          ))}
        </ul>
      </details>
      <section aria-labelledby="before-heading">
        <h2 id="before-heading">Before you start</h2>
        <p>
          {`It takes about ${IDENTITY_CHECK.fillMinutes} minutes for each person. You can save your answers at any time and come back with the same link. Have these ready:`}
        </p>
        <ul>
          {ready.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          {`Once you submit, we aim to check your details within ${IDENTITY_CHECK.checkBusinessDays} business days, and may ask to see your identity documents.`}
        </p>
        <p>
          We keep these details encrypted, and only for as long as the law requires (7 years after your matter ends).
        </p>
      </section>
    </>
  );
}

/** The form while the client may edit: every field, then the summary of what is wrong, placed first. */
function identityForm(input: CddPageInput, messages: Messages): ReactElement {
  const { token, cdd, form, buying } = input;
  const values = form?.values ?? { parties: cdd.view.parties, declarations: cdd.view.declarations };
  // A first visit starts with one individual, the most common customer, with what the
  // practice knows of the client whose link this is; the type is kept as a hidden field.
  const parties: CddDraftParty[] = values.parties.length
    ? values.parties
    : [{ type: 'individual', ...(cdd.view.status === 'not-started' ? input.known : {}) }];
  const partyBlocks = parties.map((party, index) => partyBlock(messages, party, index, parties.length === 1));
  const partiesErrors = messages.take('parties', ['parties']);
  const declarations = declarationsBlock(messages, values.declarations, buying);
  // Built last, once every field has claimed its messages, and placed first.
  const summary = <ErrorSummary message={form?.error} items={messages.summary()} />;
  return (
    <form method="post" action={identityPath(token)} noValidate>
      {summary}
      <p className="actions">
        <ActionButton action="save" primary>
          Save draft
        </ActionButton>
      </p>
      <section aria-labelledby="parties">
        <h2 id="parties">Customers</h2>
        <p>
          Add each customer: each person, company or trust who will be a buyer or seller on the contract. A company or
          trust also needs the people who own 25% or more of it or control it.
        </p>
        {partiesErrors.length ? <FieldError messages={partiesErrors} className="field-error" /> : null}
        {partyBlocks}
        {parties.length < CDD_LIMITS.parties ? (
          <p className="actions">
            <ActionButton action="add-party:individual">Add an individual</ActionButton>
            <ActionButton action="add-party:company">Add a company</ActionButton>
            <ActionButton action="add-party:trust">Add a trust</ActionButton>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="matter-heading">
        <h2 id="matter-heading">About the matter</h2>
        {declarations}
      </section>
      <section className="panel" aria-labelledby="submit-heading">
        <h2 id="submit-heading">Submit for checking</h2>
        <p>
          When every answer is complete, submit your details. We will check them, and may ask to see identity documents.
        </p>
        <p className="actions">
          <ActionButton action="save">Save draft</ActionButton>
          <ActionButton action="submit" primary>
            Submit for checking
          </ActionButton>
        </p>
      </section>
    </form>
  );
}

/** The APP 5 collection notice, the same text the API gives as `notice`. */
function CollectionNoticeSection({ practiceName }: { practiceName: string }) {
  const notice = collectionNotice(practiceName);
  return (
    <section aria-labelledby="collection-notice" className="mt-8" id="collection-notice-section">
      <h2 id="collection-notice">{notice.title}</h2>
      {notice.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>
        <a href={notice.privacyPolicy.href}>{notice.privacyPolicy.label}</a>
      </p>
    </section>
  );
}

/**
 * The whole page: the status, then the form while the client may edit; a submission read
 * back (with what happens next) until they choose to change it, or while staff check it;
 * once verified or closed, only the status.
 */
export function cddPage(input: CddPageInput): string {
  const { token, cdd, form } = input;
  const { status } = cdd.view;
  const open = !cdd.closed && !['awaiting-approval', 'verified'].includes(status);
  // A submission is shown read-only unless the client asked to change it, or a refused post is shown again.
  const editable = open && (status !== 'submitted' || Boolean(input.change || form));
  const invalid = Boolean(form && (form.error || Object.keys(form.fieldErrors ?? {}).length));
  const readBack = !editable && !cdd.closed && ['submitted', 'awaiting-approval'].includes(status);
  let content: ReactNode = null;
  if (editable) content = identityForm(input, new Messages(form?.fieldErrors ?? {}));
  else if (readBack) content = <AnswersSummary view={cdd.view} buying={input.buying} />;
  return renderPage(
    <PageDocument
      title={`${invalid ? 'Error: ' : ''}Your identity details – ${input.practice.name}`}
      practiceName={input.practice.name}
    >
      <h1>Your identity details</h1>
      {input.matterOpen ? <FollowMatter /> : null}
      {input.saved && editable && !invalid ? (
        <div className="panel panel-success" id="saved" role="status">
          <p>Your draft is saved. You can come back to it with the same link.</p>
        </div>
      ) : null}
      <StatusPanel input={input} editing={editable} />
      {editable ? <Intro buying={input.buying} /> : null}
      {content}
      <CollectionNoticeSection practiceName={input.practice.name} />
      <p className="mt-8">
        <a href={`/engage/${encodeURIComponent(token)}`}>Back to your costs agreement</a>
      </p>
    </PageDocument>,
  );
}

/** Before the engagement is accepted (404): there is nothing to fill in yet. */
export function cddNotYetPage(token: string, practice: { name: string }, message: string): string {
  return renderPage(
    <PageDocument title={`Your identity details – ${practice.name}`} practiceName={practice.name}>
      <h1>Your identity details</h1>
      <p>{message}</p>
      <p>
        <a className={buttonClass('primary')} href={`/engage/${encodeURIComponent(token)}`}>
          Read and accept your costs agreement
        </a>
      </p>
    </PageDocument>,
  );
}
