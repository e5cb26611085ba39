/**
 * The cash and suspicious-matter registers and an enquiry's due diligence answer 503 without
 * CDD_ENCRYPTION_KEY once the caller is known, whatever the body (a refused field, broken JSON, another content type), and
 * 401 to a stranger: the key is checked before the body is judged, as it was before the routes
 * were declared (decision 054; `keyBeforeBody` in due-diligence/require-cdd-key.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import cash from '#functions/cash.ts';
import dueDiligence from '#functions/due-diligence.ts';
import suspicions from '#functions/suspicions.ts';
import { resetCddKeyEnv } from '#server/crypto/cdd-keys.ts';
import { anEnquiry } from '../fixtures/builders.ts';
import { call, signedInStaff, useBlobs, type CallOptions } from '../harness.ts';

useBlobs();
const useKey = (key: string) => {
  process.env.CDD_ENCRYPTION_KEY = key;
  resetCddKeyEnv();
};
afterEach(() => useKey(randomBytes(32).toString('base64')));

let principal: { cookie: string };
let enquiryId: string;
beforeAll(async () => {
  useKey(randomBytes(32).toString('base64'));
  principal = await signedInStaff('principal');
  enquiryId = await anEnquiry();
});

const BODIES: [string, Omit<CallOptions, 'cookie'>][] = [
  ['a refused field', { body: { amount: 'lots', kind: 'gossip', reportedAt: 'soon' } }],
  ['broken JSON', { raw: '{"amount":' }],
  ['another content type', { raw: 'amount=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }],
];
const ROUTES = [
  [cash, 'POST /api/contact-requests/:id/cash', () => `/api/contact-requests/${enquiryId}/cash`],
  [cash, 'PATCH /api/cash/:id', () => '/api/cash/mzzzzzzzzzz0000aaaaaaaaaaaa'],
  [suspicions, 'POST /api/contact-requests/:id/suspicion', () => `/api/contact-requests/${enquiryId}/suspicion`],
  [suspicions, 'PATCH /api/suspicions/:id', () => '/api/suspicions/mzzzzzzzzzz0000aaaaaaaaaaaa'],
  ...(['cdd/verify', 'cdd/approve', 'cdd/reject', 'cdd/rescreen', 'cdd/sanctions-resolution', 'close'] as const).map(
    (action) =>
      [
        dueDiligence,
        `POST /api/contact-requests/:id/${action}`,
        () => `/api/contact-requests/${enquiryId}/${action}`,
      ] as const,
  ),
] as const;

describe('without CDD_ENCRYPTION_KEY, the registers’ and the due diligence’s writes', () => {
  for (const [handler, route, path] of ROUTES) {
    const method = route.split(' ')[0]!;
    for (const [what, options] of BODIES) {
      it(`${route} answers 503 to ${what}, and 401 signed out`, async () => {
        const refused = await call(handler, method, path(), { ...options, cookie: principal.cookie });
        useKey('');
        const unkeyed = await call(handler, method, path(), { ...options, cookie: principal.cookie });
        const stranger = await call(handler, method, path(), options);
        expect(refused.status, 'with the key, the body is refused').toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
        expect(unkeyed.status).toBe(503);
        expect(unkeyed.json.error).toMatch(/CDD_ENCRYPTION_KEY is not set/);
        expect(stranger.status).toBe(401);
      });
    }
  }
});
