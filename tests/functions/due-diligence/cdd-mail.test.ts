/**
 * The client hears of their identity details: an e-mail when they are received (the
 * client's submit, by the API and by the page's form) and when they are verified (staff's
 * verify, or a principal's approval of a high rating), each saying what happens next and
 * ending with the bank-details warning; none after a re-screen's approval. Through the real
 * routes, a real local SMTP server and the real Blobs server.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import cdd from '#functions/due-diligence.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import { RECEIVED_SUBJECT, VERIFIED_SUBJECT } from '#server/mail/cdd-mail.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { bankDetailsWarning } from '#src/content/matters.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { anAcceptedEngagement, aSubmittedDueDiligence } from '../fixtures/builders.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { invokeRouted } from '../routing.ts';
import { readMail, useSmtp, type Received } from '../smtp.ts';

useBlobs();
const { mails } = useSmtp();

type Signed = Awaited<ReturnType<typeof signedInStaff>>;
let alice: Signed;
let bob: Signed;
beforeAll(async () => {
  process.env.CDD_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  process.env.CDD_ENCRYPTION_KEY_PREVIOUS = '';
  resetCddKeyEnv();
  [alice, bob] = [await signedInStaff(), await signedInStaff()];
});

const { phone } = defaultPracticeSettings();
let clients = 0;
const clientEmail = () => `identity-${++clients}@example.com`;

const INDIVIDUAL = {
  type: 'individual',
  fullName: 'Ada Client',
  dateOfBirth: '1970-01-01',
  address: '1 Example St, Castle Hill NSW 2154',
  phone: '0400 111 222',
  email: 'ada@example.com',
};
const DECLARATIONS = {
  actingForAnother: { value: false },
  pep: { value: false },
  foreignPerson: { value: false },
  purpose: 'home',
  sourceOfFunds: { kind: 'savings' },
};

async function readText(mail: Received) {
  const parsed = await readMail(mail);
  return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
}

const verification = (checkedAt = sydneyToday()) => [
  {
    party: '0',
    method: 'in-person',
    documents: [{ type: 'Passport', issuer: 'Australia', last4: '4321' }],
    sanctionsCheckedAt: checkedAt,
    sanctionsResult: 'no-match',
    pepResult: 'not-pep',
  },
];
const ENHANCED = {
  sourceOfWealth: 'Sale of a family business in 2019',
  sourceOfFunds: 'Proceeds held in a term deposit since the sale',
  notes: 'Sale contract sighted',
};

const post = (path: string, who: Signed, body?: unknown) => call(cdd, 'POST', path, { cookie: who.cookie, body });
const versionOf = async (id: string) =>
  (await call(cdd, 'GET', `/api/contact-requests/${id}/cdd`, { cookie: alice.cookie })).json.version as number;

describe('the client’s identity details: received', () => {
  it('e-mails every confirmation of a submit through the API, with what happens next and the bank warning', async () => {
    const email = clientEmail();
    const { token } = await anAcceptedEngagement(alice, { enquiry: { email } });
    const submitted = await call(engageCdd, 'POST', `/api/engage/${token}/cdd/submit`, {
      body: { parties: [INDIVIDUAL], declarations: DECLARATIONS },
    });
    expect(submitted.status, submitted.text).toBe(200);

    const received = mails.filter((mail) => mail.to.includes(email));
    const texts = await Promise.all(received.map(readText));
    const confirmation = texts.filter((mail) => mail.subject.startsWith(RECEIVED_SUBJECT));
    expect(confirmation).toHaveLength(1);
    const { text } = confirmation[0]!;
    expect(text).toContain('we have received your identity details');
    expect(text).toContain('What happens next:');
    expect(text).toContain('We will e-mail you again once we have verified them');
    expect(text.trimEnd().endsWith(bankDetailsWarning(phone))).toBe(true);
    // Nothing the client gave is repeated.
    expect(text).not.toContain(INDIVIDUAL.dateOfBirth);
    expect(text).not.toContain(INDIVIDUAL.phone);
  });

  it('e-mails the confirmation when the page’s form submits, without JavaScript', async () => {
    const email = clientEmail();
    const { token } = await anAcceptedEngagement(alice, { enquiry: { email } });
    const fields = [
      ...Object.entries(INDIVIDUAL).map(([name, value]) => [`parties.0.${name}`, value]),
      ['declarations.actingForAnother.value', 'no'],
      ['declarations.pep.value', 'no'],
      ['declarations.foreignPerson.value', 'no'],
      ['declarations.purpose', 'home'],
      ['declarations.sourceOfFunds.kind', 'savings'],
      ['action', 'submit'],
    ];
    const request = new Request(new URL(`/engage/${token}/identity`, ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      body: new URLSearchParams(fields).toString(),
    });
    const response = await invokeRouted(engageCdd, request);
    expect(response.status, await response.clone().text()).toBe(303);
    const subjects = await Promise.all(mails.filter((mail) => mail.to.includes(email)).map(readText));
    expect(subjects.filter((mail) => mail.subject.startsWith(RECEIVED_SUBJECT))).toHaveLength(1);
  });
});

describe('the client’s identity details: verified', () => {
  it('e-mails the client once staff verify a low rating, saying what happens next', async () => {
    const email = clientEmail();
    const { enquiryId: id } = await aSubmittedDueDiligence(alice, { enquiry: { email } });
    mails.length = 0;
    const verified = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
      verification: verification(),
      version: await versionOf(id),
      risk: { rating: 'low', reason: 'Known client' },
    });
    expect(verified.json).toEqual({ status: 'verified' });
    expect(mails).toHaveLength(1);
    const { subject, text } = await readText(mails[0]!);
    expect(mails[0]!.to).toEqual([email]);
    expect(subject.startsWith(VERIFIED_SUBJECT)).toBe(true);
    expect(text).toContain('We have verified your identity details');
    expect(text).toContain('What happens next: we can now act for you.');
    expect(text.trimEnd().endsWith(bankDetailsWarning(phone))).toBe(true);
  });

  it('waits for a principal’s approval of a high rating, and says nothing of a re-screen’s', async () => {
    const email = clientEmail();
    const { enquiryId: id } = await aSubmittedDueDiligence(alice, { enquiry: { email } });
    mails.length = 0;
    const high = await post(`/api/contact-requests/${id}/cdd/verify`, alice, {
      verification: verification(),
      version: await versionOf(id),
      risk: { rating: 'high', reason: 'Large cash deposit' },
      enhanced: ENHANCED,
    });
    expect(high.json).toEqual({ status: 'awaiting-approval' });
    expect(mails).toEqual([]);

    expect(
      (await post(`/api/contact-requests/${id}/cdd/approve`, bob, { note: 'Source of the deposit checked' })).json,
    ).toEqual({ status: 'verified' });
    expect(mails.map((mail) => mail.to)).toEqual([[email]]);
    expect((await readText(mails[0]!)).subject.startsWith(VERIFIED_SUBJECT)).toBe(true);

    // Ongoing screening is the practice's own check: its approval tells the client nothing.
    mails.length = 0;
    const match = await post(`/api/contact-requests/${id}/cdd/rescreen`, alice, {
      checkedAt: sydneyToday(),
      result: 'possible-match',
      party: '0',
      enhanced: ENHANCED,
      version: await versionOf(id),
    });
    expect(match.json, JSON.stringify(match.json)).toEqual({ status: 'awaiting-approval' });
    const resolved = await post(`/api/contact-requests/${id}/cdd/sanctions-resolution`, alice, {
      party: '0',
      outcome: 'false-positive',
      evidence: 'A different date of birth from the listed person',
      version: await versionOf(id),
    });
    expect(resolved.json).toEqual({ status: 'awaiting-approval' });
    expect(
      (await post(`/api/contact-requests/${id}/cdd/approve`, bob, { note: 'Source of the deposit checked' })).json,
    ).toEqual({ status: 'verified' });
    expect(mails).toEqual([]);
  });
});
