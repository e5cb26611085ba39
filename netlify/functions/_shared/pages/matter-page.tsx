/**
 * The client's matter pages at `/matter/`: the sign-in form (one answer for every address),
 * and, signed in, each of their matters: the next deadline with a countdown worked out on the
 * server, every deadline with its basis ("estimate until your conveyancer confirms it" until
 * staff confirm it), the milestones as a timeline, what the practice needs from them, the
 * calendar file and a form to ask for an update. Plain forms that post and answer with a page:
 * no JavaScript, as every page a function renders (docs/decisions/023).
 */
import type { ReactNode } from 'react';
import { SIGN_IN_ANSWER, UPDATE_ANSWER_PROMISE, UPDATE_SENT } from '#src/content/client-matter.ts';
import {
  TEXTS_MOBILE_HINT,
  TEXTS_MOBILE_LABEL,
  TEXTS_OFF_BUTTON,
  TEXTS_ON_BUTTON,
  TEXTS_WHY,
} from '#src/content/client-texts.ts';
import { bankDetailsWarning, ESTIMATE_NOTE, MATTER_SIDE_LABELS } from '#src/content/matters.ts';
import { CASH_CLIENT_TEXT, type CashPolicy } from '#src/content/cash.ts';
import {
  CLIENT_MATTER_LIMITS,
  localMobile,
  type ClientDeadline,
  type ClientMatter,
} from '#src/shared/schemas/client-matter.ts';
import { Button, buttonClass } from '#src/ui/Button.tsx';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';
import { Field } from '#src/ui/Field.tsx';
import { whenText } from '#src/shared/sydney-time.ts';
import { formatSydney, PageDocument, PhoneLink, renderPage } from './document.tsx';
import { Conversation, DeadlineAmount, MatterAtAGlance } from './matter-summary.tsx';
import type { PayoutPageState } from '../payout/client-payout.ts';
import { PayoutSection, TrustAccountSection } from './payout-section.tsx';

export interface PracticeContact {
  name: string;
  phone: string;
  /** The practice's cash policy: a matter page says it takes none, or that cash is reported (src/content/cash.ts). */
  cash?: CashPolicy;
}

function MatterDocument({
  title,
  practice,
  children,
}: {
  title: string;
  practice: PracticeContact;
  children: ReactNode;
}) {
  return (
    <PageDocument title={`${title} – ${practice.name}`} practiceName={practice.name} referrer="same-origin">
      {children}
      <p className="mt-10 border-t border-slate-300 pt-4 font-semibold" data-testid="bank-warning">
        {bankDetailsWarning(practice.phone)}
      </p>
    </PageDocument>
  );
}

export interface SignInState {
  /** The request was taken: the one answer, whoever asked. */
  sent?: boolean;
  email?: string;
  errors?: string[];
}

/** `GET /matter/` signed out, and the answer to the sign-in form. */
export function signInPage(practice: PracticeContact, state: SignInState = {}): string {
  const errors = state.errors ?? [];
  return renderPage(
    <MatterDocument title="Your matter" practice={practice}>
      <h1>Your matter</h1>
      {state.sent ? (
        <div role="status" className="mb-6 rounded-md border-2 border-brand-600 bg-white p-4">
          <p className="mb-0">{SIGN_IN_ANSWER}</p>
        </div>
      ) : null}
      <p>
        See where your purchase or sale stands, the dates your contract sets and what we need from you. Enter the e-mail
        address you gave us and we will send you a link to sign in.
      </p>
      <form method="post" action="/api/matter-sign-in" noValidate>
        <ErrorSummary items={errors.map((message) => ({ message, field: 'email' }))} />
        <Field id="email" label="Your e-mail address" error={errors} className="mb-4">
          {(props) => (
            <input
              {...props}
              type="email"
              autoComplete="email"
              maxLength={CLIENT_MATTER_LIMITS.email}
              defaultValue={state.email ?? ''}
              required
            />
          )}
        </Field>
        <Button type="submit">Send me a sign-in link</Button>
      </form>
      <p className="mt-6">
        Not a client yet, or no e-mail? Call us on <PhoneLink phone={practice.phone} />.
      </p>
    </MatterDocument>,
  );
}

/** "in 6 days", "tomorrow", "today", "2 days ago". */
export function countdownText(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days > 1) return `in ${days} days`;
  return days === -1 ? 'yesterday' : `${-days} days ago`;
}

