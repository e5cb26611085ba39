/**
 * Services and testimonials managed from the admin: create, full update with a
 * version, the `{ isActive }` switch, the consent rule, the one-time seed of the
 * default services, and a rebuild asked for after every change (through a real hook).
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '#server/platform/env.ts';
import services from '#functions/services.ts';
import settings from '#functions/settings.ts';
import testimonials from '#functions/testimonials.ts';
import { SERVICES } from '#src/content/services.ts';
import { getActiveServices, getActiveTestimonials } from '#src/data/published.ts';
import { CLAIM_TOKENS } from '#src/content/practice.ts';
import { CONSENT_REQUIRED } from '#src/shared/schemas/testimonial.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { useRacers } from '../racers.ts';

useBlobs();
const racers = useRacers(3, ['services', 'testimonials']);

/** A build hook on this machine that counts the calls it gets. */
let hookCalls = 0;
let hook: Server;
let cookie = '';
beforeAll(async () => {
  hook = createServer((_req, res) => {
    hookCalls++;
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const { port } = hook.address() as { port: number };
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${port}/build_hooks/test`;
  process.env.REBUILD_MIN_INTERVAL_SECONDS = '0'; // every change calls the hook at once
  resetEnvCache();
  cookie = (await signedInStaff()).cookie;
});
afterAll(() => {
  hook.close();
  delete process.env.REBUILD_MIN_INTERVAL_SECONDS;
});

/** Runs `change` and says how many times the build hook was called meanwhile. */
async function hookCallsDuring(change: () => Promise<unknown>): Promise<number> {
  const before = hookCalls;
  await change();
  return hookCalls - before;
}

const service = (overrides: Record<string, unknown> = {}) => ({
  title: 'Strata Advice',
  description: 'By-laws, levies and strata reports explained.',
  icon: 'building',
  features: ['Strata report review', ' ', 'Levy checks'],
  timeFrame: '1-2 weeks',
  serviceAreas: ['Castle Hill', 'Norwest'],
  isActive: true,
  ...overrides,
});
const testimonial = (overrides: Record<string, unknown> = {}) => ({
  title: 'Priya, Kellyville',
  position: 'First home buyer',
  content: 'Clear advice from start to finish.',
  source: 'Google review',
  receivedAt: '2026-10-01',
  consent: true,
  isActive: true,
  ...overrides,
});
const list = async (handler: typeof services, resource: string) =>
  (await call(handler, 'GET', `/api/admin/${resource}`, { cookie })).json as any[];

describe('services', () => {
  it('build: a time frame naming a claim ("{typical settlement}") prints the figure saved in Settings', async () => {
    const residential = () => getActiveServices().then((all) => all.find((s) => s.id === 'residential-conveyancing')!);
    const stored = SERVICES.find((s) => s.id === 'residential-conveyancing')!;
    expect(stored.timeFrame).toBe(CLAIM_TOKENS.typicalSettlement);
    expect((await residential()).timeFrame).toBe('6-8 weeks');

    const {
      version,
      updatedAt: _updatedAt,
      ...current
    } = (await call(settings, 'GET', '/api/settings', { cookie })).json;
    const claims = { ...current.claims, typicalSettlement: { value: '5-7 weeks', checkedAt: sydneyToday(Date.now()) } };
    const saved = await call(settings, 'PUT', '/api/settings', { cookie, body: { ...current, claims, version } });
    expect(saved.status, saved.text).toBe(200);
    try {
      expect((await residential()).timeFrame).toBe('5-7 weeks');
      // The other services keep their own claims: commercial is still its own figure.
      const commercial = (await getActiveServices()).find((s) => s.id === 'commercial-property')!;
      expect(commercial.timeFrame).toBe('8-12 weeks');
    } finally {
      const latest = (await call(settings, 'GET', '/api/settings', { cookie })).json;
      const back = await call(settings, 'PUT', '/api/settings', {
        cookie,
        body: { ...current, version: latest.version },
      });
      expect(back.status, back.text).toBe(200);
    }
  });

  it('build: the defaults until the store is seeded, then the store alone', async () => {
    expect((await getActiveServices()).map((s) => s.title)).toEqual(SERVICES.map((s) => s.title));
    // The first staff call seeds the six defaults, in their order, with every card field.
    const seeded = await list(services, 'services');
    expect(seeded.map((s) => s.id)).toEqual(SERVICES.map((s) => s.id));
    expect(seeded[0]).toMatchObject({
      icon: 'home',
      features: [...SERVICES[0]!.features],
      version: expect.any(String),
    });
    // Switched off in the store: gone from the build's list.
    const off = await call(services, 'PUT', '/api/services/contract-review', { body: { isActive: false }, cookie });
    expect(off.status).toBe(200);
    expect((await getActiveServices()).map((s) => s.id)).not.toContain('contract-review');
    await call(services, 'PUT', '/api/services/contract-review', { body: { isActive: true }, cookie });
  });

  it('creates a service with every card field (201), last in order, and asks for a rebuild', async () => {
    let created: any;
    const calls = await hookCallsDuring(async () => {
      created = await call(services, 'POST', '/api/services', { body: service(), cookie });
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      ...service(),
      features: ['Strata report review', 'Levy checks'],
      id: expect.any(String),
      version: expect.any(String),
    });
    expect(calls).toBe(1);
    expect((await list(services, 'services')).at(-1).id).toBe(created.json.id);
    expect((await getActiveServices()).at(-1)).toMatchObject({ title: 'Strata Advice', icon: 'building' });
  });

  it('refuses an incomplete service with the form messages', async () => {
    const bad = await call(services, 'POST', '/api/services', {
      body: { title: ' ', description: '', icon: 'rocket', features: [' '], timeFrame: '', serviceAreas: [] },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual({
      title: ['Title is required'],
      description: ['Description is required'],
      icon: ['Please choose an icon'],
      features: ['Add at least one feature'],
      timeFrame: ['Time frame is required'],
      serviceAreas: ['Add at least one service area'],
    });
  });

  it('a full PUT replaces the fields; a stale version answers 409 and changes nothing', async () => {
    const { json: created } = await call(services, 'POST', '/api/services', { body: service(), cookie });
    let edited: any;
    const calls = await hookCallsDuring(async () => {
      edited = await call(services, 'PUT', `/api/services/${created.id}`, {
        body: service({ title: 'Strata Law', features: ['One'], isActive: false, version: created.version }),
        cookie,
      });
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      id: created.id,
      title: 'Strata Law',
      features: ['One'],
      isActive: false,
      createdAt: created.createdAt,
    });
    expect(edited.json.version).not.toBe(created.version);
    expect(calls).toBe(1);

    const stale = await call(services, 'PUT', `/api/services/${created.id}`, {
      body: service({ title: 'Lost edit', version: created.version }),
      cookie,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatch(/Someone else changed this service/);
    expect((await list(services, 'services')).find((s) => s.id === created.id).title).toBe('Strata Law');
  });

  it('the { isActive } body still switches, and a delete asks for a rebuild too', async () => {
    const { json: created } = await call(services, 'POST', '/api/services', { body: service(), cookie });
    const off = await call(services, 'PUT', `/api/services/${created.id}`, { body: { isActive: false }, cookie });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ title: 'Strata Advice', isActive: false });
    expect(await hookCallsDuring(() => call(services, 'DELETE', `/api/services/${created.id}`, { cookie }))).toBe(1);
    expect((await call(services, 'PUT', `/api/services/${created.id}`, { body: service(), cookie })).status).toBe(404);
  });

  it('across instances: of many full saves of one version exactly one wins, the rest answer 409', async () => {
    for (let trial = 0; trial < 4; trial++) {
      const { json: created } = await call(services, 'POST', '/api/services', {
        body: service({ title: `Race ${trial}` }),
        cookie,
      });
      const answers = await racers.race((racer) =>
        [0, 1].map((n) => ({
          fn: 'services',
          method: 'PUT',
          path: `/api/services/${created.id}`,
          cookie,
          body: service({ title: `Edit ${racer}.${n}`, version: created.version }),
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
      expect((await list(services, 'services')).find((s) => s.id === created.id)).toMatchObject({
        title: winner.title,
        version: winner.version,
      });
    }
  });
});

describe('testimonials', () => {
  it('cannot be created active without consent (400 on consent), but can be created inactive', async () => {
    const refused = await call(testimonials, 'POST', '/api/testimonials', {
      body: testimonial({ consent: false }),
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors).toEqual({ consent: [CONSENT_REQUIRED] });
    const created = await call(testimonials, 'POST', '/api/testimonials', {
      body: testimonial({ consent: false, isActive: false }),
      cookie,
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      source: 'Google review',
      receivedAt: '2026-10-01',
      consent: false,
      isActive: false,
    });
  });

  it('the switch refuses one without consent; confirming consent lets it go live after a rebuild', async () => {
    const { json: created } = await call(testimonials, 'POST', '/api/testimonials', {
      body: testimonial({ title: 'Consent later', consent: false, isActive: false }),
      cookie,
    });
    const refused = await call(testimonials, 'PUT', `/api/testimonials/${created.id}`, {
      body: { isActive: true },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors).toEqual({ isActive: [CONSENT_REQUIRED] });
    expect((await getActiveTestimonials()).map((t) => t.id)).not.toContain(created.id);

    let consented: any;
    const calls = await hookCallsDuring(async () => {
      consented = await call(testimonials, 'PUT', `/api/testimonials/${created.id}`, {
        body: testimonial({ title: 'Consent later', consent: true, isActive: false, version: created.version }),
        cookie,
      });
    });
    expect(consented.status).toBe(200);
    expect(calls).toBe(1);
    const on = await call(testimonials, 'PUT', `/api/testimonials/${created.id}`, {
      body: { isActive: true, version: consented.json.version },
      cookie,
    });
    expect(on.status).toBe(200);
    expect((await getActiveTestimonials()).map((t) => t.id)).toContain(created.id);
  });

  it('checks the source and the date received', async () => {
    const bad = await call(testimonials, 'POST', '/api/testimonials', {
      body: testimonial({ source: '', receivedAt: '2098-01-01' }),
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toEqual({
      source: ['Source is required'],
      receivedAt: ['The date received cannot be in the future'],
    });
    const outOfRange = await call(testimonials, 'POST', '/api/testimonials', {
      body: testimonial({ receivedAt: '2999-01-01' }),
      cookie,
    });
    expect(outOfRange.json.fieldErrors).toEqual({ receivedAt: ['Use a date between 1970 and 2099'] });
    const noDate = await call(testimonials, 'POST', '/api/testimonials', {
      body: testimonial({ receivedAt: '1/10/2026' }),
      cookie,
    });
    expect(noDate.json.fieldErrors).toEqual({ receivedAt: ['Use a date like 2026-03-31'] });
  });

  it('a stale full update answers 409; an optional position can be removed', async () => {
    const { json: created } = await call(testimonials, 'POST', '/api/testimonials', { body: testimonial(), cookie });
    const edited = await call(testimonials, 'PUT', `/api/testimonials/${created.id}`, {
      body: testimonial({ position: '', content: 'Edited.', version: created.version }),
      cookie,
    });
    expect(edited.status).toBe(200);
    expect(edited.json.position).toBeUndefined();
    expect(edited.json.content).toBe('Edited.');
    const stale = await call(testimonials, 'PUT', `/api/testimonials/${created.id}`, {
      body: testimonial({ version: created.version }),
      cookie,
    });
    expect(stale.status).toBe(409);
  });

  it('a stored record without consent is refused: not listed, not on the site', async () => {
    const { getStore } = await import('@netlify/blobs');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const at = '2026-01-01T00:00:00.000Z';
    await getStore({ name: 'testimonials', consistency: 'strong' }).setJSON('no-consent', {
      id: 'no-consent',
      title: 'Old',
      content: 'Kind words',
      source: 'E-mail',
      receivedAt: '2026-01-01',
      isActive: true,
      createdAt: at,
      updatedAt: at,
      version: 'v1',
    });
    expect((await list(testimonials, 'testimonials')).map((t) => t.id)).not.toContain('no-consent');
    expect((await getActiveTestimonials()).map((t) => t.id)).not.toContain('no-consent');
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual(
      expect.arrayContaining([expect.stringContaining('no-consent')]),
    );
    logged.mockRestore();
  });
});
