/**
 * Milestones changed within two minutes of each other reach the client as one e-mail listing
 * them, sent when the two minutes are up (milestone-digest.ts), through the real routes, the
 * real Blobs conditional writes and the real outbox; a later change starts a digest of its
 * own, and two runs at once send one e-mail.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import matters from '#functions/matters.ts';
import { getMatter } from '#server/repositories/matters-store.ts';
import { DIGEST_WAIT_MS, DIGEST_WINDOW_MS, digestWindowMs, sendDueDigests } from '#server/matters/milestone-digest.ts';
import { now, resetClock, setClockTo } from '#src/shared/clock.ts';
import { aVerifiedDueDiligence } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readableText, readMail, useSmtp } from '../smtp.ts';

useBlobs();
const smtp = useSmtp();
useCddKey();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff('staff');
});
afterEach(async () => {
  resetClock();
  staff = await signedInStaff('staff');
});

const tick = (id: string, key: string, body: unknown) =>
  call(matters, 'POST', `/api/matters/${id}/milestones/${key}`, { cookie: staff.cookie, body });

async function aMatter(email: string): Promise<string> {
  const { enquiryId } = await aVerifiedDueDiligence(staff, { enquiry: { email } });
  const opened = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
    cookie: staff.cookie,
    body: { side: 'purchase', propertyType: 'established', contractDate: '2026-11-25' },
  });
  expect(opened.status, opened.text).toBe(201);
  // The engagement's and identity's e-mails are not what these tests read.
  smtp.mails.length = 0;
  return opened.json.id;
}

const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

describe('the milestone digest', () => {
  it('gathers two minutes, unless a test server sets a shorter window', () => {
    expect(DIGEST_WINDOW_MS).toBe(120_000);
    expect(digestWindowMs()).toBe(120_000);
    process.env.MILESTONE_DIGEST_SECONDS = '3';
    expect(digestWindowMs()).toBe(3_000);
    process.env.MILESTONE_DIGEST_SECONDS = 'nonsense';
    expect(digestWindowMs()).toBe(120_000);
    delete process.env.MILESTONE_DIGEST_SECONDS;
  });

  it('gathers the changes of two minutes into one e-mail, sent when they are up and not before', async () => {
    const email = 'digest@example.com';
    const id = await aMatter(email);
    const first = now();
    expect(
      (await tick(id, 'contract-reviewed', { done: true, note: 'No special conditions of concern.' })).status,
    ).toBe(200);
    setClockTo(first + 60_000);
    expect((await tick(id, 'exchanged', { done: true })).status).toBe(200);
    setClockTo(first + 115_000);
    expect((await tick(id, 'finance-approved', { done: true, note: 'Formal approval\nfrom the bank.' })).status).toBe(
      200,
    );
    expect(mailsTo(email)).toHaveLength(0);
    expect((await getMatter(id))!.digest?.changes.map((change) => change.key)).toEqual([
      'contract-reviewed',
      'exchanged',
      'finance-approved',
    ]);

    // Not yet due: nothing goes, the digest waits.
    setClockTo(first + DIGEST_WINDOW_MS - 5_000);
    expect(await sendDueDigests()).toBe(0);
    expect(mailsTo(email)).toHaveLength(0);

    // A run shortly before it falls due waits for it, then sends it, once.
    setClockTo(first + DIGEST_WINDOW_MS - 400);
    const runAt = now();
    expect(await sendDueDigests(runAt, { waitMs: 1_000 })).toBe(1);
    expect(now()).toBeGreaterThanOrEqual(first + DIGEST_WINDOW_MS);
    // Within 2½ minutes of the first change (the every-minute run's wait covers the rest of its minute).
    expect(now() - first).toBeLessThanOrEqual(150_000);
    expect(DIGEST_WAIT_MS).toBeGreaterThanOrEqual(25_000);
    await expect.poll(() => mailsTo(email).length).toBe(1);
    const mail = mailsTo(email)[0]!;
    const { subject } = await readMail(mail);
    expect(subject).toBe('3 updates on your purchase of 1 Example St, Castle Hill NSW 2154');
    const text = await readableText(mail);
    expect(text).toContain('- Contract reviewed: done\n  No special conditions of concern.');
    expect(text).toContain('- Contracts exchanged: done');
    expect(text).toContain('- Finance approved: done\n  Formal approval\n  from the bank.');
    expect(text).toContain('Follow your matter: http://localhost:8888/matter/');
    expect((await getMatter(id))!.digest).toBeUndefined();

    // Nothing more to send.
    expect(await sendDueDigests(now() + DIGEST_WINDOW_MS)).toBe(0);
  });

  it('sends a change after the two minutes in an e-mail of its own, named by the milestone', async () => {
    const email = 'later@example.com';
    const id = await aMatter(email);
    const first = now();
    await tick(id, 'contract-reviewed', { done: true });
    setClockTo(first + DIGEST_WINDOW_MS + 1_000);
    expect(await sendDueDigests()).toBe(1);
    setClockTo(first + DIGEST_WINDOW_MS + 30_000);
    await tick(id, 'exchanged', { done: true });
    expect(await sendDueDigests()).toBe(0);
    setClockTo(first + 2 * DIGEST_WINDOW_MS + 31_000);
    expect(await sendDueDigests()).toBe(1);
    await expect.poll(() => mailsTo(email).length).toBe(2);
    const subjects = await Promise.all(mailsTo(email).map(async (mail) => (await readMail(mail)).subject));
    expect(subjects.sort()).toEqual(['Done: Contract reviewed', 'Done: Contracts exchanged']);
  });

  it('sends one e-mail when runs race for the same digest', async () => {
    const email = 'race@example.com';
    const id = await aMatter(email);
    const first = now();
    await tick(id, 'contract-reviewed', { done: true });
    await tick(id, 'exchanged', { done: true });
    setClockTo(first + DIGEST_WINDOW_MS + 1_000);
    const counts = await Promise.all([sendDueDigests(), sendDueDigests(), sendDueDigests()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email)).toHaveLength(1);
    expect((await getMatter(id))!.digest).toBeUndefined();
  });
});
