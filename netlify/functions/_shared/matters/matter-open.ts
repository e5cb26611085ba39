/**
 * Whether a client's matter is open (their enquiry has one): the e-mails to them then link to
 * /matter/ (client-mail.ts), and so do their engagement and identity pages (follow-matter.tsx).
 * A failed read answers false, logged: a message or a page never waits on the link.
 */
import { matterIdOf } from '../repositories/matters-store.ts';

export async function matterIsOpen(enquiryId: string): Promise<boolean> {
  try {
    return (await matterIdOf(enquiryId)) !== null;
  } catch (error) {
    console.error('[matters] could not tell whether the matter is open', error);
    return false;
  }
}
