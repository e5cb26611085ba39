/**
 * A client with a matter, for the tests of the client's side (my-matters*.test.ts): fresh
 * Blobs and mail per test, a signed-in member of staff (signed in again after a test that moved
 * the clock), and the client's steps: a verified client with a matter, the e-mailed sign-in
 * link, a signed-in client's cookie.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import matters from '#functions/matters.ts';
import myMatters from '#functions/my-matters.ts';
import { clockOffsetMs, resetClock } from '#src/shared/clock.ts';
import { aVerifiedDueDiligence } from '../fixtures/builders.ts';
import { call, cookieFrom, signedInStaff, useBlobs, useCddKey } from '../harness.ts';
import { readMail, useSmtp } from '../smtp.ts';

export const STAFF_INBOX = 'desk@example-conveyancing.com.au';

export function useClientMatters() {
  useBlobs();
  const smtp = useSmtp({ alertsTo: STAFF_INBOX });
  useCddKey();
  let networks = 0;

  const kit = {
    smtp,
    /** The signed-in member of staff (a test that moves the clock past 8 hours signs in again). */
    staff: undefined as unknown as { cookie: string; username: string },
    /** Each sign-in from a network of its own, unless the test names one: the per-network limit is tested apart. */
    signIn: (email: string, ip = `198.51.100.${++networks % 250}`) =>
      call(myMatters, 'POST', '/api/matter-sign-in', { body: { email }, context: { ip } }),
    /** A verified client at `email` with a matter (contract 2026-11-25, established home, standard cooling-off). */
    async aClientMatter(email: string, body: Record<string, unknown> = {}) {
      const { enquiryId } = await aVerifiedDueDiligence(kit.staff, { enquiry: { email } });
      const opened = await call(matters, 'POST', `/api/contact-requests/${enquiryId}/matter`, {
        cookie: kit.staff.cookie,
        body: { side: 'purchase', propertyType: 'established', contractDate: '2026-11-25', ...body },
      });
      expect(opened.status, opened.text).toBe(201);
      return opened.json as { id: string; enquiryId: string };
    },
    /** The sign-in link of the newest e-mail to `email`. */
    async linkFor(email: string): Promise<string> {
      const mail = smtp.mails.filter((m) => m.to.includes(email)).at(-1);
      expect(mail, `an e-mail to ${email}`).toBeTruthy();
      const { text } = await readMail(mail!);
      const link = /http:\/\/localhost:8888(\/matter\/sign-in\/[A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1];
      expect(link, text).toBeTruthy();
      return link!;
    },
    /** Signs `email` in through the e-mailed link; the client's cookie. */
    async signedInClient(email: string): Promise<string> {
      expect((await kit.signIn(email)).status).toBe(202);
      const opened = await call(myMatters, 'GET', await kit.linkFor(email));
      expect(opened.status).toBe(303);
      return cookieFrom(opened.headers);
    },
  };

  beforeAll(async () => {
    kit.staff = await signedInStaff('staff');
  });
  afterEach(async () => {
    const moved = clockOffsetMs() !== 0;
    resetClock();
    if (moved) kit.staff = await signedInStaff('staff');
  });
  return kit;
}
