/**
 * The client's engagement page (`GET /engage/{token}`): what they read (the practice, the
 * matter, the costs disclosure, the terms, the privacy notice), then the acceptance form
 * while the link is open, or the confirmation once accepted. Components over the site's
 * kit (src/ui), rendered once per request by `renderPage` (document.tsx); pure functions of
 * the view: no Blobs, no clock, no request. The page has no JavaScript at all, so it reads
 * and posts the same on any phone, with a keyboard and a screen reader, and with scripts off.
 */
import { Fragment } from 'react';
import { IDENTITY_CHECK } from '#src/content/amlctf.ts';
import { ACCEPT_CONSENTS, CONSENT_KEYS, ENGAGEMENT_LIMITS } from '#src/shared/schemas/engagement.ts';
import type { ConsentKey, DocumentSection, EngagementView } from '#src/shared/schemas/engagement.ts';
import { formatAudCents } from '#src/content/money.ts';
import { costSummary } from '#src/shared/engagement-document.ts';
import { formatIsoDate } from '#src/shared/quote.ts';
import { isOpenStatus } from '#src/shared/states/engagement.ts';
import { Button, buttonClass } from '#src/ui/Button.tsx';
import { Choice } from '#src/ui/Choice.tsx';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';
import { Field, FieldError } from '#src/ui/Field.tsx';
import { paragraphsOf, propertyTypeLabel, RIGHTS_HEADING, roleLabel } from '../engagement/engagement-text.ts';
import type { IdentityStep } from '../due-diligence/client-draft.ts';
import { formatSydney, PageDocument, PhoneLink, renderPage } from './document.tsx';
import { FollowMatter } from './follow-matter.tsx';

