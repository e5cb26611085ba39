/**
 * A personal link's page when storage is down: the client gets a page they can read, with
 * the link's headers and the error's status, not a JSON body; the failure is still logged,
 * without the token.
 * Storage really is down here: the Blobs server this file starts is stopped first.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import engage from '#functions/engage.ts';
import engageCdd from '#functions/engage-due-diligence.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { startLocalBlobs } from '#scripts/lib/local-blobs.ts';
import { ORIGIN } from '../harness.ts';
import { pageText } from '../html.ts';
import { invokeRouted } from '../routing.ts';

const directory = mkdtempSync(path.join(tmpdir(), 'blobs-down-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const TOKEN = 'Zm9vYmFyYmF6cXV4LWFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3';

it('answers the engagement and identity pages with a readable page, not JSON', async () => {
  process.env.CDD_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  resetCddKeyEnv();
  const blobs = await startLocalBlobs(directory);
  await blobs.stop();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  for (const [handler, pathname, words] of [
    [engage, `/engage/${TOKEN}`, 'Something went wrong on our side. Please try again, or call us.'],
    [engageCdd, `/engage/${TOKEN}/identity`, "Identity details can't be taken right now; please call us on"],
  ] as const) {
    const response = await invokeRouted(handler, new Request(new URL(pathname, ORIGIN)), { ip: '198.51.100.7' });
    // The store layer says 503 (unavailable, try again); the page keeps that status.
    expect(response.status, pathname).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(pageText(await response.text())).toContain(words);
  }
  expect(logged).toHaveBeenCalled();
  expect(JSON.stringify(logged.mock.calls.map((call) => String(call[0])))).not.toContain(TOKEN);
  logged.mockRestore();
});
