/**
 * The same enquiry sent twice: a visitor who double-taps, reloads a form post or sends again
 * because the first answer was slow must not give staff two identical leads to call. An
 * enquiry identical to one that arrived within `REPEAT_WINDOW_MS` is not stored again: the
 * first one gets a line on its timeline, and the visitor is answered as for a new one.
 *
 * Two identical posts racing each other (both in flight at once) can both be stored: the
 * check is a read before the write, as Blobs has no query to make it atomic. The forms'
 * own guard (a pending submit is not sent again) covers the double tap; this covers the
 * second send minutes later, which the guard cannot see.
 */
import { now as currentTime } from '../../../../src/shared/clock.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { listStoredEnquiries, type NewEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';

/** "Within a few minutes": long enough for a slow retry, short enough that a real second enquiry is kept. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

/** What the timeline says on the enquiry that was sent again. */
export const REPEAT_NOTE = 'The same enquiry was sent again through the website (not stored twice)';

/**
 * What makes two enquiries the same: every field the person typed, compared as a person
 * would (an address's case, a phone's spacing and blank optional fields do not count).
 * The quote compares by its inputs; the figures are ours, worked out again each time.
 */
function fingerprint(enquiry: NewEnquiry | StoredEnquiry): string {
  const text = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');
  return JSON.stringify([
    text(enquiry.firstName).toLowerCase(),
    text(enquiry.lastName).toLowerCase(),
    text(enquiry.email).toLowerCase(),
    enquiry.phone.replace(/[^\d+]/g, ''),
    enquiry.serviceType,
    text(enquiry.propertyAddress),
    text(enquiry.message),
    enquiry.callbackDate ?? '',
    enquiry.callbackTime ?? '',
    enquiry.quote ? Object.entries(enquiry.quote.inputs).sort(([a], [b]) => a.localeCompare(b)) : null,
  ]);
}

/**
 * The stored enquiry `enquiry` repeats, with the repeat noted on its timeline; null when it
 * is new. Only the last few minutes' keys are listed (keys sort by time), so this costs one
 * small listing, not a read of the store.
 */
export async function mergeRepeat(enquiry: NewEnquiry): Promise<StoredEnquiry | null> {
  const now = currentTime();
  // A little ahead too: another instance's clock may run a second or two ahead of this one.
  const recent = await listStoredEnquiries({ arrived: { from: now - REPEAT_WINDOW_MS, to: now + 10_000 } });
  const wanted = fingerprint(enquiry);
  const first = recent
    .filter((record) => fingerprint(record) === wanted)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  if (!first) return null;
  await appendActivity(first.id, {
    at: new Date(now).toISOString(),
    by: 'website',
    type: 'repeat',
    text: REPEAT_NOTE,
  });
  return first;
}
