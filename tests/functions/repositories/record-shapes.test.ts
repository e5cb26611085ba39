/**
 * Every record read from Blobs is parsed with its schema, and only the current shape
 * passes: no deployed data is of an older shape, so a record that does not fit is a
 * logged error, skipped in lists and missing where it is read alone, never served
 * half-filled with defaults.
 */
import { getStore } from '@netlify/blobs';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  getStoredEnquiry,
  insertStoredEnquiry,
  listStoredEnquiries,
  newStoredEnquiry,
} from '#server/repositories/enquiries-store.ts';
import { appendActivity, listActivity } from '#server/repositories/enquiry-activity-store.ts';
import { listServices, seedDefaultServices } from '#server/repositories/services-store.ts';
import { getSettings } from '#server/repositories/settings-store.ts';
import { findBuildRead, readBuildState } from '#server/repositories/site-builds-store.ts';
import { SERVICES } from '#src/content/services.ts';
import { computeQuote, type QuoteInput } from '#src/shared/quote.ts';
import { defaultPracticeSettings } from '#src/shared/schemas/settings.ts';
import { useBlobs } from '../harness.ts';

useBlobs();

// Raw writes stand for a record of a shape the code no longer writes.
const raw = (name: string) => getStore({ name, consistency: 'strong' });
let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());
const loggedAbout = (key: string) => logged.mock.calls.some((args) => String(args[0]).includes(key));

const person = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '0412 345 678',
  serviceType: 'contract-review',
};

describe('a stored record of the wrong shape', () => {
  it('is refused by contact-requests: an enquiry without its pipeline fields is not read as new', async () => {
    const current = newStoredEnquiry(person);
    expect(await insertStoredEnquiry(current)).toBe(true);
    const id = '0000000000000000oldshape';
    await raw('contact-requests').setJSON(id, { id, ...person, createdAt: '2026-01-01T00:00:00.000Z' });

    expect(await getStoredEnquiry(id)).toBeNull();
    expect(loggedAbout(id)).toBe(true);
    const listed = (await listStoredEnquiries()).map((record) => record.id);
    expect(listed).toContain(current.id);
    expect(listed).not.toContain(id);
  });

  it('is refused by contact-requests when its quote names the first-home rule the old way', async () => {
    const inputs: QuoteInput = {
      price: 900_000,
      role: 'buying',
      propertyType: 'established',
      firstHomeBuyer: true,
      foreignPurchaser: false,
      foreignShare: 100,
      rush: false,
    };
    const record = { ...newStoredEnquiry(person), quote: { inputs, figures: computeQuote(inputs) } };
    expect(await insertStoredEnquiry(record)).toBe(true);
    expect((await getStoredEnquiry(record.id))?.record.quote).toEqual(JSON.parse(JSON.stringify(record.quote)));

    const { firstHomeRule: _rule, ...duty } = record.quote.figures.transferDuty!;
    const old = {
      ...record,
      id: '0000000000000000oldquote',
      quote: { inputs, figures: { ...record.quote.figures, transferDuty: { ...duty, firstHome: 'concession' } } },
    };
    await raw('contact-requests').setJSON(old.id, old);
    expect(await getStoredEnquiry(old.id)).toBeNull();
    expect(loggedAbout(old.id)).toBe(true);
  });

  it('is skipped by enquiry-activity', async () => {
    await appendActivity('enquiry-x', { at: '2026-11-23T00:00:00.000Z', by: 'ann', type: 'note', text: 'Called' });
    await raw('enquiry-activity').setJSON('enquiry-x/zzzzzzzzzzz0000broken', { at: 5, type: 'gossip' });
    expect(await listActivity('enquiry-x')).toEqual([
      { at: '2026-11-23T00:00:00.000Z', by: 'ann', type: 'note', text: 'Called' },
    ]);
    expect(loggedAbout('enquiry-x/zzzzzzzzzzz0000broken')).toBe(true);
  });

  it('is refused by services: a record of the first seed is neither listed nor upgraded', async () => {
    const old = { id: 'contract-review', title: 'Contract Review (ours)', description: 'Ours', isActive: false };
    await raw('services').setJSON('contract-review', old);
    expect(await listServices()).toEqual([]);
    expect(loggedAbout('contract-review')).toBe(true);

    expect(await seedDefaultServices(SERVICES)).toBe(true);
    expect(await raw('services').get('contract-review', { type: 'json' })).toEqual(old);
    expect((await listServices()).map((service) => service.id)).toEqual(
      SERVICES.map((service) => service.id).filter((id) => id !== 'contract-review'),
    );
  });

  it('is refused by settings as a whole: the site shows the defaults, not a mix of fields', async () => {
    await raw('settings').setJSON('practice', {
      ...defaultPracticeSettings(),
      name: 'Stored Name',
      email: 42,
      version: 'v1',
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
    const settings = await getSettings();
    expect(settings).toMatchObject({ ...defaultPracticeSettings(), version: 'default', updatedAt: null });
    expect(loggedAbout('practice')).toBe(true);
  });

  it('is refused by site-builds: the first state shape (`queued`) reads as no state, with its ETag', async () => {
    await raw('site-builds').setJSON('state', { requestedAt: '2026-11-01T00:00:00.000Z', queued: true, builtAt: null });
    const { state, etag } = await readBuildState();
    expect(state).toEqual({ changedAt: null, requestedAt: null, attemptedAt: null, lastFailure: null, builtAt: null });
    expect(etag).toEqual(expect.any(String));
    expect(loggedAbout('state')).toBe(true);

    await raw('site-builds').setJSON('reads/deploy-1', { readAt: 5 });
    expect(await findBuildRead('deploy-1')).toBeNull();
    expect(loggedAbout('reads/deploy-1')).toBe(true);
  });
});
