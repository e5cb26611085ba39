/**
 * No bank details in any message: the one check on the way out (bank-details-guard.ts) refuses
 * an e-mail, a text or a staff notice whose text holds a BSB and an account number; the outbox
 * records it as refused (never retried, never its text), and staff are told which message and
 * why. A staff reply to a client's update request with bank details is refused at once.
 */
import { describe, expect, it } from 'vitest';
import matters from '#functions/matters.ts';
import myMatters from '#functions/my-matters.ts';
import { isMessageRefused } from '#server/mail/bank-details-guard.ts';
import { deliverClientMail, queueClientMail } from '#server/mail/client-mail.ts';
import { sendSms } from '#server/mail/sms-transport.ts';
import { queueStaffNotice } from '#server/mail/staff-alerts.ts';
import { smsEnv } from '#server/platform/env.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { createStoredEnquiry } from '#server/repositories/enquiries-store.ts';
import { listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { listMails, listRefusedMails } from '#server/repositories/mail-outbox-store.ts';
import { BANK_DETAILS_IN_MESSAGE } from '#src/shared/bank-details.ts';
import { aClientMatter, signedInClient } from '../fixtures/client-matter.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { useSmsCapture } from '../sms-capture.ts';
import { readableText, useSmtp } from '../smtp.ts';

useBlobs();
useCddKey();
const STAFF_INBOX = 'desk@example-conveyancing.com.au';
const smtp = useSmtp({ alertsTo: STAFF_INBOX });
const sms = useSmsCapture();

const anEnquiry = () =>
  createStoredEnquiry({
    firstName: 'Vera',
    lastName: 'Quokka',
    email: 'vera@example.com',
    phone: '0499 888 777',
    serviceType: 'residential-conveyancing',
  });

describe('a message with bank details', () => {
  it('is not sent, is recorded as refused without its text, and staff are told which and why', async () => {
    const enquiry = await anEnquiry();
    const id = `test/${enquiry.id}/new-account`;
    await queueClientMail({
      id,
      enquiryId: enquiry.id,
      to: 'vera@example.com',
      subject: 'Our account 2026',
      text: 'Please pay the balance to BSB 062-000, account 1234 5678.',
    });
    expect(await deliverClientMail(id)).toBe(false);

    // Nothing reached the client, and nothing is left to retry.
    expect(smtp.mails.filter((mail) => mail.to.includes('vera@example.com'))).toEqual([]);
    expect(await listMails()).toEqual([]);
    expect(await deliverClientMail(id)).toBe(false);

    const [refused] = await listRefusedMails();
    expect(refused).toMatchObject({ id, channel: 'email', enquiryId: enquiry.id, reason: BANK_DETAILS_IN_MESSAGE });
    expect(refused!.subject).toBe('Our account ••••');
    // The message's id is taken out first: the enquiry's id in it is random hex, which can hold 062.
    expect(JSON.stringify(await listRefusedMails()).replaceAll(id, '(id)')).not.toMatch(/062|5678|vera@/);

    expect((await listAudit()).filter((event) => event.action === 'message.refused')).toEqual([
      expect.objectContaining({ by: 'system', target: `message ${id}` }),
    ]);
    const activity = (await listActivity(enquiry.id)).map((entry) => entry.text);
    expect(activity).toEqual([expect.stringContaining('E-mail to the client not sent (refused): Our account ••••')]);

    // Staff hear of it, naming the message and why, without the digits.
    const notices = smtp.mails.filter((mail) => mail.to.includes(STAFF_INBOX));
    expect(notices).toHaveLength(1);
    const notice = await readableText(notices[0]!);
    expect(notice).toContain('A message to a client was not sent: it held bank details');
    expect(notice).toContain(id);
    expect(notice).toContain('enter them on their matter page (/matter/)');
    expect(notice.replaceAll(id, '(id)')).not.toMatch(/062|1234 5678/);
  });

  it('is sent when the numbers in it are not bank details', async () => {
    const enquiry = await anEnquiry();
    const id = `test/${enquiry.id}/plain`;
    await queueClientMail({
      id,
      enquiryId: enquiry.id,
      to: 'vera@example.com',
      subject: 'Settlement',
      text: 'Settlement is booked for 16 December at 2:30 pm; call 0412 345 678 with questions.',
    });
    expect(await deliverClientMail(id)).toBe(true);
    expect(await listRefusedMails()).toHaveLength(1);
  });

  it('is never texted: the text is refused before the provider hears of it', async () => {
    const sending = sendSms(smsEnv()!, { to: '+61412345678', body: 'BSB 062000 acc 12345678', reference: 'x' });
    await expect(sending).rejects.toSatisfy(isMessageRefused);
    expect(sms.texts).toEqual([]);
    await sendSms(smsEnv()!, { to: '+61412345678', body: 'Contracts exchanged today.', reference: 'y' });
    expect(sms.texts).toHaveLength(1);
  });

  it('is not sent to staff either, and is audited', async () => {
    expect(await queueStaffNotice('bank-test', { subject: 'Pay this', text: 'BSB 062-000 12345678' }, 'test')).toBe(
      false,
    );
    expect(smtp.mails).toEqual([]);
    expect((await listAudit()).map((event) => event.target)).toContain('notice bank-test');
  });
});

describe('a staff reply to an update request', () => {
  it('with bank details is refused at once, pointing to the client’s matter', async () => {
    const staff = await signedInStaff('staff');
    const { id } = await aClientMatter(staff, 'replies@example.com');
    const cookie = await signedInClient(smtp.mails, 'replies@example.com');
    const asked = await call(myMatters, 'POST', `/api/my-matters/${id}/update-requests`, {
      cookie,
      body: { message: 'Which account do I pay the deposit into?' },
    });
    expect(asked.status).toBe(201);
    smtp.mails.length = 0;
    const answer = (reply: string) =>
      call(matters, 'POST', `/api/matters/${id}/update-requests/${asked.json.id}/answer`, {
        cookie: staff.cookie,
        body: { reply },
      });
    const refused = await answer('Our trust account is BSB 062 000 account 1234 5678.');
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors.reply).toEqual([BANK_DETAILS_IN_MESSAGE]);
    expect(smtp.mails).toEqual([]);
    expect((await answer('You will find our account on your matter page, /matter/.')).status).toBe(200);
  });
});