function DeadlineItem({ deadline }: { deadline: ClientDeadline }) {
  return (
    <li data-testid="client-deadline">
      <p className="mb-1">
        <strong>{deadline.label}</strong>: {whenText(deadline)}
        {deadline.time ? ' (Sydney time)' : ''}
        {deadline.met ? ' (done)' : deadline.overdue ? ' (passed)' : ''}
      </p>
      <DeadlineAmount deadline={deadline} />
      <p className="mb-1 text-slate-700">{deadline.basis}</p>
      <p className="mb-0 text-sm font-semibold">
        {deadline.confirmed ? 'Confirmed by your conveyancer' : `This date is an ${ESTIMATE_NOTE}.`}
      </p>
    </li>
  );
}

export interface UpdateFormState {
  matterId: string;
  message: string;
  errors: string[];
}

/** The texts' part of the page: only when the practice set up texts (state.texts.offered). */
export interface TextsState {
  offered: boolean;
  /** A mobile that did not pass, on this matter. */
  form?: { matterId: string; mobile: string; errors: string[] };
  /** What was just changed, on this matter, in words. */
  said?: { matterId: string; text: string };
}

function TextsPart({ matter, state }: { matter: ClientMatter; state: TextsState }) {
  const mobileId = `mobile-${matter.id}`;
  const mine = state.form?.matterId === matter.id ? state.form : undefined;
  const action = `/api/my-matters/${encodeURIComponent(matter.id)}/texts`;
  return (
    <>
      <h3>Text messages</h3>
      {state.said?.matterId === matter.id ? (
        <div role="status" className="mb-4 rounded-md border-2 border-brand-600 bg-white p-4">
          <p className="mb-0">{state.said.text}</p>
        </div>
      ) : null}
      <p>{TEXTS_WHY}</p>
      {matter.texts ? (
        <form method="post" action={action}>
          <p data-testid="texts-on">We text you at {localMobile(matter.texts.mobile)}.</p>
          <input type="hidden" name="texts" value="off" />
          <Button type="submit" variant="outline">
            {TEXTS_OFF_BUTTON}
          </Button>
        </form>
      ) : (
        <form method="post" action={action} noValidate>
          {mine ? <ErrorSummary items={mine.errors.map((message) => ({ message, field: mobileId }))} /> : null}
          <input type="hidden" name="texts" value="on" />
          <Field
            id={mobileId}
            name="mobile"
            label={TEXTS_MOBILE_LABEL}
            hint={TEXTS_MOBILE_HINT}
            error={mine?.errors}
            className="mb-4"
          >
            {(props) => (
              <input
                {...props}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={40}
                defaultValue={mine?.mobile ?? ''}
                required
              />
            )}
          </Field>
          <Button type="submit">{TEXTS_ON_BUTTON}</Button>
        </form>
      )}
    </>
  );
}

