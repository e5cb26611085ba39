/**
 * A form post that cannot be stored still lands on a page a person can read (with the
 * phone number), not on a JSON 500. Storage really is down here: the Blobs server this
 * file starts is stopped before the post.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import contact from '#functions/contact.ts';
import { startLocalBlobs } from '#scripts/lib/local-blobs.ts';
import { call } from '../harness.ts';

const directory = mkdtempSync(path.join(tmpdir(), 'blobs-down-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

it('answers a form post with 303 to the error page when storage fails', async () => {
  const blobs = await startLocalBlobs(directory);
  await blobs.stop();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const response = await call(contact, 'POST', '/api/contact', {
    raw: new URLSearchParams({
      firstName: 'Store',
      lastName: 'Down',
      email: 'down@example.com',
      phone: '0400 000 000',
      serviceType: 'contract-review',
      propertyAddress: '',
      message: '',
      website: '',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/enquiry-error/?form=contact&reason=unavailable');
  // The failure is still logged for the practice to see.
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
});
