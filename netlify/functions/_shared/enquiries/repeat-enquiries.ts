/**
 * The same enquiry sent twice: a visitor who double-taps, reloads a form post or sends again
 * because the first answer was slow must not give staff two identical leads to call. An
 * enquiry identical to one that arrived within `REPEAT_WINDOW_MS` is not stored again: the
 * first one gets a line on its timeline, and the visitor is answered as for a new one.
 *
 * Two identical posts racing each other (both in flight at once) can both be stored: the
 * check is a read before the write. The forms' own guard (a pending submit is not sent
 * again) covers the double tap; this covers the second send seconds or minutes later,
 * which the guard cannot see.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { getStoredEnquiry, type NewEnquiry, type StoredEnquiry } from '../repositories/enquiries-store.ts';
import {
  deleteEntriesBefore,
  digestOf,
  findRepeatEntry,
  recordRepeatEntry,
} from '../repositories/enquiry-repeats-store.ts';

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
 * is new. One small read: the submissions of the last few minutes are kept by digest
 * (repositories/enquiry-repeats-store.ts), not found by reading every recent enquiry, which
 * under a burst of enquiries would read each one hundreds of times.
 */
export async function mergeRepeat(enquiry: NewEnquiry): Promise<StoredEnquiry | null> {
  const now = currentTime();
  const wanted = fingerprint(enquiry);
  const entry = await findRepeatEntry(digestOf(wanted));
  const recent = entry && entry.at >= now - REPEAT_WINDOW_MS ? entry : null;
  // Erased since, or (however unlikely) another enquiry under the same digest: a new enquiry.
  const first = recent ? await getStoredEnquiry(recent.enquiryId) : null;
  if (!first || fingerprint(first.record) !== wanted) return null;
  await appendActivity(first.record.id, {
    at: new Date(now).toISOString(),
    by: 'website',
    type: 'repeat',
    text: REPEAT_NOTE,
  });
  return first.record;
}

/**
 * Remembers a newly stored enquiry for `mergeRepeat`. The enquiry is stored already, so a
 * failure here is logged, never the visitor's error: a repeat would only be stored twice.
 */
export async function rememberEnquiry(record: StoredEnquiry): Promise<void> {
  try {
    const entry = { enquiryId: record.id, at: Date.parse(record.createdAt) };
    await recordRepeatEntry(digestOf(fingerprint(record)), entry);
  } catch (error) {
    console.error(`[enquiry] could not remember enquiry ${record.id} for repeats:`, error);
  }
}

/** Hourly (housekeeping): forgets the submissions older than the window, and their digests. */
export const forgetOldRepeats = (now = currentTime()): Promise<number> => deleteEntriesBefore(now - REPEAT_WINDOW_MS);
