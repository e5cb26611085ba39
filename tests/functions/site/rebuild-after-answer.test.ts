/**
 * A staff save answers as soon as the change is stored; the build hook is called after the
 * answer (`context.waitUntil`), so a slow or hanging hook never holds the editor's request.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import { resetEnvCache } from '#server/platform/env.ts';
import { buildStatus } from '#server/site/rebuild.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

/** A build hook that holds every call until the test lets it answer. */
const held: ServerResponse[] = [];
const arrived: ((req: IncomingMessage) => void)[] = [];
const hook = createServer((req, res) => {
  held.push(res);
  arrived.shift()?.(req);
});
const nextHookCall = () => new Promise<IncomingMessage>((resolve) => arrived.push(resolve));

beforeAll(async () => {
  hook.listen(0, '127.0.0.1');
  await once(hook, 'listening');
  process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as { port: number }).port}/build_hooks/slow`;
  resetEnvCache();
});
afterAll(() => {
  for (const res of held) res.end();
  hook.close();
});

it('answers a save before the build hook has answered, and the rebuild still happens after', async () => {
  const { cookie } = await signedInStaff();
  const afterAnswer: Promise<unknown>[] = [];
  const hookCalled = nextHookCall();
  const saving = call(blogPosts, 'POST', '/api/blog-posts', {
    cookie,
    body: { title: 'Slow hook', slug: 'slow-hook', content: 'x' },
    context: { waitUntil: (promise) => void afterAnswer.push(promise) },
  });
  // Whichever comes first: the answer, or the hook giving up (its 10 s timeout) with the request still open.
  const hookGaveUp = hookCalled.then(async (req) => (await once(req, 'close'), 'hook gave up'));
  expect(await Promise.race([saving.then(() => 'answered'), hookGaveUp])).toBe('answered');
  expect((await saving).status).toBe(201);
  expect((await buildStatus()).lastRequestedAt).toBeNull();

  // The hook is called after the answer, and its acceptance is recorded once it answers.
  await hookCalled;
  held.shift()!.writeHead(200).end();
  await Promise.all(afterAnswer);
  expect((await buildStatus()).lastRequestedAt).not.toBeNull();
});
