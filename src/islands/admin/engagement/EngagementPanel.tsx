/**
 * An enquiry's engagement (costs disclosure and costs agreement) on the desk. Before any,
 * or once the last one expired or was revoked: a form prefilled from the enquiry's quote,
 * a preview of exactly what the client will read, and the send. With one: its state and
 * times, the reminders switch, a new link, revoking, and the signed PDF once accepted.
 * The server recomputes every figure; nothing here is trusted beyond saving a round trip.
 */
import { useEffect, useId, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import { ApiError, apiRequest } from '../../../lib/api.ts';
import { PROPERTY_TYPES, QUOTE_ROLES } from '../../../shared/quote-options.ts';
import {
  ENGAGEMENT_LIMITS,
  ENGAGEMENT_STATUS_LABELS,
  engagementSendSchema,
  type EngagementPreview as Preview,
  type EngagementSent,
  type EngagementStatus,
  type EngagementSummary,
} from '../../../shared/schemas/engagement.ts';
import type { DeskEnquiryDetail } from '../../../shared/schemas/lead-desk.ts';
import type { PracticeSettings } from '../../../shared/schemas/settings.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Button } from '../../../ui/Button.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { SwitchRow } from '../kit/ContentForm.tsx';
import {
  canSendNew,
  defaultSolicitor,
  engagementActions,
  ENGAGEMENT_FIELD_ORDER,
  engagementBody,
  engagementFieldErrors,
  initialEngagementValues,
  unplacedErrors,
  type EngagementFormValues,
  type TeamOption,
} from './engagement-form.ts';
import { EngagementPreview } from './EngagementPreview.tsx';
import { formatDateTime, fullName } from '../kit/format.ts';
import { useFormErrors } from '../kit/useFormErrors.ts';
import { StatusBadge, type BadgeTone } from '../kit/StatusBadge.tsx';

const STATUS_TONES: Record<EngagementStatus, BadgeTone> = {
  sent: 'info',
  viewed: 'review',
  accepted: 'success',
  expired: 'neutral',
  revoked: 'neutral',
};

let teamNames: Promise<TeamOption[]> | undefined;
/** The team from Settings, asked for once per visit (a failure asks again next time). */
function loadTeam(): Promise<TeamOption[]> {
  teamNames ??= apiRequest<PracticeSettings>('GET', '/api/settings').then(
    (settings) => settings.team.map((member) => ({ name: member.name, principal: member.principal })),
    (error: unknown) => {
      teamNames = undefined;
      throw error;
    },
  );
  return teamNames;
}

/** A message as a sentence, so that several read as such side by side. */
const sentence = (message: string) => (/[.!?]$/.test(message) ? message : `${message}.`);

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'no answer');

const engagementPath = (id: string, action = '') => `/api/engagements/${encodeURIComponent(id)}${action}`;

/** A link the client needs, with what became of the e-mail. */
interface IssuedLink {
  url: string;
  expiresAt: string;
  /** Undefined when the answer does not say (a resend). */
  emailed?: boolean;
  what: 'sent' | 'resent';
}

export function EngagementPanel({
  detail,
  refresh,
}: {
  detail: DeskEnquiryDetail;
  /** Reads the enquiry again (state, times and timeline), after every change made here. */
  refresh: () => Promise<void>;
}) {
  const base = useId();
  const [composing, setComposing] = useState(false);
  const [link, setLink] = useState<IssuedLink | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const linkHeading = useRef<HTMLHeadingElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { engagement } = detail;

  useEffect(() => {
    if (link) linkHeading.current?.focus();
  }, [link]);

  const close = () => {
    setComposing(false);
    // The form is gone: focus goes back to the button that opened it.
    requestAnimationFrame(() => openButton.current?.focus());
  };

  return (
    <section
      aria-labelledby={`${base}-heading`}
      className="rounded-lg border border-slate-200 p-3 sm:p-4"
      data-testid="engagement-panel"
    >
      <h4
        id={`${base}-heading`}
        ref={heading}
        tabIndex={-1}
        className="font-semibold text-slate-900 focus-visible:outline-none"
      >
        Engagement
      </h4>

      {link ? (
        <IssuedLinkBox
          link={link}
          email={detail.email}
          headingRef={linkHeading}
          headingId={`${base}-link`}
          onDismiss={() => {
            setLink(null);
            // The box is gone: focus stays in the panel, not at the top of the page.
            requestAnimationFrame(() => heading.current?.focus());
          }}
        />
      ) : null}

      {engagement ? (
        <EngagementState
          engagement={engagement}
          refresh={refresh}
          onResent={setLink}
          // A revoked link must not stay on screen as if it still worked.
          onRevoked={() => setLink(null)}
        />
      ) : null}

      {canSendNew(engagement) && !composing ? (
        <div className="mt-2">
          {engagement === null ? (
            <p className="text-sm text-slate-700">
              No engagement sent yet. Send the costs disclosure and costs agreement for the client to read and accept
              online.
            </p>
          ) : null}
          <Button
            ref={openButton}
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setLink(null);
              setComposing(true);
            }}
          >
            Send engagement
          </Button>
        </div>
      ) : null}

      {composing && canSendNew(engagement) ? (
        <SendEngagementForm
          detail={detail}
          headingId={`${base}-form`}
          onCancel={close}
          onSent={async (sent) => {
            setComposing(false);
            setLink({ url: sent.url, expiresAt: sent.expiresAt, emailed: sent.emailed, what: 'sent' });
            await refresh();
          }}
        />
      ) : null}
    </section>
  );
}

