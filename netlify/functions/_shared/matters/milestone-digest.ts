/**
 * Milestone changes reach the client as one e-mail (issue 34): the first change a staff member
 * saves opens the matter's digest (`digest` on the record, written in the same conditional
 * write as the tick), every change within the next 2 minutes joins it, and the every-minute
 * function sends it as one message listing them, through the one outbox (client-mail.ts).
 *
 * Timing: the digest is due 2 minutes after its first change. Netlify runs the every-minute
 * function once a minute and stops a scheduled function after 30 seconds, so each run sends
 * what is due now and waits (up to DIGEST_WAIT_MS) for what falls due before the next run
 * could take it in time: a digest is sent when it is due, or at the next run if it falls due
 * in the last seconds of a minute; at most 2½ minutes after the first change either way.
 *
 * Sending is safe to repeat and to race: the message's outbox id names the digest (its
 * first change's time), so a second sender's queueing is a no-op; the digest is then taken
 * off the record with a conditional write that keeps any change saved meanwhile as the start
 * of the next digest. A crash between the two leaves the digest, and the next run finds the
 * message already queued and only takes it off.
 */
import { now } from '#src/shared/clock.ts';
import type { MatterRecord } from '#src/shared/schemas/matter.ts';
import { clientMailConfigured, deliverClientMail, queueClientMail } from '../mail/client-mail.ts';
import { getMatter, listMatters, updateMatter } from '../repositories/matters-store.ts';
import { deadlineLine, sideWords } from './matter-mail.ts';
import { matterView } from './matter-view.ts';

/** Changes within this long of the first reach the client as one e-mail. */
export const DIGEST_WINDOW_MS = 2 * 60_000;
/**
 * The window in force: DIGEST_WINDOW_MS, or MILESTONE_DIGEST_SECONDS where a test server sets
 * a shorter one (the e2e server, whose journeys would otherwise wait two minutes a tick).
 */
export const digestWindowMs = (): number => {
  const seconds = Number(process.env.MILESTONE_DIGEST_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DIGEST_WINDOW_MS;
};
/** How long the every-minute run waits for a digest falling due (Netlify stops it at 30 s). */
export const DIGEST_WAIT_MS = 28_000;

type Change = NonNullable<MatterRecord['digest']>['changes'][number];

/** The record with `change` in its digest (opening one when none is waiting). */
export function withDigestChange(record: MatterRecord, change: Change): MatterRecord {
  const digest = record.digest ?? { opened: change.at, changes: [] };
  return { ...record, digest: { ...digest, changes: [...digest.changes, change] } };
}

const dueOf = (record: MatterRecord) => Date.parse(record.digest!.opened) + digestWindowMs();

const changeLine = (change: Change) =>
  `- ${change.label}: ${change.done ? 'done' : 'marked not done yet'}${change.note ? `\n  ${change.note.replace(/\n/g, '\n  ')}` : ''}`;

/** The one e-mail of a digest: every change in the order they were saved, and the next deadline. */
async function digestMail(record: MatterRecord) {
  const { changes, opened } = record.digest!;
  const view = await matterView(record, now());
  const next = view.deadlines.find((deadline) => !deadline.met);
  const [only] = changes;
  const subject =
    changes.length === 1 && only
      ? `${only.done ? 'Done' : 'Update'}: ${only.label}`
      : `${changes.length} updates on ${sideWords(record)}`;
  return {
    id: `matter-${record.id}-digest-${opened}`,
    enquiryId: record.enquiryId,
    to: record.client.email,
    matter: true,
    subject,
    text: [
      `Dear ${record.client.name},`,
      '',
      changes.length === 1
        ? `We have updated ${sideWords(record)}:`
        : `We have updated ${sideWords(record)} in ${changes.length} steps:`,
      ...changes.map(changeLine),
      ...(next ? ['', `Your next deadline is ${deadlineLine(next)}.`] : []),
      '',
      `Your conveyancer is ${record.responsible}.`,
    ].join('\n'),
  };
}

/** Sends the digest opened at `opened` if it is still waiting; true when this call queued it. */
async function sendDigest(id: string, opened: string): Promise<boolean> {
  const record = await getMatter(id);
  if (!record?.digest || record.digest.opened !== opened) return false;
  const sent = new Set(record.digest.changes.map((change) => `${change.at} ${change.key}`));
  const mail = clientMailConfigured() ? await digestMail(record) : null;
  const queued = mail ? await queueClientMail(mail) : false;
  await updateMatter(
    id,
    (current) => {
      if (!current?.digest || current.digest.opened !== opened) return null;
      // A change saved after this digest was read starts the next one.
      const later = current.digest.changes.filter((change) => !sent.has(`${change.at} ${change.key}`));
      const { digest: _sent, ...rest } = current;
      return later.length ? { ...rest, digest: { opened: later[0]!.at, changes: later } } : rest;
    },
    'The matter changed while its updates were being sent; the next run sends them.',
  );
  if (queued && mail) await deliverClientMail(mail.id);
  return queued;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The every-minute function's part: every digest due by `at + waitMs`, each sent when it falls
 * due (waiting for it if need be). Answers how many were queued.
 */
export async function sendDueDigests(at = now(), { waitMs = 0 }: { waitMs?: number } = {}): Promise<number> {
  const waiting = (await listMatters())
    .filter((record) => record.digest && dueOf(record) <= at + waitMs)
    .sort((a, b) => dueOf(a) - dueOf(b));
  let count = 0;
  for (const record of waiting) {
    const wait = dueOf(record) - now();
    if (wait > 0) await sleep(wait);
    try {
      if (await sendDigest(record.id, record.digest!.opened)) count++;
    } catch (error) {
      console.error(`[matters] the updates of matter ${record.id} could not be sent; the next run tries again`, error);
    }
  }
  return count;
}
