/** Metrics on known data, the CSV export, erasure and retention, against a real local Blobs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import enquiries from '#functions/enquiries.ts';
import enquiryRetention from '#functions/enquiry-retention.ts';
import leadMetrics from '#functions/lead-metrics.ts';
import { openStore, timeKey } from '#server/repositories/blobs.ts';
import { resetLeadDeskEnv } from '#server/platform/env.ts';
import { enqueueAlert, listAlerts } from '#server/repositories/alert-outbox-store.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { appendActivity, listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { sydneyInstant } from '#src/shared/sydney-time.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

const sydney = (y: number, m: number, d: number, h: number, min = 0) => new Date(sydneyInstant(y, m, d, h, min));

/** Stores an enquiry as it would be after staff worked on it (known times, for known answers). */
async function plant(fields: {
  createdAt: Date;
  firstName?: string;
  email?: string;
  status?: string;
  firstContactAt?: Date;
  lastActivityAt?: Date;
  serviceType?: string;
  [key: string]: unknown;
}): Promise<string> {
  const id = timeKey(fields.createdAt);
  const { createdAt, firstContactAt, lastActivityAt, ...rest } = fields;
  await openStore('contact-requests').setJSON(id, {
    id,
    firstName: 'Known',
    lastName: 'Data',
    email: 'known@example.com',
    phone: '0400 000 000',
    serviceType: 'residential-purchase',
    status: 'new',
    assignee: null,
    version: 1,
    ...rest,
    createdAt: createdAt.toISOString(),
    updatedAt: (lastActivityAt ?? createdAt).toISOString(),
    lastActivityAt: (lastActivityAt ?? createdAt).toISOString(),
    firstContactAt: firstContactAt?.toISOString() ?? null,
  });
  return id;
}

const get = (handler: typeof enquiries, path: string) => call(handler, 'GET', path, { cookie: staff.cookie });

describe('GET /api/lead-metrics', () => {
  beforeAll(async () => {
    // Tuesday 24 Nov 2026 11 pm: measured from Wednesday's 9 am opening → 3 minutes.
    await plant({
      createdAt: sydney(2026, 11, 24, 23),
      firstContactAt: sydney(2026, 11, 25, 9, 3),
      status: 'contacted',
    });
    await plant({
      createdAt: sydney(2026, 11, 25, 10),
      firstContactAt: sydney(2026, 11, 25, 10, 4),
      status: 'instructed',
    });
    await plant({
      createdAt: sydney(2026, 11, 25, 10, 1),
      firstContactAt: sydney(2026, 11, 25, 10, 21),
      status: 'lost',
      lostReason: 'Price',
    });
    await plant({ createdAt: sydney(2026, 11, 25, 12), serviceType: 'other' });
    // A quote lead, answered by e-mail an hour later: counted, but not against the call-back target.
    await plant({
      createdAt: sydney(2026, 11, 25, 13),
      firstContactAt: sydney(2026, 11, 25, 14),
      status: 'contacted',
      source: 'quote',
      phone: '',
    });
    // Outside the range.
    await plant({ createdAt: sydney(2026, 11, 10, 12), status: 'instructed' });
  });

  it('counts business-hours minutes to first contact and conversion against the targets', async () => {
    const response = await get(leadMetrics, '/api/lead-metrics?from=2026-11-24&to=2026-11-25');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      from: '2026-11-24',
      to: '2026-11-25',
      total: 5,
      byStatus: { new: 1, contacted: 2, quoted: 0, instructed: 1, lost: 1 },
      byService: { 'residential-purchase': 4, other: 1 },
      firstContact: { measured: 3, medianMinutes: 4, p90Minutes: 20, within5Minutes: 2, targetMinutes: 5 },
      conversion: { instructed: 1, lost: 1, rate: 0.2, target: 0.3 },
    });
  });

  it('takes from and to as Sydney days', async () => {
    // 11 pm Tuesday in Sydney is still Tuesday there, though Tuesday noon in UTC.
    const tuesday = (await get(leadMetrics, '/api/lead-metrics?from=2026-11-24&to=2026-11-24')).json;
    expect(tuesday.total).toBe(1);
    expect(tuesday.firstContact.medianMinutes).toBe(3);
  });

  it('refuses bad dates and strangers', async () => {
    expect((await get(leadMetrics, '/api/lead-metrics?from=2026-13-45')).status).toBe(400);
    expect((await get(leadMetrics, '/api/lead-metrics?from=2026-11-25&to=2026-11-24')).status).toBe(400);
    expect((await call(leadMetrics, 'GET', '/api/lead-metrics')).status).toBe(401);
  });
});

