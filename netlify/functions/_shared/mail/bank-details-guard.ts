/**
 * The one check on the way out: every e-mail (transport.ts), text (sms-transport.ts) and
 * webhook post (staff-alerts.ts) passes `refuseBankDetails` just before it leaves, whichever
 * outbox or caller made it. A message whose subject, text or HTML holds a BSB and an account
 * number (src/shared/bank-details.ts) is not sent: the check throws `MessageRefused`, which
 * the outboxes do not retry but record as refused and tell staff about (outbox.ts).
 */
import { BANK_DETAILS_IN_MESSAGE, holdsBankDetails, htmlAsText } from '#src/shared/bank-details.ts';

/** A message that must never be sent as it is; retrying it would only refuse it again. */
export class MessageRefused extends Error {
  readonly reason: string;
  constructor(reason: string = BANK_DETAILS_IN_MESSAGE) {
    super(`the message was refused: ${reason}`);
    this.reason = reason;
    this.name = 'MessageRefused';
  }
}

export const isMessageRefused = (error: unknown): error is MessageRefused => error instanceof MessageRefused;

/** Throws `MessageRefused` when any part holds bank details; `html` parts are read as the mail program shows them. */
export function refuseBankDetails(parts: { subject?: string; text?: string; html?: string }): void {
  const texts = [parts.subject ?? '', parts.text ?? '', parts.html === undefined ? '' : htmlAsText(parts.html)];
  if (texts.some(holdsBankDetails)) throw new MessageRefused();
}

/** A refused message's subject as staff are told it: its digits hidden, so the notice itself never carries them. */
export const maskedSubject = (subject: string): string => subject.replace(/\d/g, '•');
