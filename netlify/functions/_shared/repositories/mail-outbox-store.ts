/**
 * Store `mail-outbox`: messages to clients that still have to be delivered (e-mails, and
 * texts as another channel of the same outbox, retried the same way), one blob per
 * message under `message/{id}` (the caller's idempotency key), removed once delivered or
 * after 24 hours of retries (kept as every outbox is: outbox-store.ts). Attachments are
 * referenced (store and key), never copied.
 *
 * Also the messages refused for holding bank details (`refused/{id}`: which message and why,
 * never its text), and the once-a-day marks (`once/{date}/{digest}`) that decide, with `onlyIfNew`, whether
 * a message of a kind already went to an address that day; the digest is keyed, so the
 * store never holds the address in a key.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import * as z from 'zod/mini';
import { getAllJson, listKeys, openStore, writeJsonIf } from './blobs.ts';
import { outboxStore } from './outbox-store.ts';

const mailEntrySchema = z.object({
  id: z.string(),
  enquiryId: z.optional(z.string()),
  /** Absent on e-mails (every entry before texts existed is one). */
  channel: z.optional(z.enum(['email', 'sms'])),
  /** A text's matter: it is dropped unsent if the client stopped texts (or changed the number) since. */
  matterId: z.optional(z.string()),
  /** An e-mail address, or a mobile in E.164 for a text. */
  to: z.string(),
  /** A text has none of its own: this names it on the enquiry's activity. */
  subject: z.string(),
  /** The message's own text; the practice's details are appended when it is sent. */
  text: z.string(),
  attachment: z.optional(
    z.object({ filename: z.string(), contentType: z.string(), store: z.string(), key: z.string() }),
  ),
  /** A message about a client's matter: it ends with the bank-details warning (client-mail.ts). */
  matter: z.optional(z.boolean()),
  /** The HTML part's button label (transport.ts). */
  button: z.optional(z.string()),
  /** Attach the Conveyancing Launch Kit's PDF, made when the message is sent. */
  launchKit: z.optional(z.boolean()),
  attempts: z.number(),
  createdAt: z.string(),
  /** The scheduled retry leaves the message alone until then. */
  nextAttemptAt: z.string(),
});
export type MailEntry = z.output<typeof mailEntrySchema>;

const STORE = 'mail-outbox';
const MESSAGE = 'message/';
const ONCE = 'once/';
const REFUSED = 'refused/';

/**
 * A message the way out refused because it held bank details (mail/bank-details-guard.ts):
 * which message and why, never its text (which holds the digits) nor its address; the
 * subject with its digits hidden.
 */
const refusedMailSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  enquiryId: z.optional(z.string()),
  matterId: z.optional(z.string()),
  subject: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type RefusedMail = z.output<typeof refusedMailSchema>;

/** Records a refused message under `refused/{id}` (a second refusal of the same id is kept once). */
export async function recordRefusedMail(refused: RefusedMail): Promise<void> {
  // False when that id was refused before: the first record stands.
  await writeJsonIf(openStore(STORE), `${REFUSED}${refused.id}`, refused, null);
}

/** Every refused message, oldest first. */
export async function listRefusedMails(): Promise<RefusedMail[]> {
  const store = openStore(STORE);
  const refused = await getAllJson(store, await listKeys(store, REFUSED), refusedMailSchema);
  return refused.sort((a, b) => a.at.localeCompare(b.at));
}

export const mailOutbox = outboxStore(STORE, MESSAGE, mailEntrySchema, (entry) => entry.id);

/** Adds a message; false when one with that id is already queued. */
export const enqueueMail = mailOutbox.enqueue;
export const deleteMail = mailOutbox.remove;
export const listMails = mailOutbox.list;

/**
 * An attachment's bytes, read from the store that keeps it (a base store name, as
 * `openStore` takes it) when the message is sent; null when it is gone.
 */
export async function readAttachment(store: string, key: string): Promise<Uint8Array | null> {
  const data = await openStore(store).get(key, { type: 'arrayBuffer' });
  return data ? new Uint8Array(data) : null;
}

/**
 * Marks `digest` as done on `date` (YYYY-MM-DD); false when it already was. One
 * conditional write decides, however many instances ask at once.
 */
export async function markOnce(date: string, digest: string): Promise<boolean> {
  return writeJsonIf(openStore(STORE), `${ONCE}${date}/${digest}`, { at: new Date(currentTime()).toISOString() }, null);
}

/**
 * How many addresses were marked on `date` (YYYY-MM-DD): the marks whose name is a digest,
 * not the named marks (`notice-…`) a kind of message keeps beside them.
 */
export async function countOnce(date: string): Promise<number> {
  const prefix = `${ONCE}${date}/`;
  return (await listKeys(openStore(STORE), prefix)).filter((key) => /^[0-9a-f]{16}$/.test(key.slice(prefix.length)))
    .length;
}

/** Takes a mark back (the message it stood for could not be queued). */
export async function unmarkOnce(date: string, digest: string): Promise<void> {
  await openStore(STORE).delete(`${ONCE}${date}/${digest}`);
}

/** Removes the marks of days before `date`: they decide nothing any more. */
export async function pruneOnce(date: string): Promise<void> {
  const store = openStore(STORE);
  const old = (await listKeys(store, ONCE)).filter((key) => key.slice(ONCE.length, ONCE.length + 10) < date);
  await Promise.all(old.map((key) => store.delete(key)));
}

/** Every message still owed about an enquiry (its erasure: the person asked to be forgotten). */
export async function deleteMailsOf(enquiryId: string): Promise<void> {
  const owed = (await listMails()).filter((entry) => entry.enquiryId === enquiryId);
  await Promise.all(owed.map((entry) => deleteMail(entry.id)));
  const refused = (await listRefusedMails()).filter((entry) => entry.enquiryId === enquiryId);
  await Promise.all(refused.map((entry) => openStore(STORE).delete(`${REFUSED}${entry.id}`)));
}
