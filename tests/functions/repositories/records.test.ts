/**
 * Records are parsed with their schema as they are read from Blobs: a record that does not
 * fit, a field every write sets missing included, is logged and skipped, not served.
 */
import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { timeKey } from '#server/repositories/blobs.ts';
import { readBuildState } from '#server/repositories/site-builds-store.ts';
import { findSession } from '#server/repositories/sessions-store.ts';
import { findUser } from '#server/repositories/users-store.ts';
import blogPosts from '#functions/blog-posts.ts';
import enquiries from '#functions/enquiries.ts';
import testimonials from '#functions/testimonials.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

// Tests write raw blobs directly, bypassing the repositories' writes.
const raw = (name: string) => getStore({ name, consistency: 'strong' });
let cookie = '';
beforeAll(async () => {
  cookie = (await signedInStaff()).cookie;
});
const list = async (handler: typeof blogPosts, path: string) => {
  const response = await call(handler, 'GET', path, { cookie });
  expect(response.status).toBe(200);
  return response.json as any[];
};

describe('records read from Blobs', () => {
  it('refuse a post missing a field every write sets: not listed, not served, not edited', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const at = '2024-01-01T00:00:00.000Z';
    const full = {
      id: 'unsaved-fields',
      title: 'Old',
      slug: 'from-long-ago',
      content: 'Text',
      isPublished: true,
      publishedAt: '2024-01-01',
      createdAt: at,
      updatedAt: at,
      version: 'v1',
      updatedBy: 'jane',
      sequence: 0,
    };
    await raw('blog-posts').setJSON('slugs/from-long-ago', { id: full.id, claimedAt: at });
    for (const field of ['isPublished', 'version', 'updatedBy', 'sequence'] as const) {
      const { [field]: _left, ...partial } = full;
      await raw('blog-posts').setJSON(`posts/${full.id}`, partial);
      expect(
        (await list(blogPosts, '/api/admin/blog-posts')).map((p) => p.id),
        field,
      ).not.toContain(full.id);
      expect((await call(blogPosts, 'GET', '/api/blog-posts/from-long-ago')).status, field).toBe(404);
      const edited = await call(blogPosts, 'PUT', `/api/blog-posts/${full.id}`, {
        body: { title: 'Old, edited', slug: 'from-long-ago', content: 'Text' },
        cookie,
      });
      expect(edited.status, field).toBe(404);
    }
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/posts\/unsaved-fields/)]),
    );
    // The same record with every field is served.
    await raw('blog-posts').setJSON(`posts/${full.id}`, full);
    expect((await call(blogPosts, 'GET', '/api/blog-posts/from-long-ago')).status).toBe(200);
    logged.mockRestore();
  });

  it('refuse a testimonial missing a field every write sets, consent included', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const at = '2024-01-01T00:00:00.000Z';
    const full = {
      id: 'before-consent',
      title: 'Kept',
      content: 'Good',
      source: 'E-mail',
      receivedAt: '2024-01-01',
      consent: true,
      isActive: true,
      createdAt: at,
      updatedAt: at,
      version: 'v1',
    };
    for (const field of ['source', 'receivedAt', 'consent', 'isActive', 'createdAt', 'updatedAt', 'version'] as const) {
      const { [field]: _left, ...partial } = full;
      await raw('testimonials').setJSON(full.id, partial);
      expect(
        (await list(testimonials, '/api/admin/testimonials')).map((t) => t.id),
        field,
      ).not.toContain(full.id);
    }
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/before-consent/)]),
    );
    await raw('testimonials').setJSON(full.id, full);
    expect((await list(testimonials, '/api/admin/testimonials')).map((t) => t.id)).toContain(full.id);
    await raw('testimonials').delete(full.id);
    logged.mockRestore();
  });

  it('refuse an enquiry whose quote lacks figures every quote now carries', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const id = timeKey();
    const quote = {
      inputs: {
        price: 900_000,
        role: 'buying',
        propertyType: 'established',
        firstHomeBuyer: true,
        foreignPurchaser: false,
        foreignShare: 100,
        rush: false,
      },
      figures: {
        ratesEffective: '2025-07-01',
        ratesCurrent: true,
        coolingOffBusinessDays: 5,
        professionalFee: 1_850,
        feeItems: [{ key: 'base', label: 'Professional fee', amount: 1_850 }],
        disbursements: { min: 800, max: 1_500 },
        transferDuty: {
          general: 19_706,
          surcharge: 0,
          total: 19_706,
          firstHomeRule: 'concession',
          dueDate: '2026-02-23',
        },
        estimatedTotal: { min: 22_356, max: 23_056 },
      },
    };
    const olderShapes = [
      { ...quote, figures: { ...quote.figures, ratesCurrent: undefined } },
      {
        ...quote,
        figures: { ...quote.figures, transferDuty: { ...quote.figures.transferDuty, general: null, total: null } },
      },
      { ...quote, figures: { ...quote.figures, transferDuty: { ...quote.figures.transferDuty, dueDate: undefined } } },
    ];
    const enquiry = {
      id,
      firstName: 'Old',
      lastName: 'Quote',
      email: 'old@example.com',
      phone: '0400 000 000',
      serviceType: 'property-settlements',
      message: 'Quote please',
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'new',
      assignee: null,
      firstContactAt: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
      lastActivityAt: '2026-01-01T00:00:00.000Z',
    };
    for (const [n, shape] of olderShapes.entries()) {
      await raw('contact-requests').setJSON(id, { ...enquiry, quote: JSON.parse(JSON.stringify(shape)) });
      expect((await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie })).status, `shape ${n}`).toBe(404);
    }
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual(
      expect.arrayContaining([expect.stringContaining(id)]),
    );
    await raw('contact-requests').setJSON(id, { ...enquiry, quote });
    expect((await call(enquiries, 'GET', `/api/contact-requests/${id}`, { cookie })).json.quote).toEqual(quote);
    await raw('contact-requests').delete(id);
    logged.mockRestore();
  });

  it('skip and log a record that no longer fits, and serve the rest', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await raw('blog-posts').setJSON('posts/broken', { id: 'broken', title: 42 });
    await raw('testimonials').setJSON('broken', { id: 'broken', content: ['not', 'text'] });
    const at = '2024-01-01T00:00:00.000Z';
    await raw('testimonials').setJSON('fine', {
      id: 'fine',
      title: 'Fine',
      content: 'Good',
      source: 'E-mail',
      receivedAt: '2024-01-01',
      consent: false,
      isActive: false,
      createdAt: at,
      updatedAt: at,
      version: 'v1',
    });
    await raw('contact-requests').setJSON('0000000000000000broken', { firstName: null });
    const posts = await list(blogPosts, '/api/admin/blog-posts');
    expect(posts.map((p) => p.id)).not.toContain('broken');
    expect(posts.map((p) => p.id)).toContain('unsaved-fields');
    const shown = await list(testimonials, '/api/admin/testimonials');
    expect(shown.map((t) => t.id)).toEqual(['fine']);
    expect((await list(enquiries, '/api/contact-requests')).map((r) => r.id)).not.toContain('0000000000000000broken');
    expect(logged.mock.calls.map((args) => String(args[0]))).toEqual(
      expect.arrayContaining([expect.stringMatching(/posts\/broken/), expect.stringMatching(/0000000000000000broken/)]),
    );
    logged.mockRestore();
  });

  it('treat a broken record as missing where one is read alone', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await raw('blog-posts').setJSON('slugs/broken-claim', { id: 7 });
    expect((await call(blogPosts, 'GET', '/api/blog-posts/broken-claim')).status).toBe(404);
    expect(
      (
        await call(blogPosts, 'PUT', '/api/blog-posts/broken', {
          body: { title: 'T', slug: 'fixed', content: 'C' },
          cookie,
        })
      ).status,
    ).toBe(404);
    await raw('users').setJSON('no-hash-user', { id: 'x', username: 'no-hash-user' });
    expect(await findUser('no-hash-user')).toBeNull();
    logged.mockRestore();
  });

  it('refuse an account, or a session, missing a field every write sets', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const full = {
      id: 'y',
      username: 'partial-account',
      passwordHash: 'h',
      createdAt: '2025-01-01T00:00:00.000Z',
      passwordChangedAt: '2025-01-01T00:00:00.000Z',
      sessionGeneration: 'g1',
      mustChangePassword: false,
    };
    for (const field of ['passwordChangedAt', 'sessionGeneration', 'mustChangePassword'] as const) {
      const { [field]: _left, ...partial } = full;
      await raw('users').setJSON(full.username, partial);
      expect(await findUser(full.username), field).toBeNull();
    }
    await raw('users').setJSON(full.username, full);
    expect(await findUser(full.username)).toMatchObject({ id: 'y', sessionGeneration: 'g1' });
    await raw('users').delete(full.username);

    const session = { userId: 'y', username: full.username, expiresAt: '2999-01-01T00:00:00.000Z', generation: 'g1' };
    const { generation: _generation, ...ungenerated } = session;
    await raw('sessions').setJSON('0123456789abcdefgh', ungenerated);
    expect(await findSession('0123456789abcdefgh')).toBeNull();
    await raw('sessions').setJSON('0123456789abcdefgh', session);
    expect(await findSession('0123456789abcdefgh')).toEqual(session);
    await raw('sessions').delete('0123456789abcdefgh');
    logged.mockRestore();
  });

  it('read a build state that no longer fits as empty, with its ETag so the next write replaces it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await raw('site-builds').setJSON('state', ['not', 'a', 'state']);
    const { state, etag } = await readBuildState();
    expect(state).toEqual({ changedAt: null, requestedAt: null, attemptedAt: null, lastFailure: null, builtAt: null });
    expect(etag).toEqual(expect.any(String));
    logged.mockRestore();
  });
});
