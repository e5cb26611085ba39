/**
 * Sending an engagement: the form (prefilled from the enquiry's quote), the preview, then the
 * send. The server recomputes every figure; the check here only saves a round trip. The
 * same form sends a variation of an accepted engagement, with what changed and why.
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { engagementsRoutes } from '#src/shared/api/engagements.ts';
import { settingsRoutes } from '#src/shared/api/settings.ts';
import {
  ENGAGEMENT_LIMITS,
  engagementSendSchema,
  engagementVariationSchema,
  type EngagementClientInput,
  type EngagementPreview as Preview,
  type EngagementSent,
  type EngagementSummary,
} from '#src/shared/schemas/engagement.ts';
import type { DeskEnquiryDetail } from '#src/shared/schemas/lead-desk.ts';
import { solicitorsOf } from '#src/shared/schemas/settings.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { fullName } from '../kit/format.ts';
import { useFormErrors } from '../kit/useFormErrors.ts';
import {
  defaultSolicitor,
  ENGAGEMENT_FIELD_ORDER,
  engagementBody,
  engagementFieldErrors,
  initialClients,
  initialEngagementValues,
  unplacedErrors,
  type EngagementFormValues,
  type TeamOption,
} from './engagement-form.ts';
import { ClientsFields } from './ClientsFields.tsx';
import { EngagementFields, type SetEngagementValue } from './EngagementFields.tsx';
import { SendPreview } from './SendPreview.tsx';

let teamNames: Promise<TeamOption[]> | undefined;
/**
 * The team's solicitors from Settings (only a solicitor may be responsible), asked for once
 * per visit (a failure asks again next time).
 */
function loadTeam(): Promise<TeamOption[]> {
  teamNames ??= callApi(settingsRoutes.read).then(
    (settings) => solicitorsOf(settings.team).map((member) => ({ name: member.name, principal: member.principal })),
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

/** The form, then the preview, then the send; any change after a preview asks for a new one. */
export function SendEngagementForm({
  detail,
  headingId,
  onCancel,
  onSent,
  varies,
}: {
  detail: DeskEnquiryDetail;
  headingId: string;
  onCancel: () => void;
  onSent: (sent: EngagementSent) => Promise<void>;
  /** A variation: the accepted engagement it varies (an updated disclosure). */
  varies?: EngagementSummary;
}) {
  const [team, setTeam] = useState<TeamOption[] | null>(null);
  const [teamError, setTeamError] = useState<string | null>(null);
  const [values, setValues] = useState<EngagementFormValues>(() => initialEngagementValues(detail, []));
  const [clients, setClientList] = useState<EngagementClientInput[]>(() => initialClients(detail, varies));
  const [reason, setReason] = useState('');
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

  const set: SetEngagementValue = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    // What is sent must be what was previewed.
    setPreview(null);
    setConflict(null);
  };
  const setClients = (next: EngagementClientInput[]) => {
    setClientList(next);
    setPreview(null);
    setConflict(null);
  };

  /** The body as sent: the matter, the clients, and for a variation what changed and why. */
  const bodyOf = (replace = false) => ({
    ...engagementBody(values, { replace }),
    clients,
    ...(varies ? { reason } : {}),
  });
  /** The preview of this body, for a new engagement or a variation. */
  const previewOf = (body: ReturnType<typeof bodyOf>) =>
    varies
      ? callApi(engagementsRoutes.previewVariation, { params: { id: varies.id }, body: { ...body, reason } })
      : callApi(engagementsRoutes.preview, { params: { id: detail.id }, body });
  /** Sends this body: a new engagement, or a variation. */
  const sendOf = (body: ReturnType<typeof bodyOf>) =>
    varies
      ? callApi(engagementsRoutes.vary, { params: { id: varies.id }, body: { ...body, reason } })
      : callApi(engagementsRoutes.send, { params: { id: detail.id }, body });

  /** The browser's check of the body; false (with each fault under its field) when it fails. */
  const check = (body: unknown): boolean => {
    setFormError(null);
    const parsed = (varies ? engagementVariationSchema : engagementSendSchema).safeParse(body);
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
    const body = bodyOf();
    if (!check(body)) return;
    setPending('preview');
    try {
      setPreview(await previewOf(body));
    } catch (error) {
      refused(error, 'The preview could not be made');
    } finally {
      setPending(null);
    }
  }

  async function send(replace: boolean) {
    if (pending) return;
    const body = bodyOf(replace);
    if (!check(body)) return;
    setPending('send');
    try {
      const sent = await sendOf(body);
      showToast({ title: 'Success', description: varies ? 'Variation sent' : 'Engagement sent' });
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

  return (
    <div ref={container} className="mt-3 space-y-4">
      <form noValidate onSubmit={(event) => void showPreview(event)} className="space-y-3" aria-labelledby={headingId}>
        <h5
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-slate-900 focus-visible:outline-none"
        >
          {varies ? `Send a variation to ${fullName(detail)}` : `Send an engagement to ${fullName(detail)}`}
        </h5>
        <p className="text-sm text-slate-700">
          {detail.quote
            ? 'Filled in from the enquiry’s quote; change anything that is not right.'
            : 'The enquiry has no quote: enter the matter’s details.'}{' '}
          The site works out every figure again when you preview and send.
        </p>
        {varies ? (
          <div>
            <label htmlFor={id('reason')} className="block text-sm font-medium text-slate-900">
              What changed, and why
            </label>
            <p id={`${id('reason')}-hint`} className="text-sm text-slate-700">
              The client reads this at the top of the updated disclosure, with every figure that changed.
            </p>
            <textarea
              id={id('reason')}
              rows={3}
              maxLength={ENGAGEMENT_LIMITS.reason}
              aria-describedby={`${id('reason')}-hint`}
              aria-invalid={errors.reason ? true : undefined}
              className="mt-1 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900"
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setPreview(null);
              }}
            />
            {errors.reason ? <p className="text-sm font-medium text-destructive">{errors.reason[0]}</p> : null}
          </div>
        ) : null}
        <EngagementFields
          values={values}
          set={set}
          errors={errors}
          id={id}
          team={team}
          teamError={teamError}
          onRetryTeam={readTeam}
        />
        <ClientsFields clients={clients} setClients={setClients} error={errors.clients?.[0]} id={id} />

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
        <SendPreview
          preview={preview}
          headingId={headingId}
          headingRef={previewHeading}
          email={clients.map((client) => client.email).join(', ')}
          conflict={conflict}
          pending={pending}
          send={(replace) => void send(replace)}
        />
      ) : null}
    </div>
  );
}
