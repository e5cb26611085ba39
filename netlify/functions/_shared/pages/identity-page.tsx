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
  WHY_WE_ASK,
} from '../../../../src/content/amlctf.ts';
import {
  CDD_LIMITS,
  type CddDraft,
  type CddDraftDeclarations,
  type CddDraftParty,
} from '../../../../src/shared/schemas/cdd.ts';
import type { FieldErrors } from '../../../../src/shared/schemas/fields.ts';
import type { ClientCdd } from '../due-diligence/client-draft.ts';
import type { ReactElement, ReactNode } from 'react';
import { Button, buttonClass } from '../../../../src/ui/Button.tsx';
import { Choice } from '../../../../src/ui/Choice.tsx';
import { ErrorSummary } from '../../../../src/ui/ErrorSummary.tsx';
import { Field, FieldError } from '../../../../src/ui/Field.tsx';
import { formatSydney, PageDocument, PhoneLink, renderPage } from './document.tsx';

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
}

function field(messages: Messages, options: FieldOptions): ReactElement {
  const { name, label, max, type = 'text', hint, multiline = false } = options;
  const errors = messages.take(name, [name], { within: options.within });
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

/** Radios for one answer; `paths` are the messages it shows (the answer, or its absence). */
function radios(
  messages: Messages,
  input: {
    name: string;
    legend: string;
    why?: string;
    options: { value: string; label: string }[];
    value?: string;
    paths: string[];
  },
  extra: ReactNode = null,
): ReactElement {
  const { name, options } = input;
  const firstId = `${name}-${options[0]!.value}`;
  const errors = messages.take(firstId, input.paths);
  const errorId = `${name}-error`;
  return (
    <fieldset key={name} className={`question${errors.length ? ' has-error' : ''}`}>
      <legend>{input.legend}</legend>
      {input.why ? <p className="why">{input.why}</p> : null}
      {errors.length ? <FieldError id={errorId} messages={errors} className="field-error" /> : null}
      <div className="mb-3">
        {options.map((option) => (
          <Choice
            key={option.value}
            type="radio"
            id={`${name}-${option.value}`}
            name={name}
            value={option.value}
            label={option.label}
            checked={input.value === option.value}
            errorId={errors.length ? errorId : undefined}
          />
        ))}
      </div>
      {extra}
    </fieldset>
  );
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

function partyBlock(messages: Messages, party: CddDraftParty, index: number): ReactElement {
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
      <p className="why">{`Why we ask: ${WHY_WE_ASK[party.type]}`}</p>
      {partyErrors.length ? <FieldError messages={partyErrors} className="field-error" /> : null}
      {fields}
      <p>
        <ActionButton action={`remove-party:${index}`} context={`(customer ${index + 1})`}>
          Remove this party
        </ActionButton>
      </p>
    </fieldset>
  );
}

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
 * acting, identified like a customer (s 28(2)(b), (c)). Always shown (the page has no
 * script to reveal it on "yes"); the form drops it empty unless the answer is yes.
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
    <>
      {authority}
      {details}
      <fieldset className="owner" id="agent">
        <legend>If yes: the person acting for the customer</legend>
        <p className="why">We identify and verify them as we do a customer.</p>
        {personErrors.length ? <FieldError messages={personErrors} className="field-error" /> : null}
        {person}
      </fieldset>
    </>
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
        why: `Why we ask: ${WHY_WE_ASK[key]}`,
        options: YES_NO,
        value: yesNoValue(declarations[key]),
        paths: [name, `${name}.value`],
      },
      key === 'actingForAnother'
        ? agentBlock(messages, declarations.actingForAnother)
        : field(messages, {
            name: `${name}.details`,
            label: QUESTIONS[key].details,
            value: declarations[key]?.details,
            max: CDD_LIMITS.details,
            multiline: true,
          }),
    );
  });
  const purpose = radios(
    messages,
    {
      name: 'declarations.purpose',
      legend: 'What is the purpose of this transaction?',
      why: `Why we ask: ${WHY_WE_ASK.purpose}`,
      options: CDD_PURPOSES.map((value) => ({ value, label: CDD_PURPOSE_LABELS[value] })),
      value: declarations.purpose,
      paths: ['declarations.purpose'],
    },
    field(messages, {
      name: 'declarations.purposeDetails',
      label: 'If something else: what is the purpose?',
      value: declarations.purposeDetails,
      max: CDD_LIMITS.details,
      multiline: true,
    }),
  );
  if (!buying) return [...questions, purpose];
  const funds = radios(
    messages,
    {
      name: 'declarations.sourceOfFunds.kind',
      legend: 'Where does the money for the purchase come from?',
      why: `Why we ask: ${WHY_WE_ASK.sourceOfFunds}`,
      options: FUNDS_SOURCES.map((value) => ({ value, label: FUNDS_SOURCE_LABELS[value] })),
      value: declarations.sourceOfFunds?.kind,
      paths: ['declarations.sourceOfFunds', 'declarations.sourceOfFunds.kind'],
    },
    <>
      {field(messages, {
        name: 'declarations.sourceOfFunds.lender',
        label: 'If a loan: the lender’s name',
        value: declarations.sourceOfFunds?.lender,
        max: CDD_LIMITS.name,
        autocomplete: 'off',
      })}
      {field(messages, {
        name: 'declarations.sourceOfFunds.details',
        label: 'Details (required for something else)',
        value: declarations.sourceOfFunds?.details,
        max: CDD_LIMITS.details,
        multiline: true,
      })}
    </>,
  );
  return [...questions, purpose, funds];
}