/** The link just issued: shown once (the server keeps only its hash), with a Copy button. */
function IssuedLinkBox({
  link,
  email,
  headingRef,
  headingId,
  onDismiss,
}: {
  link: IssuedLink;
  email: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  headingId: string;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState<string>('');
  const field = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('Link copied');
    } catch {
      // No clipboard (permissions, an old browser): select it for Ctrl+C instead.
      field.current?.select();
      setCopied('Press Ctrl+C (or ⌘C) to copy the selected link');
    }
  }

  const mailed =
    link.emailed === true
      ? `The link was e-mailed to ${email}.`
      : link.emailed === false
        ? 'The link was not e-mailed (outgoing e-mail is not set up, or sending failed). Send it to the client yourself.'
        : `If ${email} did not get it by e-mail, send it to the client yourself.`;

  return (
    <div className="mt-3 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-950">
      <h5 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold focus-visible:outline-none">
        {link.what === 'sent' ? 'Engagement sent' : 'New link issued: the old one no longer works'}
      </h5>
      <p className="mt-1" data-testid="engagement-emailed">
        {mailed}
      </p>
      <label htmlFor={`${headingId}-url`} className="mt-2 block font-medium">
        Link for the client (shown only now)
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          ref={field}
          id={`${headingId}-url`}
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-10 min-w-0 grow basis-60 rounded-lg border border-slate-400 bg-white px-3 py-2 font-mono text-xs text-slate-900"
        />
        <Button variant="outline" onClick={() => void copy()}>
          Copy link
        </Button>
      </div>
      <p role="status" className="mt-1 min-h-5">
        {copied}
      </p>
      <p>
        It works until <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>.
      </p>
      <Button variant="ghost" className="mt-1" onClick={onDismiss}>
        Done
      </Button>
    </div>
  );
}

