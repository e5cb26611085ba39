/**
 * Free text and dates from staff and visitors: control characters stripped by the one
 * field helper before anything else sees the text, the CSV formula guard applied after,
 * and every date field bounded to a sane range.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import { csvCell } from '#server/desk/csv-export.ts';
import { blogPostInputSchema } from '#src/shared/schemas/blog-post.ts';
import { cddDraftSchema } from '#src/shared/schemas/cdd-draft.ts';
import { engagementAcceptSchema } from '#src/shared/schemas/engagement.ts';
import { heroEnquirySchema } from '#src/shared/schemas/enquiry.ts';
import { enquiryNoteSchema, enquiryPatchSchema } from '#src/shared/schemas/lead-desk.ts';
import { testimonialInputSchema } from '#src/shared/schemas/testimonial.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

let staff: { cookie: string; username: string };
beforeAll(async () => {
  staff = await signedInStaff();
});

describe('control characters', () => {
  it('are stripped from the lost reason before the CSV guard, so `\\u0000=1+1` is exported as text', async () => {
    const created = await call(contact, 'POST', '/api/contact', {
      body: {
        firstName: 'Ned\u0000\nKelly',
        lastName: 'Tester',
        email: 'ned@example.com',
        phone: '0400 111 222',
        serviceType: 'residential-sale',
        message: 'Line one\u0007\nline two',
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const lost = await call(enquiries, 'PATCH', `/api/contact-requests/${id}`, {
      cookie: staff.cookie,
      body: { status: 'lost', lostReason: '\u0000=1+1' },
    });
    expect(lost.status).toBe(200);
    expect(lost.json.lostReason).toBe('=1+1');
    // A single-line field loses its line break to a space; a multi-line one keeps it.
    expect(lost.json).toMatchObject({ firstName: 'Ned Kelly', message: 'Line one\nline two' });

    const noted = await call(enquiries, 'POST', `/api/contact-requests/${id}/notes`, {
      cookie: staff.cookie,
      body: { text: 'Called\u0000 back\u001b[31m\n\tsecond line' },
    });
    expect(noted.status).toBe(201);
    expect(noted.json.activity.at(-1).text).toBe('Called back[31m\n\tsecond line');

    const csv = await call(enquiries, 'GET', '/api/contact-requests/export.csv?status=lost', { cookie: staff.cookie });
    expect(csv.text).toContain(`,lost,'=1+1,`);
    expect(csv.text).not.toContain('\u0000');
  });

  it('do not hide a formula from the CSV guard in records stored before input was cleaned', () => {
    expect(csvCell('\u0000=1+1')).toBe("'=1+1");
    expect(csvCell('\u0001\u0002+SUM(A1)')).toBe("'+SUM(A1)");
  });

  it('go from every free-text field of the schemas, keeping line breaks only in multi-line ones', () => {
    const patch = enquiryPatchSchema.parse({ lostReason: ' Chose\u0000 another\nfirm ' });
    expect(patch.lostReason).toBe('Chose another firm');
    expect(enquiryNoteSchema.safeParse({ text: '\u0000\u0001' }).success).toBe(false);
    const hero = heroEnquirySchema.parse({
      firstName: 'A\u0085da',
      lastName: 'Love\tlace',
      email: 'ada@example.com',
      phone: '0400\u0000 111 222',
      serviceType: 'residential-conveyancing',
      message: 'Hello\u000b\r\nthere',
    });
    expect(hero).toMatchObject({
      firstName: 'Ada',
      lastName: 'Love lace',
      phone: '0400 111 222',
      message: 'Hello\r\nthere',
    });
  });
});

describe('bidirectional and zero-width characters', () => {
  // Every one the helper removes, between the letters of a name.
  const INVISIBLE = [
    '\u202A',
    '\u202B',
    '\u202C',
    '\u202D',
    '\u202E',
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
    '\u200E',
    '\u200F',
    '\u061C',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u2060',
    '\uFEFF',
  ];
  const disguised = `A${INVISIBLE.join('')}nn\u202Egnp.exe`;

  it('go from names and every single-line field: enquiries, acceptances and identity parties', () => {
    const hero = heroEnquirySchema.parse({
      firstName: disguised,
      lastName: 'Lee\u200B',
      email: '\u200Bann@example.com',
      phone: '0400\u2066 111 222',
      serviceType: 'residential-conveyancing',
      message: 'שלום\u200F and a family 👨\u200D👩\u200D👧',
    });
    expect(hero).toMatchObject({
      firstName: 'Anngnp.exe',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '0400 111 222',
    });
    // A message is multi-line text: right-to-left marks and emoji joiners are part of what was written.
    expect(hero.message).toBe('שלום\u200F and a family 👨\u200D👩\u200D👧');

    const accepted = engagementAcceptSchema.parse({
      fullName: disguised,
      understood: true,
      accept: true,
      instruct: true,
      electronic: true,
    });
    expect(accepted.fullName).toBe('Anngnp.exe');

    const draft = cddDraftSchema.parse({
      parties: [{ type: 'individual', fullName: disguised, otherNames: 'Nan\u202D', address: '1 High St\u2069' }],
      declarations: {},
    });
    expect(draft.parties[0]).toMatchObject({ fullName: 'Anngnp.exe', otherNames: 'Nan', address: '1 High St' });
  });

  it('go from a CSV name cell stored before they were removed, and stay in its message cell', () => {
    expect(csvCell('Ann\u202Egnp.exe', { multiline: false })).toBe('Anngnp.exe');
    expect(csvCell('a\u200Fb')).toBe('a\u200Fb');
  });
});

describe('date fields', () => {
  const post = { title: 'T', slug: 'a-post', content: 'Body' };

  it('refuse a publishedAt outside a sane range, with a clear message, instead of storing year 10000', () => {
    for (const publishedAt of ['9999-12-31', '9999-12-31T23:30', '0001-01-01']) {
      const result = blogPostInputSchema.safeParse({ ...post, publishedAt });
      expect(result.success, publishedAt).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/between 1970 and 2099/);
    }
    expect(blogPostInputSchema.parse({ ...post, publishedAt: '2099-12-31' }).publishedAt).toBe('2099-12-31');
  });

  it('refuse a callback date or a testimonial date outside the range', () => {
    const person = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      phone: '0400 111 222',
      serviceType: 'residential-conveyancing',
    };
    expect(heroEnquirySchema.safeParse({ ...person, callbackDate: '9999-12-31' }).success).toBe(false);
    expect(heroEnquirySchema.safeParse({ ...person, callbackDate: '2026-12-01' }).success).toBe(true);
    const testimonial = { title: 'T', content: 'C', source: 'Google' };
    const old = testimonialInputSchema.safeParse({ ...testimonial, receivedAt: '0999-01-01' });
    expect(old.success).toBe(false);
    expect(old.error!.issues.map((issue) => issue.message)).toContain('Use a date between 1970 and 2099');
  });
});
