/**
 * GET /api/blog-posts/{slug} checks the slug before any read: the slug becomes part of a
 * storage key, so `..%2F..%2Fusers%2F…` must never reach Blobs, and an over-long one
 * must not answer 500. A Blobs server of this file's own records every request it gets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import { call } from '../harness.ts';

const requests: string[] = [];
let server: BlobsServer;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'blobs-slug-guard-'));
  const token = 'slug-guard-token';
  server = new BlobsServer({ directory, token, onRequest: ({ url }) => requests.push(url) });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({
      edgeURL: url,
      uncachedEdgeURL: url,
      siteID: '0',
      token,
      deployID: '0',
      primaryRegion: 'us-east-2',
    }),
  ).toString('base64');
});
afterAll(async () => {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});
beforeEach(() => {
  requests.length = 0;
});

describe('GET /api/blog-posts/{slug}', () => {
  it('reads storage for a well-formed slug (so the request log below means something)', async () => {
    const response = await call(blogPosts, 'GET', '/api/blog-posts/no-such-article');
    expect(response.status).toBe(404);
    expect(requests.length).toBeGreaterThan(0);
  });

  it.each([
    ['a path out of the store', '..%2F..%2Fusers%2Fx'],
    ['an encoded slash', 'a%2Fb'],
    ['a 700-character slug', 'a'.repeat(700)],
    ['a 121-character slug', 'a'.repeat(121)],
    ['upper case', 'Stamp-Duty'],
    ['an encoded NUL', 'a%00b'],
  ])('answers 404 to %s without reading storage', async (_name, slug) => {
    const response = await call(blogPosts, 'GET', `/api/blog-posts/${slug}`);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ error: "We couldn't find that article" });
    expect(requests).toEqual([]);
  });
});