/** The engagement as it stands, and what staff can do with it. */
function EngagementState({
  engagement,
  refresh,
  onResent,
  onRevoked,
}: {
  engagement: EngagementSummary;
  refresh: () => Promise<void>;
  onResent: (link: IssuedLink) => void;
  onRevoked: () => void;
}) {
  const base = useId();
  const [pending, setPending] = useState<'resend' | 'revoke' | 'reminders' | null>(null);
  const { confirm, dialog } = useConfirm();
  const can = engagementActions(engagement.status);

  /** One change with its toasts; a refusal (accepted or ended meanwhile) shows the state as it is now. */
  async function act(kind: 'resend' | 'revoke' | 'reminders', run: () => Promise<void>, failure: string) {
    setPending(kind);
    try {
      await run();
    } catch (error) {
      showToast({
        title: 'Error',
        description:
          error instanceof ApiError && error.status < 500
            ? `${failure}: ${error.message}`
            : `${failure}. Please try again.`,
        variant: 'destructive',
      });
      if (error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 410)) {
        await refresh();
      }
    } finally {
      setPending(null);
    }
  }

  const resend = () =>
    act(
      'resend',
      async () => {
        const answer = await apiRequest<{ url: string; expiresAt: string; emailed?: boolean }>(
          'POST',
          engagementPath(engagement.id, '/resend'),
        );
        onResent({ url: answer.url, expiresAt: answer.expiresAt, emailed: answer.emailed, what: 'resent' });
        showToast({ title: 'Success', description: 'New link issued' });
        await refresh();
      },
      'Failed to issue a new link',
    );

  async function revoke() {
    const confirmed = await confirm({
      title: 'Revoke this engagement?',
      body: 'The client’s link stops working at once and they can no longer accept. You can send a new engagement afterwards.',
      confirmLabel: 'Revoke engagement',
    });
    if (!confirmed) return;
    await act(
      'revoke',
      async () => {
        await apiRequest('POST', engagementPath(engagement.id, '/revoke'));
        onRevoked();
        showToast({ title: 'Success', description: 'Engagement revoked' });
        await refresh();
      },
      'Failed to revoke the engagement',
    );
  }

  const setReminders = (reminders: boolean) =>
    act(
      'reminders',
      async () => {
        await apiRequest<EngagementSummary>('PATCH', engagementPath(engagement.id), { reminders });
        showToast({ title: 'Success', description: reminders ? 'Reminders switched on' : 'Reminders switched off' });
        await refresh();
      },
      'Failed to change the reminders',
    );

  const times: { label: string; at: string | undefined }[] = [
    { label: 'Sent', at: engagement.sentAt },
    { label: 'Viewed', at: engagement.viewedAt },
    { label: 'Accepted', at: engagement.acceptedAt },
    {
      label: engagement.status === 'expired' ? 'Expired' : 'Link expires',
      at: can.resend ? engagement.expiresAt : undefined,
    },
  ];

  return (
    <div className="mt-2 space-y-3 text-sm" data-testid="engagement-state">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">State</span>
        <StatusBadge testId="engagement-status" tone={STATUS_TONES[engagement.status]}>
          {ENGAGEMENT_STATUS_LABELS[engagement.status]}
        </StatusBadge>
      </p>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {times
          .filter((time) => time.at)
          .map((time) => (
            <div key={time.label} className="contents">
              <dt className="text-slate-700">{time.label}</dt>
              <dd className="text-slate-900">
                <time dateTime={time.at}>{formatDateTime(time.at)}</time>
              </dd>
            </div>
          ))}
      </dl>

      {engagement.status === 'accepted' ? (
        <div className="space-y-1">
          <a
            className="btn btn-outline"
            href={engagementPath(engagement.id, '/document.pdf')}
            download
            data-testid="engagement-pdf"
          >
            Download signed PDF
          </a>
          {engagement.documentSha256 ? (
            <p>
              <span className="text-slate-700">Document SHA-256: </span>
              <code className="font-mono text-xs break-all text-slate-900" data-testid="engagement-sha256">
                {engagement.documentSha256}
              </code>
            </p>
          ) : null}
        </div>
      ) : null}

      {can.reminders ? (
        <SwitchRow
          id={`${base}-reminders`}
          label="Reminders"
          hint="E-mail the client after 2 and 5 business days if they have not accepted."
        >
          <Switch
            checked={engagement.reminders}
            disabled={pending !== null}
            labelledBy={`${base}-reminders-label`}
            describedBy={`${base}-reminders-hint`}
            onChange={(checked) => void setReminders(checked)}
          />
        </SwitchRow>
      ) : null}
      {can.resend || can.revoke ? (
        <div className="flex flex-wrap gap-2">
          {can.resend ? (
            <Button
              variant="outline"
              pending={pending === 'resend'}
              disabled={pending !== null}
              onClick={() => void resend()}
            >
              {engagement.status === 'expired' ? 'Resend link (same terms)' : 'Resend link'}
            </Button>
          ) : null}
          {can.revoke ? (
            <Button
              variant="outline"
              className="border-red-300 text-destructive hover:bg-red-50"
              pending={pending === 'revoke'}
              disabled={pending !== null}
              onClick={() => void revoke()}
            >
              Revoke
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialog}
    </div>
  );
}

/** The form, then the preview, then the send; any change after a preview asks for a new one. */
function SendEngagementForm({
  detail,
  headingId,
  onCancel,
  onSent,
}: {
  detail: DeskEnquiryDetail;
  headingId: string;
  onCancel: () => void;
  onSent: (sent: EngagementSent) => Promise<void>;
}) {
  const [team, setTeam] = useState<TeamOption[] | null>(null);
  const [teamError, setTeamError] = useState<string | null>(null);
  const [values, setValues] = useState<EngagementFormValues>(() => initialEngagementValues(detail, []));
  const [preview, setPreview] = useState<Preview | null>(null);
  const [pending, setPending] = useState<'preview' | 'send' | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const id = (field: string) => `${headingId}-${field.replace('.', '-')}`;
  const { errors, formError, setFormError, showFieldErrors } = useFormErrors(ENGAGEMENT_FIELD_ORDER, id);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (preview) previewHeading.current?.focus();
  }, [preview]);

  const readTeam = () => {
    setTeamError(null);
    loadTeam().then(
      (members) => {
        setTeam(members);
        // The principal acts unless staff already chose someone.
        setValues((current) => (current.solicitor ? current : { ...current, solicitor: defaultSolicitor(members) }));
      },
      (error: unknown) => setTeamError(messageOf(error)),
    );
  };
  // eslint-disable-next-line react-hooks/set-state-in-effect -- fetching on mount: state changes when the answer arrives
  useEffect(readTeam, []);

  const set = <K extends keyof EngagementFormValues>(key: K, value: EngagementFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    // What is sent must be what was previewed.
    setPreview(null);
    setConflict(null);
  };

  /** The browser's check of the body; false (with each fault under its field) when it fails. */
  const check = (body: unknown): boolean => {
    setFormError(null);
    const parsed = engagementSendSchema.safeParse(body);
    showFieldErrors(parsed.success ? {} : engagementFieldErrors(parsed.error));
    return parsed.success;
  };

  /** A refusal from the server, said where staff will look. */
  const refused = (error: unknown, what: string) => {
    if (error instanceof ApiError && error.status === 400) {
      const fieldErrors = error.fieldErrors ?? {};
      showFieldErrors(fieldErrors);
      setFormError([error.message, ...unplacedErrors(fieldErrors)].map(sentence).join(' '));
    } else if (error instanceof ApiError && error.status < 500 && error.status !== 409) {
      setFormError(`${what}: ${error.message}`);
    } else {
      setFormError(`${what} (${messageOf(error)}). What you entered is still here; please try again.`);
    }
  };

  async function showPreview(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const body = engagementBody(values);
    if (!check(body)) return;
    setPending('preview');
    try {
      setPreview(
        await apiRequest<Preview>(
          'POST',
          `/api/contact-requests/${encodeURIComponent(detail.id)}/engagement/preview`,
          body,
        ),
      );
    } catch (error) {
      refused(error, 'The preview could not be made');
    } finally {
      setPending(null);
    }
  }

  async function send(replace: boolean) {
    if (pending) return;
    const body = engagementBody(values, { replace });
    if (!check(body)) return;
    setPending('send');
    try {
      const sent = await apiRequest<EngagementSent>(
        'POST',
        `/api/contact-requests/${encodeURIComponent(detail.id)}/engagement`,
        body,
      );
      showToast({ title: 'Success', description: 'Engagement sent' });
      await onSent(sent);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(error.message);
      else refused(error, 'The engagement was not sent');
    } finally {
      setPending(null);
    }
  }

  // Escape anywhere in the form closes it, as a dialog would (focus goes back to its button).
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || pending) return;
      event.stopPropagation();
      onCancel();
    };
    element?.addEventListener('keydown', onKeyDown);
    return () => element?.removeEventListener('keydown', onKeyDown);
  }, [pending, onCancel]);

  const checkbox = (field: 'firstHomeBuyer' | 'foreignPurchaser' | 'rush', label: string) => (
    <div>
      <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          id={id(`quote.${field}`)}
          checked={values[field]}
          onChange={(event) => set(field, event.target.checked)}
          className="size-5 accent-brand-700"
        />
        {label}
      </label>
      {errors[`quote.${field}`] ? (
        <p className="text-sm font-medium text-destructive">{errors[`quote.${field}`]?.[0]}</p>
      ) : null}
    </div>
  );

  const buyer = values.role !== 'selling';

  return (
    <div ref={container} className="mt-3 space-y-4">
      <form noValidate onSubmit={(event) => void showPreview(event)} className="space-y-3" aria-labelledby={headingId}>
        <h5
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-slate-900 focus-visible:outline-none"
        >
          Send an engagement to {fullName(detail)}
        </h5>
        <p className="text-sm text-slate-700">
          {detail.quote
            ? 'Filled in from the enquiry’s quote; change anything that is not right.'
            : 'The enquiry has no quote: enter the matter’s details.'}{' '}
          The site works out every figure again when you preview and send.
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id={id('quote.price')}
            name="price"
            label="Property price ($)"
            required
            error={errors['quote.price']?.[0]}
          >
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                autoComplete="off"
                value={values.price}
                onChange={(event) => set('price', event.target.value)}
              />
            )}
          </Field>
          <Field
            id={id('quote.contractDate')}
            name="contractDate"
            label="Contract date"
            hint="Empty means today."
            error={errors['quote.contractDate']?.[0]}
          >
            {(props) => (
              <input
                {...props}
                type="date"
                value={values.contractDate}
                onChange={(event) => set('contractDate', event.target.value)}
              />
            )}
          </Field>
          <Field id={id('quote.role')} name="role" label="Buying or selling" error={errors['quote.role']?.[0]}>
            {(props) => (
              <select
                {...props}
                value={values.role}
                onChange={(event) => set('role', event.target.value as EngagementFormValues['role'])}
              >
                {QUOTE_ROLES.map((role) => (
                  <option key={role.value} value={role.value}>
                    {role.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id={id('quote.propertyType')}
            name="propertyType"
            label="Property type"
            error={errors['quote.propertyType']?.[0]}
          >
            {(props) => (
              <select
                {...props}
                value={values.propertyType}
                onChange={(event) => set('propertyType', event.target.value as EngagementFormValues['propertyType'])}
              >
                {PROPERTY_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-medium text-slate-800">Options</legend>
          {buyer ? checkbox('firstHomeBuyer', 'First home buyer') : null}
          {buyer ? checkbox('foreignPurchaser', 'Foreign purchaser') : null}
          {buyer && values.foreignPurchaser ? (
            <Field
              id={id('quote.foreignShare')}
              name="foreignShare"
              label="Foreign purchasers’ share (%)"
              error={errors['quote.foreignShare']?.[0]}
              className="max-w-48"
            >
              {(props) => (
                <input
                  {...props}
                  inputMode="numeric"
                  value={values.foreignShare}
                  onChange={(event) => set('foreignShare', event.target.value)}
                />
              )}
            </Field>
          ) : null}
          {checkbox('rush', 'Settlement in under 2 weeks')}
        </fieldset>
        <Field
          id={id('propertyAddress')}
          name="propertyAddress"
          label="Property address"
          error={errors.propertyAddress?.[0]}
        >
          {(props) => (
            <input
              {...props}
              maxLength={ENGAGEMENT_LIMITS.address}
              autoComplete="off"
              value={values.propertyAddress}
              onChange={(event) => set('propertyAddress', event.target.value)}
            />
          )}
        </Field>
        <Field
          id={id('solicitor')}
          name="solicitor"
          label="Responsible solicitor"
          error={errors.solicitor?.[0]}
          hint={teamError ? undefined : 'From the team in Settings.'}
        >
          {(props) =>
            team === null && !teamError ? (
              <Spinner label="Loading the team…" className="py-2 text-brand-700" />
            ) : (
              <select {...props} value={values.solicitor} onChange={(event) => set('solicitor', event.target.value)}>
                {team && team.length > 0 ? null : <option value="">The principal, as in Settings</option>}
                {(team ?? []).map((member) => (
                  <option key={member.name} value={member.name}>
                    {member.principal ? `${member.name} (principal)` : member.name}
                  </option>
                ))}
              </select>
            )
          }
        </Field>
        {teamError ? (
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p>We couldn't load the team from Settings ({teamError}); without a choice the principal acts.</p>
            <Button variant="outline" className="mt-2" onClick={readTeam}>
              Try again
            </Button>
          </div>
        ) : null}

        {formError ? (
          <p role="alert" className="text-sm font-medium text-destructive" data-testid="engagement-form-error">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" pending={pending === 'preview'} disabled={pending !== null}>
            Preview
          </Button>
          <Button variant="outline" disabled={pending !== null} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>

      {preview ? (
        <section aria-labelledby={`${headingId}-preview`} className="space-y-3 border-t border-slate-200 pt-3">
          <h5
            id={`${headingId}-preview`}
            ref={previewHeading}
            tabIndex={-1}
            className="font-semibold text-slate-900 focus-visible:outline-none"
          >
            What the client will see
          </h5>
          <EngagementPreview view={preview.view} headingId={`${headingId}-preview`} />
          {preview.sampleTerms ? (
            <p
              className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm font-semibold text-amber-950"
              data-testid="sample-terms-warning"
            >
              These are the sample terms (version {preview.view.terms.version}), not the practice’s own: replace them
              before sending to real clients.
            </p>
          ) : null}
          {conflict ? (
            <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p>{conflict}</p>
              <p className="mt-1">Replacing it ends the client’s current link at once.</p>
              <Button
                variant="destructive"
                className="mt-2"
                pending={pending === 'send'}
                onClick={() => void send(true)}
              >
                Replace the open engagement
              </Button>
            </div>
          ) : (
            <Button pending={pending === 'send'} disabled={pending !== null} onClick={() => void send(false)}>
              Send to {detail.email}
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}
