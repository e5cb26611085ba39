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
 *
 * This file holds the page, its status panel and the form's frame; the form's parts are
 * beside it: identity-fields.tsx (the kit: messages by path, a field, radios, step buttons),
 * identity-parties.tsx (each customer), identity-declarations.tsx (the questions and the
 * source of funds) and identity-answers.tsx (the answers read back after a submission).
 */
import { collectionNotice, IDENTITY_CHECK, WHY_WE_ASK } from '#src/content/amlctf.ts';
import { CDD_LIMITS } from '#src/shared/schemas/cdd.ts';
import type { CddDraft, CddDraftParty } from '#src/shared/schemas/cdd-draft.ts';
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import type { ClientCdd, KnownDetails } from '../due-diligence/client-draft.ts';
import type { ReactElement, ReactNode } from 'react';
import { buttonClass } from '#src/ui/Button.tsx';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';
import { FieldError } from '#src/ui/Field.tsx';
import { formatSydney, PageDocument, PhoneLink, renderPage } from './document.tsx';
import { FollowMatter } from './follow-matter.tsx';
import { ActionButton, Messages } from './identity-fields.tsx';
import { AnswersSummary } from './identity-answers.tsx';
import { declarationsBlock } from './identity-declarations.tsx';
import { partyBlock } from './identity-parties.tsx';

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