describe('GET /api/contact-requests/export.csv', () => {
  it('answers an RFC 4180 attachment with formula cells neutralised', async () => {
    const id = await plant({
      createdAt: sydney(2026, 10, 6, 11),
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: '+61 trick',
      email: 'csv@example.com',
      message: 'Line one, with a comma\nand "quotes"',
      status: 'quoted',
    });
    await plant({ createdAt: sydney(2026, 10, 6, 12), firstName: 'Other', status: 'new' });
    const response = await get(
      enquiries,
      '/api/contact-requests/export.csv?status=quoted&from=2026-10-06&to=2026-10-06',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = response.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows[0]).toBe(
      'id,received,status,lost reason,assignee,first contact,first name,last name,email,phone,service,property address,callback date,callback time,message,updated',
    );
    expect(rows).toHaveLength(3); // header, one row, and the final line break
    expect(rows[1]).toContain(`${id},`);
    expect(rows[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")",'+61 trick,csv@example.com`);
    expect(response.text).toContain('"Line one, with a comma\nand ""quotes"""');
    expect(rows[2]).toBe('');
  });
});

describe('POST /api/contact-requests/erase', () => {
  it('deletes every enquiry from an address with its activity and alerts; the audit keeps no address', async () => {
    const first = await plant({ createdAt: new Date(Date.now() - 5000), email: 'Erase.Me@Example.com' });
    const second = await plant({ createdAt: new Date(Date.now() - 4000), email: 'erase.me@example.com' });
    const kept = await plant({ createdAt: new Date(Date.now() - 3000), email: 'keep.me@example.com' });
    await appendActivity(first, {
      at: new Date().toISOString(),
      by: staff.username,
      type: 'note',
      text: 'private note',
    });
    await enqueueAlert({
      enquiryId: second,
      summary: {
        id: second,
        name: 'Known Data',
        serviceType: 'other',
        createdAt: new Date().toISOString(),
        adminUrl: 'x',
      },
      pending: ['webhook'],
      attempts: 1,
      createdAt: new Date().toISOString(),
      nextAttemptAt: new Date().toISOString(),
    });

    const response = await call(enquiries, 'POST', '/api/contact-requests/erase', {
      cookie: staff.cookie,
      body: { email: 'ERASE.me@example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ deleted: 2, kept: [] });
    const left = (await get(enquiries, '/api/contact-requests')).json.map((r: { id: string }) => r.id);
    expect(left).toContain(kept);
    expect(left).not.toContain(first);
    expect(left).not.toContain(second);
    expect(await listActivity(first)).toEqual([]);
    expect((await listAlerts()).map((entry) => ('enquiryId' in entry ? entry.enquiryId : null))).not.toContain(second);

    const audit = await listAudit();
    const erasure = audit.findLast((event) => event.action === 'enquiry.erase');
    expect(erasure).toMatchObject({ by: staff.username, target: '2 enquiries' });
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('erase.me');
    expect(
      (await call(enquiries, 'POST', '/api/contact-requests/erase', { cookie: staff.cookie, body: { email: 'nope' } }))
        .status,
    ).toBe(400);
  });
});

describe('retention', () => {
  beforeAll(() => {
    process.env.ENQUIRY_RETENTION_DAYS = '30';
    resetLeadDeskEnv();
  });
  afterAll(() => {
    delete process.env.ENQUIRY_RETENTION_DAYS;
    resetLeadDeskEnv();
  });

  it('deletes enquiries with no activity for the retention period and shows when that will happen', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = await plant({
      createdAt: new Date(Date.now() - 90 * day),
      lastActivityAt: new Date(Date.now() - 31 * day),
    });
    const recent = await plant({
      createdAt: new Date(Date.now() - 90 * day + 1),
      lastActivityAt: new Date(Date.now() - 29 * day),
    });
    await appendActivity(old, { at: new Date().toISOString(), by: 'x', type: 'note', text: 'n' });

    const shown = (await get(enquiries, `/api/contact-requests/${recent}`)).json;
    expect(Date.parse(shown.deleteAfter) - Date.parse(shown.lastActivityAt)).toBe(30 * day);

    const response = await enquiryRetention();
    expect(response.status).toBe(204);
    expect((await get(enquiries, `/api/contact-requests/${old}`)).status).toBe(404);
    expect(await listActivity(old)).toEqual([]);
    expect((await get(enquiries, `/api/contact-requests/${recent}`)).status).toBe(200);
    expect((await listAudit()).findLast((event) => event.action === 'enquiry.retention')).toMatchObject({
      by: 'system',
      target: expect.stringMatching(/^[1-9]\d* enquiries$/),
    });
  });
});