function partyName(party: CddDraftParty): string {
  return (party.type === 'individual' ? party.fullName : party.name) ?? 'Not named';
}

/** The answers as a list, for the read-only states (staff are checking, or have verified them). */
function AnswersSummary({ view }: { view: ClientCdd['view'] }) {
  const acting = view.declarations.actingForAnother;
  return (
    <>
      <h2 id="parties">Your customers</h2>
      <ul>
        {view.parties.map((party, index) => (
          <li key={index}>
            {`Customer ${index + 1} (${PARTY_NOUN[party.type]}): ${partyName(party)}`}
            {party.type !== 'individual' && party.owners?.length ? (
              <ul>
                {party.owners.map((owner, o) => (
                  <li key={o}>{`Owner: ${owner.fullName ?? 'Not named'}`}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {acting?.value === true ? (
        <p>
          {`Acting for the customer: ${acting.agent?.fullName ?? 'Not named'}${acting.authority ? ` (${AGENT_AUTHORITY_LABELS[acting.authority].toLowerCase()})` : ''}`}
        </p>
      ) : null}
    </>
  );
}

function StatusPanel({ input }: { input: CddPageInput }) {
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
        <>
          <p>{`You submitted your identity details${when}. We will check them and contact you.`}</p>
          <p>
            Until we have verified them you can still change them below: change what you need and submit them again.
          </p>
        </>,
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

function Intro() {
  return (
    <>
      <p className="lead">
        Before we can act in a property transaction, the Anti-Money Laundering and Counter-Terrorism Financing Act 2006
        requires us to identify each customer (each buyer or seller on the contract), anyone who owns or controls a
        company or trust customer, and anyone acting for them, and to understand the transaction. Each part below says
        why it is asked.
      </p>
      <p>
        You can save your answers at any time and come back with the same link. We keep these details encrypted, and
        only for as long as the law requires (7 years after your matter ends).
      </p>
    </>
  );
}

/** The form while the client may edit: every field, then the summary of what is wrong, placed first. */
function identityForm(input: CddPageInput, messages: Messages): ReactElement {
  const { token, cdd, form, buying } = input;
  const values = form?.values ?? { parties: cdd.view.parties, declarations: cdd.view.declarations };
  // A first visit starts with one individual, the most common customer; the type is kept as a hidden field.
  const parties: CddDraftParty[] = values.parties.length ? values.parties : [{ type: 'individual' }];
  const partyBlocks = parties.map((party, index) => partyBlock(messages, party, index));
  const partiesErrors = messages.take('parties', ['parties']);
  const declarations = declarationsBlock(messages, values.declarations, buying);
  // Built last, once every field has claimed its messages, and placed first.
  const summary = <ErrorSummary message={form?.error} items={messages.summary()} />;
  return (
    <form method="post" action={`/engage/${encodeURIComponent(token)}/identity`} noValidate>
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

/** The whole page: the status, then the form while the client may edit, else their answers. */
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

export function cddPage(input: CddPageInput): string {
  const { token, cdd, form } = input;
  const editable = !cdd.closed && !['awaiting-approval', 'verified'].includes(cdd.view.status);
  const invalid = Boolean(form && (form.error || Object.keys(form.fieldErrors ?? {}).length));
  const content = editable ? (
    identityForm(input, new Messages(form?.fieldErrors ?? {}))
  ) : (
    <AnswersSummary view={cdd.view} />
  );
  return renderPage(
    <PageDocument
      title={`${invalid ? 'Error: ' : ''}Your identity details – ${input.practice.name}`}
      practiceName={input.practice.name}
    >
      <h1>Your identity details</h1>
      {input.saved && editable && !invalid ? (
        <div className="panel panel-success" id="saved" role="status">
          <p>Your draft is saved. You can come back to it with the same link.</p>
        </div>
      ) : null}
      <StatusPanel input={input} />
      {editable ? <Intro /> : null}
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
