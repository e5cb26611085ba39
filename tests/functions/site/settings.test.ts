/**
 * GET/PUT /api/settings: staff only, the schema's field errors, a stale save refused across
 * processes (only the Blobs condition decides), an audit event and a rebuild per change.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import leadMetrics from '#functions/lead-metrics.ts';
import settings from '#functions/settings.ts';
import { openStore, timeKey } from '#server/repositories/blobs.ts';
import { resetEnvCache } from '#server/platform/env.ts';
import { listAudit } from '#server/repositories/audit-store.ts';
import { readBuildState, writeBuildState } from '#server/repositories/site-builds-store.ts';
import type { APIContext } from 'astro';
import { DEFAULT_CLAIMS, DEFAULT_RATING, PRACTICE } from '#src/content/practice.ts';
import { GET as rssFeed } from '#src/pages/rss.xml.ts';
import { sydneyInstant, sydneyToday } from '#src/shared/sydney-time.ts';
import { practiceView } from '#src/shared/practice-view.ts';
import { getSettings } from '#server/repositories/settings-store.ts';
import {
  businessHoursOf,
  defaultClaims,
  defaultPracticeSettings,
  TEXT_CLAIM_KEYS,
  uncheckedClaims,
  TEAM_PHOTO_ELSEWHERE as PHOTO_ELSEWHERE,
} from '#src/shared/schemas/settings.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { useRacers } from '../racers.ts';

useBlobs();
const racers = useRacers(3, ['settings']);

let hookCalls = 0;
let hook: Server;
let hookUrl = '';
let cookie = '';
let username = '';
beforeAll(async () => {
  hook = createServer((_req, res) => {
    hookCalls++;
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/build_hooks/settings-test`;
  ({ cookie, username } = await signedInStaff());
});
afterAll(() => {
  hook.close();
  process.env.NETLIFY_BUILD_HOOK_URL = '';
  delete process.env.REBUILD_MIN_INTERVAL_SECONDS;
  resetEnvCache();
});

const current = async () => (await call(settings, 'GET', '/api/settings', { cookie })).json;
const body = (base: Record<string, unknown>, overrides: Record<string, unknown> = {}) => {
  const { updatedAt: _updatedAt, ...fields } = base;
  return { ...fields, ...overrides };
};

describe('practice settings API', () => {
  it('answers 401 to anonymous reads and saves', async () => {
    expect((await call(settings, 'GET', '/api/settings')).status).toBe(401);
    const put = await call(settings, 'PUT', '/api/settings', { body: defaultPracticeSettings() });
    expect(put.status).toBe(401);
  });

  it('starts from the typed defaults in src/content', async () => {
    const answer = await current();
    expect(answer).toMatchObject({
      name: PRACTICE.name,
      phone: PRACTICE.phone.display,
      email: PRACTICE.email,
      version: 'default',
    });
    expect(answer.hours).toHaveLength(7);
    expect(businessHoursOf(answer.hours).map((row) => row.day)).toEqual(['Monday – Thursday', 'Friday – Sunday']);
  });

  it('answers 400 with the field errors of the schema, and stores nothing', async () => {
    const before = await current();
    const hours = before.hours.map((row: any, i: number) =>
      i === 0 ? { ...row, opens: '18:00', closes: '09:00' } : row,
    );
    const team = [{ name: 'A Person', role: 'Solicitor', photo: '//evil.example/x.png' }];
    const answer = await call(settings, 'PUT', '/api/settings', {
      body: body(before, {
        phone: '12345',
        email: 'not-an-email',
        name: '  ',
        postcode: 'abc',
        hours,
        team,
        reviewsEnabled: true,
        reviewsWidgetId: '',
      }),
      cookie,
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.json.fieldErrors).sort()).toEqual([
      'email',
      'hours',
      'name',
      'phone',
      'postcode',
      'reviewsWidgetId',
      'team',
    ]);
    expect(answer.json.fieldErrors.phone).toEqual(['Enter an Australian phone number, e.g. (02) 5550 0123']);
    expect(answer.json.fieldErrors.hours).toEqual(['Closing time must be after opening time']);
    expect(answer.json.fieldErrors.team).toEqual([PHOTO_ELSEWHERE]);
    expect((await current()).version).toBe(before.version);
  });

  it('refuses a team photo on another site: the pages could not show it', async () => {
    const before = await current();
    for (const photo of ['https://example.com/jo.jpg', 'http://example.com/jo.jpg', '/\\\\example.com/jo.jpg']) {
      const answer = await call(settings, 'PUT', '/api/settings', {
        body: body(before, { team: [{ name: 'A Person', role: 'Solicitor', photo, principal: false }] }),
        cookie,
      });
      expect(answer.status, photo).toBe(400);
      expect(answer.json.fieldErrors.team).toEqual([PHOTO_ELSEWHERE]);
    }
  });

  it('saves with the current version, writes an audit event and asks for one rebuild', async () => {
    process.env.NETLIFY_BUILD_HOOK_URL = hookUrl;
    process.env.REBUILD_MIN_INTERVAL_SECONDS = '0';
    resetEnvCache();
    const { etag } = await readBuildState();
    await writeBuildState(
      { changedAt: null, requestedAt: null, attemptedAt: null, lastFailure: null, builtAt: null },
      etag,
    );
    hookCalls = 0;

    const before = await current();
    const saved = await call(settings, 'PUT', '/api/settings', {
      body: body(before, {
        phone: '(02) 5550 0999',
        team: [
          {
            name: 'Jo Citizen',
            role: 'Principal Solicitor',
            bio: 'Admitted 2005.',
            photo: '/images/jo.jpg',
            principal: true,
          },
        ],
      }),
      cookie,
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      phone: '(02) 5550 0999',
      team: [{ name: 'Jo Citizen', photo: '/images/jo.jpg' }],
    });
    expect(saved.json.version).not.toBe(before.version);
    expect(await current()).toMatchObject({ phone: '(02) 5550 0999', version: saved.json.version });
    expect(hookCalls).toBe(1);
    expect((await listAudit()).filter((event) => event.action === 'settings.update')).toEqual([
      expect.objectContaining({ by: username, action: 'settings.update', target: 'practice' }),
    ]);

    // A stale save changes nothing: no audit, no rebuild.
    const stale = await call(settings, 'PUT', '/api/settings', { body: body(before), cookie });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatch(/Someone else changed the settings/);
    expect(hookCalls).toBe(1);
    expect((await listAudit()).filter((event) => event.action === 'settings.update')).toHaveLength(1);
    process.env.NETLIFY_BUILD_HOOK_URL = '';
    resetEnvCache();
  });

  it('lets exactly one of many saves of one version through, across processes; the rest answer 409', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const before = await current();
      const answers = await racers.race((racer) =>
        [0, 1, 2].map((n) => ({
          fn: 'settings',
          method: 'PUT',
          path: '/api/settings',
          cookie,
          body: body(before, { name: `Practice ${trial}.${racer}.${n}` }),
        })),
      );
      expect(
        answers.filter((a) => a.status === 200),
        `trial ${trial}`,
      ).toHaveLength(1);
      expect(
        answers.filter((a) => a.status === 409),
        `trial ${trial}`,
      ).toHaveLength(answers.length - 1);
      const winner = answers.find((a) => a.status === 200)!.json;
      expect(await current()).toMatchObject({ name: winner.name, version: winner.version });
    }
  });

  it('keeps the public claims and the day each was checked, and gives the build them and a dated rating', async () => {
    // What the build's loader gives the pages: the defaults, no rating for search engines.
    expect(practiceView(await getSettings()).structuredRating).toBeNull();
    const before = await current();
    expect(before.claims.satisfaction).toEqual({ value: '98%', checkedAt: null });
    const claims = {
      ...before.claims,
      satisfaction: { value: '97%', checkedAt: '2025-06-02' },
      rating: { value: 4.8, count: 131, checkedAt: '2025-06-20' },
    };
    const refused = await call(settings, 'PUT', '/api/settings', {
      body: body(before, { claims: { ...claims, satisfaction: { value: '97%', checkedAt: null } } }),
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors).toEqual({
      'claims.satisfaction.checkedAt': ['Give the date you last checked this figure'],
    });

    const saved = await call(settings, 'PUT', '/api/settings', { body: body(before, { claims }), cookie });
    expect(saved.status).toBe(200);
    // Who dated each changed claim is the server's to record: the one who saved.
    expect((await current()).claims).toEqual({
      ...claims,
      satisfaction: { ...claims.satisfaction, checkedBy: username },
      rating: { ...claims.rating, checkedBy: username },
    });
    const view = practiceView(await getSettings());
    expect(view.claims.satisfaction).toBe('97%');
    expect(view.rating).toEqual({ value: 4.8, count: 131, best: 5 });
    expect(view.structuredRating).toEqual({ value: 4.8, count: 131, best: 5 });
  });

  it('confirms a claim as shown: today and who, only while the figure is the one read; the unchecked list shrinks', async () => {
    const reset = await call(settings, 'PUT', '/api/settings', {
      body: { ...body(await current()), claims: defaultClaims() },
      cookie,
    });
    expect(reset.status).toBe(200);
    expect(uncheckedClaims(reset.json.claims)).toEqual([...TEXT_CLAIM_KEYS, 'rating']);
    const confirm = (claim: string, value: unknown, as = cookie) =>
      call(settings, 'POST', `/api/settings/claims/${claim}/confirm`, { body: { value }, cookie: as });

    expect((await call(settings, 'POST', '/api/settings/claims/rating/confirm', { body: { value: 4.9 } })).status).toBe(
      401,
    );
    expect((await confirm('averageDaysToSettlement', 14)).status).toBe(404);
    // Someone changed the figure since it was read: nothing is confirmed.
    const stale = await confirm('typicalSettlement', '4-6 weeks');
    expect(stale.status).toBe(409);
    expect(stale.json.error).toContain('Typical settlement (residential) has changed since you read it');

    const other = await signedInStaff('staff');
    const confirmed = await confirm('typicalSettlement', DEFAULT_CLAIMS.typicalSettlement, other.cookie);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.claims.typicalSettlement).toEqual({
      value: DEFAULT_CLAIMS.typicalSettlement,
      checkedAt: sydneyToday(),
      checkedBy: other.username,
    });
    const rating = await confirm('rating', DEFAULT_RATING.value);
    expect(rating.json.claims.rating).toMatchObject({ checkedAt: sydneyToday(), checkedBy: username });
    expect(uncheckedClaims((await current()).claims)).toEqual(
      TEXT_CLAIM_KEYS.filter((key) => key !== 'typicalSettlement'),
    );
    // Saving the form again keeps who checked what they checked.
    const resaved = await call(settings, 'PUT', '/api/settings', { body: body(await current()), cookie });
    expect(resaved.json.claims.typicalSettlement.checkedBy).toBe(other.username);
    const audit = await listAudit();
    expect(audit.some((entry) => entry.action === 'settings.confirm-claim' && entry.target === 'rating')).toBe(true);

    // Confirming everything empties the desk's warning list.
    for (const key of TEXT_CLAIM_KEYS) await confirm(key, DEFAULT_CLAIMS[key]);
    expect(uncheckedClaims((await current()).claims)).toEqual([]);
  });

  it('names the practice in the RSS feed as saved in Settings', async () => {
    const current = (await call(settings, 'GET', '/api/settings', { cookie })).json;
    const { version: _version, updatedAt: _updatedAt, updatedBy: _updatedBy, ...fields } = current;
    const name = 'Renamed Conveyancing (placeholder)';
    const saved = await call(settings, 'PUT', '/api/settings', {
      cookie,
      body: { ...fields, name, version: current.version },
    });
    expect(saved.status).toBe(200);
    const feed = await (
      await rssFeed({ site: new URL('https://www.example-conveyancing.com.au') } as APIContext)
    ).text();
    expect(feed).toContain(`<title>${name} – Conveyancing Insights</title>`);
  });

  it("counts the lead desk's minutes to first contact in the opening hours saved in Settings", async () => {
    // Tuesday 24 Nov 2026 11 pm, called back Wednesday 9:03 am.
    const createdAt = new Date(sydneyInstant(2026, 11, 24, 23, 0));
    const id = timeKey(createdAt);
    await openStore('contact-requests').setJSON(id, {
      id,
      firstName: 'Known',
      lastName: 'Data',
      email: 'known@example.com',
      phone: '0400 000 000',
      serviceType: 'residential-purchase',
      status: 'contacted',
      assignee: null,
      version: 1,
      createdAt: createdAt.toISOString(),
      updatedAt: createdAt.toISOString(),
      lastActivityAt: createdAt.toISOString(),
      firstContactAt: new Date(sydneyInstant(2026, 11, 25, 9, 3)).toISOString(),
    });
    const median = async () =>
      (await call(leadMetrics, 'GET', '/api/lead-metrics?from=2026-11-24&to=2026-11-25', { cookie })).json.firstContact
        .medianMinutes;
    const before = await current();
    const defaults = defaultPracticeSettings();
    expect(
      (await call(settings, 'PUT', '/api/settings', { body: body(before, { hours: defaults.hours }), cookie })).status,
    ).toBe(200);
    expect(await median()).toBe(3); // the defaults open at 9 am

    const latest = await current();
    const early = latest.hours.map((row: any) => (row.day === 'Wednesday' ? { ...row, opens: '08:00' } : row));
    expect(
      (await call(settings, 'PUT', '/api/settings', { body: body(latest, { hours: early }), cookie })).status,
    ).toBe(200);
    expect(await median()).toBe(63);
  });
});
