/**
 * The client's side of their matter (docs/decisions/032-client-matter-sign-in.md): signing in
 * by e-mail, reading their own matters (through the same view as staff, matter-view.ts, so
 * both see the same dates), and asking for an update.
 *
 * Sign-in reveals nothing about who is a client: every request gets the same answer after
 * the same work (two throttle records), and whether a link is sent is decided after the
 * answer, in `waitUntil`.
 *
 * A stranger cannot keep a client from signing in: a browser that opened a link for the
 * address before (its device cookie, client-session.ts) is counted on its own, 5 requests in
 * 15 minutes, whatever anyone else sent; from any other browser the limits below hold, and
 * one link at most goes to an address in 15 minutes, so a flood mails the client once.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  clientNeeds,
  SIGN_IN_LINK_MINUTES,
  UPDATE_LIMIT_WAITING,
  UPDATE_REQUEST_LIMITS,
  updateLimitSoon,
} from '#src/content/client-matter.ts';
import { TEXTS_NOT_SET_UP } from '#src/content/client-texts.ts';
import { now } from '#src/shared/clock.ts';
import {
  australianMobile,
  normaliseEmail,
  type TextsChange,
  type ClientDeadline,
  type ClientMatter,
  type ClientMilestone,
} from '#src/shared/schemas/client-matter.ts';
import type { MatterRecord } from '#src/shared/schemas/matter.ts';
import { sydneyFormat, sydneyToday, whenText } from '#src/shared/sydney-time.ts';
import { refusalStatus, type RouteContext } from '../http/http.ts';
import { Refused } from '../platform/refused.ts';
import { admitAttempt, clientAddress, clientKey } from '../http/login-throttle.ts';
import { clientMailConfigured, clientTextsConfigured, sendClientMailNow } from '../mail/client-mail.ts';
import { notifyStaff } from '../mail/staff-alerts.ts';
import { newId } from '../repositories/blobs.ts';
import { claimSignInLink, saveSignInLink, takeMailGate } from '../repositories/client-sessions-store.ts';
import { getMatter, listMatters, updateMatter } from '../repositories/matters-store.ts';
import { getSettings } from '../repositories/settings-store.ts';
import { clientSummaryOf } from './client-summary.ts';
import { clientDevice } from './client-session.ts';
import { matterView } from './matter-view.ts';

export const MY_MATTER_NOT_FOUND = 'We could not find that matter among yours';
export const LINK_UNKNOWN = 'This sign-in link does not work';
export const LINK_ENDED = 'This sign-in link has been used or has expired';

const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
const isoNow = () => new Date(now()).toISOString();

/**
 * Throttle buckets of the sign-in throttle (login-throttle.ts), both counted on every request:
 * one per normalised address (whatever the network: nobody can flood a mailbox) and one per
 * network (nobody can walk a list of addresses). Two or more characters with a dash, which
 * no staff username's bucket collides with: theirs have no `mi-` prefix by convention.
 */
const ADDRESS_BUCKET = (email: string) => `mi-${clientKey(`matter-email:${email}`)}`;
const NETWORK_BUCKET = 'mn';

