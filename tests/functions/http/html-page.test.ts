/**
 * The one HTML answer (`htmlPage`, http/http.ts): every page a function renders carries the
 * same policy headers, whichever route renders it: the contact form sent back to fix, an
 * engagement link's page and the client's sign-in page. Only what each route adds differs:
 * who may read the Referer (a page that posts back to its route keeps `same-origin`, a link
 * with a token in it `no-referrer`); none is indexed.
 */
import { describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import engage from '#functions/engage.ts';
import myMatters from '#functions/my-matters.ts';
import { call, useBlobs } from '../harness.ts';

useBlobs();

const POLICY_HEADERS = [
  'cache-control',
  'content-security-policy',
  'content-type',
  'cross-origin-opener-policy',
  'permissions-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'x-robots-tag',
] as const;

const policyOf = (headers: Headers) => Object.fromEntries(POLICY_HEADERS.map((name) => [name, headers.get(name)]));

describe('the HTML answer', () => {
  it('is the same on the contact form, an engagement link and the client sign-in page, bar the Referer', async () => {
    const refused = await call(contact, 'POST', '/api/contact', {
      raw: new URLSearchParams({ firstName: 'Kim', lastName: '', email: 'x', phone: '', website: '' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const link = await call(engage, 'GET', '/engage/not-a-token-anyone-was-sent', { context: { ip: '192.0.2.77' } });
    const signIn = await call(myMatters, 'GET', '/matter');
    expect([refused.status, link.status, signIn.status]).toEqual([400, 404, 200]);

    const expected = policyOf(signIn.headers);
    expect(expected).toMatchObject({
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'x-robots-tag': 'noindex, nofollow',
    });
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    expect(policyOf(refused.headers)).toEqual(expected);
    expect(policyOf(link.headers)).toEqual(expected);

    expect(refused.headers.get('referrer-policy')).toBe('same-origin');
    expect(signIn.headers.get('referrer-policy')).toBe('same-origin');
    expect(link.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
