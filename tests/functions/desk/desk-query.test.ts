/**
 * The desk's list and its CSV judge their query strings as they always have (decision 054
 * moved them into a query schema): a filter or page parameter left empty is none where it
 * always was, a bad one is refused by its own sentence with no field errors, the first
 * fault in the order status, cdd, from, to, limit, before, and the CSV reads no page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import enquiries from '#functions/enquiries.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signedInStaff());
});

const list = (query: string) => call(enquiries, 'GET', `/api/contact-requests?${query}`, { cookie });
const csv = (query: string) => call(enquiries, 'GET', `/api/contact-requests/export.csv?${query}`, { cookie });

describe('the desk’s query string', () => {
  it.each([
    ['status=bogus', 'Status must be one of: new, contacted, quoted, instructed, lost'],
    ['cdd=all', 'cdd must be one of: pending, rescreen, approval'],
    ['from=2026-13-45', 'from must be a date (YYYY-MM-DD)'],
    ['to=yesterday', 'to must be a date (YYYY-MM-DD)'],
    ['limit=0', 'limit must be a whole number from 1 to 1000'],
    ['limit=1001', 'limit must be a whole number from 1 to 1000'],
    ['limit=2.5', 'limit must be a whole number from 1 to 1000'],
    ['limit=', 'limit must be a whole number from 1 to 1000'],
    ['before=NOT-AN-ID', 'before must be an enquiry id'],
    ['before=', 'before must be an enquiry id'],
    ['limit=0&status=bogus', 'Status must be one of: new, contacted, quoted, instructed, lost'],
    ['before=x&to=nope&cdd=all', 'cdd must be one of: pending, rescreen, approval'],
  ])('refuses %s in its own words', async (query, error) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error });
  });

  it('takes empty filters as none, a search of spaces as none, and the first of a repeated parameter', async () => {
    for (const query of ['status=&cdd=&from=&to=&q=', 'q=%20%20', 'limit=5&limit=0', 'status=new&status=bogus']) {
      const answer = await list(query);
      expect(answer.status, query).toBe(200);
      expect(Array.isArray(answer.json), query).toBe(true);
    }
  });

  it('refuses the same filters in the CSV, which reads no page', async () => {
    expect((await csv('from=x')).json).toEqual({ error: 'from must be a date (YYYY-MM-DD)' });
    const answer = await csv('limit=0&before=x&status=');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });
});