/** True when both limits let this request through; the work is the same either way. */
async function withinLimits(email: string, address: string): Promise<boolean> {
  const results = await Promise.allSettled([
    admitAttempt(ADDRESS_BUCKET(email), 'one-address', { slowLane: false }),
    admitAttempt(NETWORK_BUCKET, address, { slowLane: false }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected' && refusalStatus(result.reason) !== 429) {
      throw result.reason;
    }
  }
  return results.every((result) => result.status === 'fulfilled');
}

/**
 * A known browser's request: only its own earlier requests count (the address's bucket,
 * keyed by the device, so strangers' requests there are another client's), not the network's.
 */
async function withinDeviceLimit(email: string, device: string): Promise<boolean> {
  try {
    await admitAttempt(ADDRESS_BUCKET(email), 'known-device', { device, slowLane: false });
    return true;
  } catch (error) {
    if (refusalStatus(error) === 429) return false;
    throw error;
  }
}

/** How long after a link sent for an unknown browser's request no other such link goes to the address. */
const UNKNOWN_DEVICE_MAIL_GAP_MS = 15 * 60 * 1000;

/** The matters whose client is at this (normalised) address: the engagement's address, else the enquiry's. */
const mattersOf = async (email: string): Promise<MatterRecord[]> =>
  (await listMatters()).filter((record) => normaliseEmail(record.client.email) === email);

/**
 * `POST /api/matter-sign-in`: counts the request against both limits, then, after the
 * answer, e-mails a one-time link if the address is a client's and the limits allow.
 */
export async function requestSignIn(
  rawEmail: string,
  req: Request,
  context: RouteContext,
  origin: string,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const device = await clientDevice(req, email);
  const allowed = device
    ? await withinDeviceLimit(email, device)
    : await withinLimits(email, clientAddress(req, context));
  if (!allowed) return;
  context.waitUntil(
    sendSignInLink(email, origin, device !== null).catch((error: unknown) =>
      console.error('[client-matter] sign-in link:', error),
    ),
  );
}

async function sendSignInLink(email: string, origin: string, knownDevice: boolean): Promise<void> {
  const matters = await mattersOf(email);
  if (matters.length === 0 || !clientMailConfigured()) return;
  // From an unknown browser, one link per address in 15 minutes: a stranger's five mail the client once.
  if (!knownDevice && !(await takeMailGate(clientKey(`matter-email:${email}`), now() + UNKNOWN_DEVICE_MAIL_GAP_MS)))
    return;
  const token = randomBytes(32).toString('base64url');
  const createdAt = now();
  await saveSignInLink(hashToken(token), {
    email,
    createdAt: new Date(createdAt).toISOString(),
    expiresAt: new Date(createdAt + SIGN_IN_LINK_MINUTES * 60 * 1000).toISOString(),
  });
  const practice = await getSettings().catch(() => null);
  const name = practice?.name ?? 'us';
  // Sent at once, never through the outbox: the link is a secret the store must not keep.
  await sendClientMailNow({
    enquiryId: matters[0]!.enquiryId,
    to: matters[0]!.client.email,
    matter: true,
    subject: `Your sign-in link – ${name}`,
    button: 'Sign in to see your matter',
    text: [
      `Dear ${matters[0]!.client.name},`,
      '',
      'Here is your link to see your matter: its milestones, its deadlines and what we need from you.',
      `${origin}/matter/sign-in/${token}`,
      '',
      `It works once, for ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.`,
    ].join('\n'),
  });
}

/**
 * `GET /matter/sign-in/{token}`: the address the link was sent to, once; 404 for a link that
 * never existed, 410 for one used or expired.
 */
export async function redeemSignInLink(token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new Refused('not-found', LINK_UNKNOWN);
  const at = now();
  const result = await claimSignInLink(hashToken(token), new Date(at).toISOString());
  if (!result) throw new Refused('not-found', LINK_UNKNOWN);
  if (!result.claimed || !(Date.parse(result.link.expiresAt) > at)) throw new Refused('gone', LINK_ENDED);
  return result.link.email;
}

/** Whole Sydney days from today to `date` (negative when past). */
export function daysUntil(date: string, at: number): number {
  const day = (value: string) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((day(date) - day(sydneyToday(at))) / 86_400_000);
}

const dayText = (date: string) => whenText({ date });

/** One matter as its client reads it. */
export async function clientMatterOf(record: MatterRecord, at: number): Promise<ClientMatter> {
  const view = await matterView(record, at);
  const deadlines: ClientDeadline[] = view.deadlines.map((deadline) => ({
    key: deadline.key,
    label: deadline.label,
    date: deadline.date,
    ...(deadline.time ? { time: deadline.time } : {}),
    basis: deadline.basis,
    confirmed: deadline.confirmed,
    met: deadline.met,
    overdue: deadline.overdue,
    ...(deadline.amount !== undefined ? { amount: deadline.amount } : {}),
  }));
  const milestones: ClientMilestone[] = view.milestones.map((milestone) => ({
    key: milestone.key,
    label: milestone.label,
    done: milestone.done,
    ...(milestone.doneAt ? { doneAt: milestone.doneAt } : {}),
    ...(milestone.note ? { note: milestone.note } : {}),
  }));
  return {
    id: view.id,
    side: view.side,
    property: view.property,
    deadlines,
    milestones,
    next: view.next,
    responsible: view.responsible,
    needs: clientNeeds(
      {
        side: view.side,
        hasContractDate: Boolean(view.contractDate),
        done: milestones.filter((milestone) => milestone.done).map((milestone) => milestone.key),
        open: deadlines.filter((deadline) => !deadline.met),
      },
      dayText,
    ),
    daysToNext: view.next ? daysUntil(view.next.date, at) : null,
    updateRequests: view.updateRequests,
    texts: record.texts ? { mobile: record.texts.mobile } : null,
    summary: await clientSummaryOf(record, view),
  };
}

/** `GET /api/my-matters`: every matter of the signed-in client, newest first. */
export async function myMatters(email: string): Promise<ClientMatter[]> {
  const at = now();
  const records = (await mattersOf(email)).sort((a, b) => b.openedAt.localeCompare(a.openedAt));
  return Promise.all(records.map((record) => clientMatterOf(record, at)));
}

/** One matter of the signed-in client; the same 404 for another client's as for none. */
export async function myMatterRecord(email: string, id: string): Promise<MatterRecord> {
  const record = await getMatter(id);
  if (!record || normaliseEmail(record.client.email) !== email) throw new Refused('not-found', MY_MATTER_NOT_FOUND);
  return record;
}

const clockTime = sydneyFormat('en-AU', { hour: 'numeric', minute: '2-digit' });
const MINUTE = 60_000;

/**
 * Whether the matter takes another update request at `at` (UPDATE_REQUEST_LIMITS): a 429
 * saying when otherwise, with Retry-After (the gap's end; past the waiting limit, the gap
 * itself, since an answer may come at any moment). Decided on the record being written, so
 * two requests at once cannot both pass: the store's conditional write makes one read the other.
 */
function refuseOverLimit(current: MatterRecord, at: number): void {
  const waiting = current.updateRequests.filter((request) => !request.answeredAt).length;
  if (waiting >= UPDATE_REQUEST_LIMITS.unanswered) {
    throw new Refused('too-many', UPDATE_LIMIT_WAITING, {
      headers: { 'Retry-After': String(UPDATE_REQUEST_LIMITS.minutes * 60) },
    });
  }
  const last = Math.max(0, ...current.updateRequests.map((request) => Date.parse(request.at)));
  const next = last + UPDATE_REQUEST_LIMITS.minutes * MINUTE;
  if (next > at) {
    throw new Refused('too-many', updateLimitSoon(clockTime.format(new Date(next)).toLowerCase()), {
      headers: { 'Retry-After': String(Math.ceil((next - at) / 1000)) },
    });
  }
}

/**
 * `POST /api/my-matters/{id}/update-requests`: the question joins the matter's timeline and
 * its waiting requests (the Matters tab counts them and how long the oldest has waited), and
 * staff are alerted after the answer: once per request taken. Past the limits, 429.
 */
export async function requestUpdate(
  email: string,
  id: string,
  message: string,
  waitUntil: RouteContext['waitUntil'],
  /** Where the staff alert's link points: linkOrigin() of the client's request. */
  origin: string,
): Promise<{ id: string; at: string }> {
  await myMatterRecord(email, id);
  const request = { id: newId(), at: isoNow() };
  // The message is kept with the request too, so staff answering it see the question itself.
  const { after } = await updateMatter(
    id,
    (current) => {
      if (!current || normaliseEmail(current.client.email) !== email)
        throw new Refused('not-found', MY_MATTER_NOT_FOUND);
      refuseOverLimit(current, Date.parse(request.at));
      return {
        ...current,
        updatedAt: request.at,
        updateRequests: [...current.updateRequests, { ...request, message }],
        timeline: [...current.timeline, { at: request.at, by: 'client', text: `Update requested: ${message}` }],
      };
    },
    'Your matter is being updated just now. Please send your question again.',
  );
  const record = after!;
  const link = `${origin}/admin?matter=${encodeURIComponent(record.id)}`;
  // Named as staff know it, by the client and the property (as the desk's other alerts name the
  // client), with the link; the question itself stays on the matter, never in an e-mail.
  const property = record.property ?? 'no property recorded yet';
  waitUntil(
    notifyStaff(
      {
        subject: `Update requested: ${record.client.name}, ${property}`,
        text: [
          `${record.client.name} asked for an update on their ${record.side} of ${property} (responsible: ${record.responsible}).`,
          'Their question is on the matter, waiting for your answer:',
          link,
        ].join('\n'),
      },
      `matter ${record.id}: update requested`,
    ).catch((error: unknown) => console.error('[client-matter] staff alert:', error)),
  );
  return request;
}

/**
 * `POST /api/my-matters/{id}/texts`: the signed-in client turns texts about their matter on
 * (at a mobile, E.164) or off; 409 when texts are not set up. Another client's matter is the
 * same 404 as none. Lands on the matter's timeline, which staff read.
 */
export async function changeTexts(email: string, id: string, change: TextsChange): Promise<{ mobile: string } | null> {
  if (!clientTextsConfigured()) throw new Refused('conflict', TEXTS_NOT_SET_UP);
  const mobile = change.texts === 'on' ? australianMobile(change.mobile ?? '') : null;
  const { after } = await updateMatter(
    id,
    (current) => {
      if (!current || normaliseEmail(current.client.email) !== email)
        throw new Refused('not-found', MY_MATTER_NOT_FOUND);
      if ((current.texts?.mobile ?? null) === mobile) return null;
      const at = new Date(now()).toISOString();
      const { texts: _previous, ...rest } = current;
      return {
        ...rest,
        ...(mobile ? { texts: { mobile, since: at } } : {}),
        updatedAt: at,
        timeline: [
          ...current.timeline,
          { at, by: 'client', text: mobile ? `Texts turned on, to ${mobile}` : 'Texts turned off' },
        ],
      };
    },
    'Your matter is being updated just now. Please try again.',
  );
  return after?.texts ? { mobile: after.texts.mobile } : null;
}
