/**
 * Routing by `config.path` alone: Netlify (and the local host) match the path and pass
 * `context.params`; a function only picks the method. Its routes and its `config.path`
 * are one list, and the tests reach handlers through the same matcher.
 */
import { describe, expect, it } from 'vitest';
import enquiries from '#functions/enquiries.ts';
import { handle, json } from '#server/http/http.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

describe('handle', () => {
  it('refuses, at import, routes and a config.path that differ', () => {
    expect(() => handle({ path: ['/api/a', '/api/a/:id'] }, { '/api/a': { GET: async () => json({}) } })).toThrow(
      /\/api\/a\/:id/,
    );
    expect(() => handle({ path: '/api/a' }, { '/api/a': {}, '/api/b': {} })).toThrow(/\/api\/b/);
  });

  it('picks the entry the params spell, literal paths first, and answers 405 with Allow for other methods', async () => {
    const fn = handle(
      { path: ['/api/a/:id', '/api/a/special', '/api/a/:id/notes'] },
      {
        '/api/a/:id': { GET: async (_req, { params }) => json({ route: 'id', params }), DELETE: async () => json({}) },
        '/api/a/special': { GET: async (_req, { params }) => json({ route: 'special', params }) },
        '/api/a/:id/notes': { POST: async (_req, { params }) => json({ route: 'notes', params }) },
      },
    );
    const get = (path: string, params: Record<string, string>, method = 'GET') =>
      fn(new Request(new URL(path, 'http://localhost:8888'), { method }), { params });
    expect(await (await get('/api/a/x%2Fy', { id: 'x%2Fy' })).json()).toEqual({ route: 'id', params: { id: 'x/y' } });
    // However the platform filled the params for a literal path, the literal entry answers.
    expect(await (await get('/api/a/special', { id: 'special' })).json()).toMatchObject({ route: 'special' });
    expect(await (await get('/api/a/special', {})).json()).toMatchObject({ route: 'special' });
    expect(await (await get('/api/a/7/notes', { id: '7' }, 'POST')).json()).toEqual({
      route: 'notes',
      params: { id: '7' },
    });
    const refused = await get('/api/a/7', { id: '7' }, 'PUT');
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, DELETE');
    expect(await refused.json()).toEqual({ error: expect.any(String) });
  });
});

describe('function tests go through config.path', () => {
  it('answers 404 for a path no config.path lists, as the site does', async () => {
    const { cookie } = await signedInStaff();
    expect((await call(enquiries, 'GET', '/api/contact-requests/some-id/other', { cookie })).status).toBe(404);
    expect((await call(enquiries, 'GET', '/api/contact-requests/export.csv', { cookie })).status).toBe(200);
  });
});

describe('answers', () => {
  it('are never sniffed, the CSV export included', async () => {
    const { cookie } = await signedInStaff();
    for (const path of ['/api/contact-requests/export.csv', '/api/contact-requests', '/api/contact-requests/some-id']) {
      const answer = await call(enquiries, 'GET', path, { cookie });
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
