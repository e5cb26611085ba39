/** Notes, logged calls and e-mails on an enquiry's timeline. */
import { now as currentTime } from '#src/shared/clock.ts';
import type { DeskEnquiryDetail, EnquiryNote } from '#src/shared/schemas/lead-desk.ts';
import { Refused } from '../platform/refused.ts';
import { recordAudit } from '../repositories/audit-store.ts';
import { getStoredEnquiry } from '../repositories/enquiries-store.ts';
import { appendActivity } from '../repositories/enquiry-activity-store.ts';
import { detailOf } from './enquiry-detail.ts';
import { changeEnquiry, NOT_FOUND, type StaffViewer } from '../enquiries/pipeline.ts';

export async function addNote(id: string, note: EnquiryNote, staff: StaffViewer): Promise<DeskEnquiryDetail> {
  const by = staff.username;
  if (!(await getStoredEnquiry(id))) throw new Refused('not-found', NOT_FOUND);
  const at = new Date(currentTime()).toISOString();
  await appendActivity(id, { at, by, type: note.kind, text: note.text });
  // A logged call or e-mail is the first contact even while the status still says new.
  const { after } = await changeEnquiry(id, undefined, (record) =>
    note.kind !== 'note' && !record.firstContactAt ? { ...record, firstContactAt: at } : { ...record },
  );
  await recordAudit({ by: staff, action: `enquiry.${note.kind}`, target: id });
  return detailOf(after, staff);
}
