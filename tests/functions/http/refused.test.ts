import { describe, expect, it } from 'vitest';
import { asHttpError, asRefusal, hasCode, HttpError, refusalStatus } from '#server/http/http.ts';
import { REFUSAL_STATUS, Refused, refusalKind, type RefusalKind } from '#server/platform/refused.ts';
import { StorageUnavailable } from '#server/repositories/blobs.ts';

describe('a domain room’s refusal', () => {
  it('is answered with the status its kind stands for, keeping its words, code, fields and headers', () => {
    const refused = new Refused('conflict', 'That engagement has ended', {
      code: 'link-ended',
      fieldErrors: { name: ['Too long'] },
      headers: { 'Retry-After': '60' },
    });
    const answer = asHttpError(refused);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer).toMatchObject({
      status: 409,
      message: 'That engagement has ended',
      code: 'link-ended',
      fieldErrors: { name: ['Too long'] },
      headers: { 'Retry-After': '60' },
    });
    expect(hasCode(refused, 'link-ended')).toBe(true);
  });

  it('maps every kind to its own status, and a state table’s status back to its kind', () => {
    const statuses = Object.values(REFUSAL_STATUS);
    expect(new Set(statuses).size).toBe(statuses.length);
    for (const [kind, status] of Object.entries(REFUSAL_STATUS) as [RefusalKind, number][]) {
      expect(refusalStatus(new Refused(kind, 'No'))).toBe(status);
      expect(refusalKind(status)).toBe(kind);
    }
    expect(() => refusalKind(418)).toThrow(/No kind of refusal answers 418/);
  });

  it('is told apart from failures a route’s own catch must not answer (storage, a bug)', () => {
    expect(refusalStatus(new HttpError(429, 'Slow down'))).toBe(429);
    expect(asRefusal(new StorageUnavailable(new Error('ECONNREFUSED')))).toBeUndefined();
    expect(refusalStatus(new Error('a bug'))).toBeUndefined();
  });
});