function MatterSection({
  matter,
  form,
  sentTo,
  texts,
  payout,
}: {
  matter: ClientMatter;
  form?: UpdateFormState;
  sentTo?: string;
  texts?: TextsState;
  payout?: PayoutPageState;
}) {
  const headingId = `matter-${matter.id}`;
  const title = `Your ${MATTER_SIDE_LABELS[matter.side].toLowerCase()}${matter.property ? ` of ${matter.property}` : ''}`;
  const mine = form?.matterId === matter.id ? form : undefined;
  const messageId = `message-${matter.id}`;
  const next = matter.next;
  return (
    <section aria-labelledby={headingId} data-testid="client-matter">
      <h2 id={headingId}>{title}</h2>
      <MatterAtAGlance matter={matter} />

      <h3>Next deadline</h3>
      {next && matter.daysToNext !== null ? (
        <p data-testid="next-deadline" className="rounded-md border-2 border-brand-600 bg-white p-4">
          <strong>{next.label}</strong>: {whenText(next)}
          {next.time ? ' (Sydney time)' : ''}, <strong>{countdownText(matter.daysToNext)}</strong>.
        </p>
      ) : (
        <p>No deadline yet: the dates follow once contracts are exchanged.</p>
      )}

      <h3>Deadlines</h3>
      {matter.deadlines.length ? (
        <ul className="list-none! pl-0!">
          {matter.deadlines.map((deadline) => (
            <DeadlineItem key={deadline.key} deadline={deadline} />
          ))}
        </ul>
      ) : (
        <p>We work the deadlines out from your contract once it is signed.</p>
      )}
      {matter.deadlines.length ? (
        <p>
          <a
            className={buttonClass('outline')}
            href={`/api/my-matters/${encodeURIComponent(matter.id)}/calendar.ics`}
            download
          >
            Add these dates to your calendar
          </a>
        </p>
      ) : null}

      <h3>Where your matter stands</h3>
      <ol className="list-decimal pl-5" data-testid="client-timeline">
        {matter.milestones.map((milestone) => (
          <li key={milestone.key}>
            {milestone.label}: {milestone.done ? 'done' : 'not yet'}
            {milestone.done && milestone.doneAt
              ? ` (${milestone.doneAt.length === 10 ? whenText({ date: milestone.doneAt }) : formatSydney(milestone.doneAt)})`
              : ''}
            {milestone.note ? <span className="block text-slate-700">{milestone.note}</span> : null}
          </li>
        ))}
      </ol>

      <h3>What we need from you</h3>
      {matter.needs.length ? (
        <ul>
          {matter.needs.map((need) => (
            <li key={need}>{need}</li>
          ))}
        </ul>
      ) : (
        <p>Nothing at the moment: we will tell you when we do.</p>
      )}

      <h3>Your questions and our answers</h3>
      <Conversation matter={matter} />

      <h3>Ask for an update</h3>
      {sentTo === matter.id ? (
        <div role="status" className="mb-4 rounded-md border-2 border-brand-600 bg-white p-4">
          <p className="mb-0">{UPDATE_SENT}</p>
        </div>
      ) : null}
      <p>{UPDATE_ANSWER_PROMISE}</p>
      <form method="post" action={`/api/my-matters/${encodeURIComponent(matter.id)}/update-requests`} noValidate>
        {mine ? <ErrorSummary items={mine.errors.map((message) => ({ message, field: messageId }))} /> : null}
        <Field id={messageId} name="message" label="Your question" error={mine?.errors} className="mb-4">
          {(props) => (
            <textarea
              {...props}
              rows={4}
              maxLength={CLIENT_MATTER_LIMITS.message}
              defaultValue={mine?.message ?? ''}
              required
            />
          )}
        </Field>
        <Button type="submit">Ask for an update</Button>
      </form>
      {texts?.offered ? <TextsPart matter={matter} state={texts} /> : null}
      {/* The client's bank details (payout-section.tsx). */}
      {payout ? <PayoutSection matterId={matter.id} side={matter.side} state={payout} /> : null}
    </section>
  );
}

export interface MattersPageState {
  form?: UpdateFormState;
  /** The matter whose update request was just sent. */
  sentTo?: string;
  texts?: TextsState;
  /** The trust account and the client's bank details (payout-section.tsx). */
  payout?: PayoutPageState;
}

/** `GET /matter/` signed in: every matter of the client. */
export function mattersPage(practice: PracticeContact, matters: ClientMatter[], state: MattersPageState = {}): string {
  return renderPage(
    <MatterDocument title="Your matter" practice={practice}>
      <h1>Your matter</h1>
      {matters.length === 0 ? (
        <p>
          We have no open matter under this e-mail address. Call us on <PhoneLink phone={practice.phone} /> if you think
          that is wrong.
        </p>
      ) : null}
      {matters.map((matter) => (
        <MatterSection
          key={matter.id}
          matter={matter}
          form={state.form}
          sentTo={state.sentTo}
          texts={state.texts}
          payout={state.payout}
        />
      ))}
      {practice.cash && matters.length > 0 ? (
        <p className="mt-8" data-testid="cash-policy">
          {CASH_CLIENT_TEXT[practice.cash]}
        </p>
      ) : null}
      {state.payout && matters.length > 0 ? <TrustAccountSection state={state.payout} phone={practice.phone} /> : null}
      <form method="post" action="/api/matter-sign-out" className="mt-8">
        <Button type="submit" variant="outline">
          Sign out
        </Button>
      </form>
    </MatterDocument>,
  );
}

/** A sign-in link that does not work: never existed (404), or used or expired (410). */
export function signInLinkPage(practice: PracticeContact, kind: 'unknown' | 'ended'): string {
  return renderPage(
    <MatterDocument title="This sign-in link does not work" practice={practice}>
      <h1>This sign-in link does not work</h1>
      <p>
        {kind === 'ended'
          ? 'A sign-in link works once, for 15 minutes, and this one has been used or has expired.'
          : 'We could not open this link. Check that you copied the whole link from our e-mail.'}{' '}
        <a href="/matter/">Ask for a new link</a>, or call us on <PhoneLink phone={practice.phone} />.
      </p>
    </MatterDocument>,
  );
}
