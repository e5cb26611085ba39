/**
 * The client's engagement page as the routes serve it (issue 25): the summary at the top
 * agrees with the disclosure and its PDF, with the first home buyer concession and without;
 * a plain form post answers 303 to the page, which then shows the acceptance; and on the
 * production site the shipped sample terms are never sent (409), while locally and on deploy
 * previews they still are. Real handlers and Blobs.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import engage from '#functions/engage.ts';
import engagements from '#functions/engagements.ts';
import { SAMPLE_TERMS_REFUSED, sampleTermsRefusal } from '#server/engagement/sample-terms.ts';
import { COSTS_AGREEMENT } from '#src/content/costs-agreement.ts';
import { formatAudCents } from '#src/content/money.ts';
import type { EngagementView } from '#src/shared/schemas/engagement.ts';
import { ACCEPTANCE, anAcceptedEngagement, anEnquiry, aSentEngagement } from '../fixtures/builders.ts';
import { call, ORIGIN, signedInStaff, useBlobs } from '../harness.ts';
import { parsePage, textOf } from '../html.ts';
import { drawnText } from '../pdf-text.ts';
import { invokeRouted } from '../routing.ts';
import { summaryOf } from '../summary-lines.ts';
import { validateHtml } from '../vnu.ts';

useBlobs();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});
afterEach(() => {
  vi.unstubAllEnvs();
});

let people = 0;
const person = () => ({ email: `summary.${++people}@example.com` });
let network = 0;
const ip = () => `203.0.113.${++network}`;
const client = (path: string) => call(engage, 'GET', path, { context: { ip: ip() } });
const staffCall = (method: string, path: string, body?: unknown) =>
  call(engagements, method, path, { cookie: staff.cookie, body });

const FIRST_HOME = {
  price: 900_000,
  role: 'buying',
  propertyType: 'established',
  firstHomeBuyer: true,
  contractDate: '2026-11-20',
};
const PLAIN = { price: 1_050_000, role: 'buying', propertyType: 'established', contractDate: '2026-11-20' };

/** A form post from the page, as a browser sends it (`Origin: null` under `no-referrer`). */
const acceptForm = (token: string, fields: Record<string, string>) =>
  invokeRouted(
    engage,
    new Request(new URL(`/api/engage/${token}/accept`, ORIGIN), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
      body: new URLSearchParams(fields).toString(),
    }),
    { ip: ip() },
  );

describe('the summary at the top of the page', () => {
  it.each([
    ['with the first home buyer concession', FIRST_HOME],
    ['without it', PLAIN],
  ])('agrees with the disclosure and its PDF: one estimated total (%s)', async (_, quote) => {
    const { token } = await aSentEngagement(staff, { enquiry: { ...person(), quote } });
    const view: EngagementView = (await client(`/api/engage/${token}`)).json;
    const page = await client(`/engage/${token}`);
    expect(page.status).toBe(200);
    const { figures } = view;
    const duty = figures.transferDuty!;
    expect(duty.firstHomeRule).toBe(quote === FIRST_HOME ? 'concession' : undefined);
    const total = figures.professionalFee + figures.disbursements.max + duty.total;
    expect(total).toBe(figures.estimatedTotal.max);
    expect(summaryOf(page.text)).toEqual({
      'Professional fee (fixed)': formatAudCents(figures.professionalFee),
      'Disbursements (estimate)': formatAudCents(figures.disbursements.max),
      'Transfer duty (estimate)': formatAudCents(duty.total),
      'Estimated total': formatAudCents(total),
    });
    // The disclosure the client accepts (and its PDF, which prints those sections) states the same total, once.
    const disclosure = view.disclosure.flatMap((section) => section.paragraphs).join('\n');
    expect(disclosure).toContain(`Estimated total: ${formatAudCents(total)} including GST`);
    expect(disclosure).not.toMatch(/about \$/);
    const draft = await invokeRouted(engage, new Request(new URL(`/api/engage/${token}/draft.pdf`, ORIGIN)), {
      ip: ip(),
    });
    expect(draft.status).toBe(200);
    const pdf = (await drawnText(new Uint8Array(await draft.arrayBuffer()))).replaceAll('\n', ' ');
    expect(pdf).toContain(`Estimated total: ${formatAudCents(total)} including GST`);
    expect(pdf).not.toContain(formatAudCents(figures.estimatedTotal.min));
  });
});