/** The form as the client last posted it, with the server's messages (a re-render after a 400). */
export interface EngageFormState {
  values: { fullName: string } & Record<ConsentKey, boolean>;
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * What the client will pay, before anything else: the fee with its GST, the disbursements,
 * the duty and one estimated total, from the figures the disclosure below states
 * (`costSummary` and `buildDisclosure` read the same `figures`).
 */
function SummarySection({ view }: { view: EngagementView }) {
  const { lines, total } = costSummary(view.figures);
  return (
    <section className="summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">What you will pay</h2>
      <dl>
        {lines.map((line) => (
          <div key={line.label} className="summary-line">
            <dt>{line.label}</dt>
            <dd>
              <span className="amount">{formatAudCents(line.amount)}</span> <span className="note">{line.note}</span>
            </dd>
          </div>
        ))}
        <div className="summary-line summary-total">
          <dt>{total.label}</dt>
          <dd>
            <span className="amount">{formatAudCents(total.amount)}</span> <span className="note">{total.note}</span>
          </dd>
        </div>
      </dl>
      <p className="meta">
        The costs disclosure below explains each figure; it is an estimate, and we will tell you promptly if it changes
        significantly.
      </p>
    </section>
  );
}

function PracticeSection({ view }: { view: EngagementView }) {
  const { practice, solicitor } = view;
  // With no solicitor marked in Settings the practice itself is responsible (decision 021):
  // it is named once, as the practice, not again as its own solicitor.
  const practiceIsResponsible = solicitor.name === practice.name;
  return (
    <section aria-labelledby="who-heading">
      <h2 id="who-heading">Who will act for you</h2>
      <dl className="details">
        <dt>Practice</dt>
        <dd>{practice.name}</dd>
        {practiceIsResponsible ? null : (
          <>
            <dt>Responsible solicitor</dt>
            <dd>{solicitor.role ? `${solicitor.name}, ${solicitor.role}` : solicitor.name}</dd>
          </>
        )}
        {solicitor.practisingCertificate ? (
          <>
            <dt>Practising certificate</dt>
            <dd>{solicitor.practisingCertificate}</dd>
          </>
        ) : null}
        <dt>Phone</dt>
        <dd>
          <PhoneLink phone={practice.phone} />
        </dd>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${practice.email}`}>{practice.email}</a>
        </dd>
        <dt>Address</dt>
        <dd>{practice.address}</dd>
      </dl>
    </section>
  );
}

function MatterSection({ view }: { view: EngagementView }) {
  const { matter } = view;
  return (
    <section aria-labelledby="matter-heading">
      <h2 id="matter-heading">Your matter</h2>
      <dl className="details">
        <dt>Buying or selling</dt>
        <dd>{roleLabel(matter.role)}</dd>
        <dt>Property type</dt>
        <dd>{propertyTypeLabel(matter.propertyType)}</dd>
        <dt>Property address</dt>
        <dd>{matter.propertyAddress || 'Not yet given'}</dd>
        <dt>Description</dt>
        <dd>{matter.description}</dd>
      </dl>
    </section>
  );
}

function DisclosureSection({ sections }: { sections: DocumentSection[] }) {
  return (
    <section aria-labelledby="disclosure-heading">
      <h2 id="disclosure-heading">Costs disclosure</h2>
      {sections.map((section, index) => (
        <Fragment key={index}>
          <h3>{section.heading}</h3>
          {section.heading === RIGHTS_HEADING ? (
            <ul>
              {section.paragraphs.map((line, at) => (
                <li key={at}>{line}</li>
              ))}
            </ul>
          ) : (
            section.paragraphs.map((line, at) => <p key={at}>{line}</p>)
          )}
        </Fragment>
      ))}
    </section>
  );
}

/** A paragraph whose single line breaks are kept (the terms are numbered clauses with sub-lines). */
function LinesParagraph({ text }: { text: string }) {
  return (
    <p>
      {text.split('\n').map((line, index) => (
        <Fragment key={index}>
          {index ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

function TermsSection({ terms }: { terms: EngagementView['terms'] }) {
  return (
    <section aria-labelledby="terms-heading">
      <h2 id="terms-heading">Costs agreement</h2>
      <p className="meta">{`Terms version ${terms.version}, effective ${formatIsoDate(terms.effective)}`}</p>
      {paragraphsOf(terms.text).map((paragraph, index) => (
        <LinesParagraph key={index} text={paragraph} />
      ))}
    </section>
  );
}

function PrivacySection({ privacy }: { privacy: string }) {
  return (
    <section aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">Your privacy</h2>
      {paragraphsOf(privacy).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

/** What an accepted engagement says of the work: it starts once identity is verified (AML/CTF Act s 28(1)). */
export const NOT_ACTING_YET =
  'We start work on your matter once we have verified your identity: the Anti-Money Laundering and Counter-Terrorism Financing Act 2006 requires us to identify you before we act in a property transaction.';

/**
 * The step after acceptance, as the client's identity details stand: give them (or check
 * them again), wait for our check, or nothing more to do. Its own heading under "Accepted".
 */
function IdentityNext({ link, step }: { link: string; step: IdentityStep }) {
  const identity = `/engage/${link}/identity`;
  switch (step) {
    case 'submitted':
    case 'awaiting-approval':
      return (
        <>
          <h3>Next: we check your identity details</h3>
          <p>
            {`You have given us your identity details. We aim to check them within ${IDENTITY_CHECK.checkBusinessDays} business days, and will contact you if we need to see your documents.`}
          </p>
          <p>
            <a className={buttonClass('outline')} href={identity}>
              See the details you gave
            </a>
          </p>
        </>
      );
    case 'verified':
      return (
        <>
          <h3>Your identity is verified</h3>
          <p>
            We have verified your identity details, so we can act on your matter. We will contact you about the next
            steps.
          </p>
        </>
      );
    case 'closed':
      return null;
    default:
      return (
        <>
          <h3>{step === 'rejected' ? 'Next: please check your identity details' : 'Next: your identity details'}</h3>
          <p>
            Please give us your identity details now: you can save them and come back with this link. We will let you
            know once we have verified them.
          </p>
          <p>
            <a className={buttonClass('primary')} href={identity}>
              Continue to your identity details
            </a>
          </p>
        </>
      );
  }
}

function AcceptedSection({ token, view, identity }: { token: string; view: EngagementView; identity: IdentityStep }) {
  const when = view.acceptedAt ? ` on ${formatSydney(view.acceptedAt)}` : '';
  const link = encodeURIComponent(token);
  return (
    <section className="panel panel-success" aria-labelledby="accepted-heading">
      <h2 id="accepted-heading">Accepted</h2>
      <p>
        {view.clients
          ? `Each of you (${view.clients.map((client) => client.name).join(', ')}) has accepted this costs agreement, the last${when}. Thank you.`
          : `You accepted this costs agreement${when}. Thank you.`}
      </p>
      {/* Not "acting" yet: s 28(1) allows no work before the client's identity is verified. */}
      {identity === 'verified' || identity === 'closed' ? null : <p>{NOT_ACTING_YET}</p>}
      <p>
        <a className={buttonClass('primary')} href={`/api/engage/${link}/document.pdf`} download>
          Download the signed costs agreement (PDF)
        </a>
      </p>
      {/* A consumer needs the PDF, not its hash: the fingerprint stays, folded away, for anyone checking a copy. */}
      {view.documentSha256 ? (
        <details className="records">
          <summary>For your records</summary>
          <p>
            The signed PDF&apos;s fingerprint (SHA-256), which shows a copy is exactly the one you accepted:{' '}
            <code className="hash">{view.documentSha256}</code>
          </p>
        </details>
      ) : null}
      <IdentityNext link={link} step={identity} />
    </section>
  );
}

/** A joint client who has accepted, while others have not yet: their acceptance stands, the agreement waits. */
function WaitingSection({ token, view }: { token: string; view: EngagementView }) {
  const waiting = (view.clients ?? []).filter((client) => !client.accepted).map((client) => client.name);
  return (
    <section className="panel panel-success" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">You have accepted</h2>
      <p>{`You accepted this costs agreement on ${formatSydney(view.youAcceptedAt ?? '')}. Thank you.`}</p>
      <p>
        {`The agreement takes effect once ${waiting.join(' and ')} ${waiting.length > 1 ? 'have' : 'has'} accepted too: each of you accepts with your own link. We will e-mail you the signed costs agreement then.`}
      </p>
      <p>
        <a className={buttonClass('outline')} href={`/api/engage/${encodeURIComponent(token)}/document.pdf`} download>
          Download your acceptance (PDF)
        </a>
      </p>
    </section>
  );
}

const FIELD_LABELS: Record<'fullName' | ConsentKey, string> = { fullName: 'Your full name', ...ACCEPT_CONSENTS };

function AcceptForm({ token, form }: { token: string; form: EngageFormState | undefined }) {
  const values = form?.values;
  const messagesOf = (field: string): string[] => form?.fieldErrors?.[field] ?? [];
  const items = Object.entries(form?.fieldErrors ?? {}).flatMap(([field, messages]) =>
    messages.map((message) => ({ message, field: field in FIELD_LABELS ? field : undefined })),
  );
  const nameErrors = messagesOf('fullName');
  return (
    <section className="panel accept-panel" aria-labelledby="accept-heading">
      <h2 id="accept-heading">Accept and instruct us</h2>
      <p>
        To accept the costs agreement and instruct us, type your full name and tick each box. We keep a record of your
        acceptance.
      </p>
      <form method="post" action={`/api/engage/${encodeURIComponent(token)}/accept`} noValidate>
        <ErrorSummary message={form?.error} items={items} />
        <Field
          id="fullName"
          label="Your full name"
          error={nameErrors}
          className={nameErrors.length ? 'mb-4 has-error' : 'mb-4'}
        >
          {(props) => (
            <input
              type="text"
              {...props}
              autoComplete="name"
              autoCapitalize="words"
              spellCheck={false}
              maxLength={ENGAGEMENT_LIMITS.fullName}
              required
              defaultValue={values?.fullName ?? ''}
            />
          )}
        </Field>
        <fieldset className="my-5 min-w-0">
          <legend>Your confirmation</legend>
          {CONSENT_KEYS.map((key) => {
            const errors = messagesOf(key);
            return (
              <div key={key} className={errors.length ? 'has-error' : undefined}>
                {errors.length ? <FieldError id={`${key}-error`} messages={errors} className="field-error" /> : null}
                <Choice
                  type="checkbox"
                  id={key}
                  name={key}
                  value="true"
                  label={ACCEPT_CONSENTS[key]}
                  checked={values?.[key]}
                  required
                  errorId={errors.length ? `${key}-error` : undefined}
                />
              </div>
            );
          })}
        </fieldset>
        <Button type="submit">Accept and instruct</Button>
      </form>
    </section>
  );
}

function EndedNotice({ view }: { view: EngagementView }) {
  return (
    <section className="panel" aria-labelledby="ended-heading">
      <h2 id="ended-heading">This link has ended</h2>
      <p>
        This link can no longer be used to accept. Please call us on <PhoneLink phone={view.practice.phone} /> and ask
        us for a new one.
      </p>
    </section>
  );
}

export interface EngagePageInput {
  token: string;
  view: EngagementView;
  form?: EngageFormState;
  /** Where the client's identity details stand, once accepted (`identityStep`); `none` when absent. */
  identity?: IdentityStep;
  /** The client's matter is open: the page links to /matter/. */
  matterOpen?: boolean;
}

/**
 * The whole page for one engagement: what the client reads, then the acceptance form while
 * the link is open (`sent`, `viewed`), or the confirmation once accepted (shown first, since
 * the accept post lands back here).
 */
export function EngagementPage({ token, view, form, identity = 'none', matterOpen = false }: EngagePageInput) {
  const open = isOpenStatus(view.status);
  // A joint client who has accepted waits for the others: no form, their acceptance stands.
  const waiting = open && Boolean(view.youAcceptedAt);
  const accepted = view.status === 'accepted';
  const invalid = Boolean(form && (form.error || Object.keys(form.fieldErrors ?? {}).length));
  return (
    <PageDocument
      title={`${invalid ? 'Error: ' : ''}Costs agreement – ${view.practice.name}`}
      practiceName={view.practice.name}
    >
      <h1>Your costs agreement</h1>
      {matterOpen ? <FollowMatter /> : null}
      {accepted ? <AcceptedSection token={token} view={view} identity={identity} /> : null}
      {waiting ? <WaitingSection token={token} view={view} /> : null}
      {open && !waiting ? (
        <>
          <p className="lead">
            {`Please read your costs disclosure and the costs agreement below. If they are right for you, accept them at the end of this page. This link works until ${formatSydney(view.expiresAt)}.`}
          </p>
          {/* A copy to keep before deciding: the same document, marked a draft. */}
          <p>
            <a className={buttonClass('outline')} href={`/api/engage/${encodeURIComponent(token)}/draft.pdf`} download>
              Download this disclosure (PDF)
            </a>
          </p>
        </>
      ) : null}
      <SummarySection view={view} />
      <PracticeSection view={view} />
      <MatterSection view={view} />
      <DisclosureSection sections={view.disclosure} />
      <TermsSection terms={view.terms} />
      <PrivacySection privacy={view.privacy} />
      {open ? waiting ? null : <AcceptForm token={token} form={form} /> : accepted ? null : <EndedNotice view={view} />}
    </PageDocument>
  );
}

export const engagePage = (input: EngagePageInput): string => renderPage(<EngagementPage {...input} />);