describe('a plain form post', () => {
  it('answers 303 to the page, which shows the acceptance, the summary and the fingerprint for the records', async () => {
    const { token } = await aSentEngagement(staff, { enquiry: { ...person(), quote: FIRST_HOME } });
    const open = (await client(`/engage/${token}`)).text;
    const fields = Object.fromEntries(Object.entries(ACCEPTANCE).map(([key, value]) => [key, String(value)]));
    const posted = await acceptForm(token, fields);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/engage/${token}`);
    expect(await posted.text()).toBe('');

    const after = await client(`/engage/${token}`);
    const page = parsePage(after.text);
    const { documentSha256 } = (await client(`/api/engage/${token}`)).json;
    expect(textOf(page.byId('accepted-heading'))).toBe('Accepted');
    expect(Object.keys(summaryOf(after.text))).toContain('Estimated total');
    const details = page.all('details')[0]!;
    expect(textOf(page.all('summary')[0]!)).toBe('For your records');
    expect(textOf(details)).toContain(documentSha256);
    expect(after.text).not.toContain('<form');
    // Posting again (a refresh that re-posts, a second tab) lands on the same page.
    const again = await acceptForm(token, fields);
    expect([again.status, again.headers.get('location')]).toEqual([303, `/engage/${token}`]);

    expect(await validateHtml({ open, accepted: after.text })).toEqual([]);
  }, 120_000);
});

describe('the sample terms on the production site', () => {
  const QUOTE = { quote: PLAIN };

  it('refuse a send with what to replace and where (409), and the preview says so', async () => {
    vi.stubEnv('CONTEXT', 'production');
    const enquiryId = await anEnquiry({ ...person(), ...QUOTE });
    const preview = await staffCall('POST', `/api/contact-requests/${enquiryId}/engagement/preview`, {});
    expect(preview.status).toBe(200);
    expect(preview.json.sendRefused).toBe(SAMPLE_TERMS_REFUSED);
    const sent = await staffCall('POST', `/api/contact-requests/${enquiryId}/engagement`, {});
    expect(sent.status).toBe(409);
    expect(sent.json.error).toBe(SAMPLE_TERMS_REFUSED);
    expect(sent.json.error).toContain('src/content/costs-agreement.ts');
    expect(sent.json.error).toContain('sample to false');
    // Nothing was sent: once the terms are allowed, the same enquiry sends at once.
    vi.unstubAllEnvs();
    expect((await staffCall('POST', `/api/contact-requests/${enquiryId}/engagement`, {})).status).toBe(201);
  });

  it('stay possible locally and on deploy previews (201), with the warning', async () => {
    // A preview's stores are its own (the staff session too), so the rule is read there directly.
    for (const context of ['deploy-preview', 'branch-deploy', 'dev']) {
      vi.stubEnv('CONTEXT', context);
      expect(sampleTermsRefusal(COSTS_AGREEMENT), context).toBeUndefined();
    }
    vi.stubEnv('CONTEXT', 'production');
    expect(sampleTermsRefusal(COSTS_AGREEMENT)).toBe(SAMPLE_TERMS_REFUSED);
    vi.unstubAllEnvs();
    for (const context of [undefined, 'dev']) {
      if (context) vi.stubEnv('CONTEXT', context);
      const enquiryId = await anEnquiry({ ...person(), ...QUOTE });
      const preview = await staffCall('POST', `/api/contact-requests/${enquiryId}/engagement/preview`, {});
      expect(preview.json.sampleTerms).toBe(true);
      expect(preview.json.sendRefused).toBeUndefined();
      const sent = await staffCall('POST', `/api/contact-requests/${enquiryId}/engagement`, {});
      expect(sent.status, `${context}: ${JSON.stringify(sent.json)}`).toBe(201);
      vi.unstubAllEnvs();
    }
  });

  it('refuse a new link to sample terms not yet accepted, and a variation; an accepted one can still be reissued', async () => {
    const open = await aSentEngagement(staff, { enquiry: { ...person(), ...QUOTE } });
    const accepted = await anAcceptedEngagement(staff, { enquiry: { ...person(), ...QUOTE } });
    vi.stubEnv('CONTEXT', 'production');
    const resent = await staffCall('POST', `/api/engagements/${open.id}/resend`);
    expect([resent.status, resent.json.error]).toEqual([409, SAMPLE_TERMS_REFUSED]);
    // The refused resend changed nothing: the client's link still opens the engagement.
    expect((await client(`/api/engage/${open.token}`)).status).toBe(200);
    const varied = await staffCall('POST', `/api/engagements/${accepted.id}/variation`, {
      reason: 'The price changed.',
      quote: { ...PLAIN, price: 1_100_000 },
    });
    expect([varied.status, varied.json.error]).toEqual([409, SAMPLE_TERMS_REFUSED]);
    const preview = await staffCall('POST', `/api/engagements/${accepted.id}/variation/preview`, {
      reason: 'The price changed.',
    });
    expect(preview.json.sendRefused).toBe(SAMPLE_TERMS_REFUSED);
    // What the client already accepted stays theirs to reach: a lost link is replaced.
    expect((await staffCall('POST', `/api/engagements/${accepted.id}/resend`)).status).toBe(200);
  });
});
