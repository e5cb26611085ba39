/**
 * The same enquiry sent twice within a few minutes (enquiries/repeat-enquiries.ts): the visitor
 * is answered as for a new one, one enquiry is stored, and its timeline says it came again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import { forgetOldRepeats, REPEAT_NOTE, REPEAT_WINDOW_MS } from '#server/enquiries/repeat-enquiries.ts';
import { resetClock, setClockTo } from '#src/shared/clock.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();
afterEach(() => {
  resetClock();
});

let people = 0;
/** A contact-section enquiry from a person no other test uses. */
const enquiry = () => ({
  firstName: 'Robin',
  lastName: `Repeat${++people}`,
  email: `robin.${people}@example.com`,
  phone: '0400 111 222',
  serviceType: 'residential-purchase',
  propertyAddress: '2 Example St, Kellyville NSW',
  message: 'Buying next month',
});

async function storedFor(lastName: string) {
  const { cookie } = await signedInStaff();
  const list = (await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as Record<string, string>[];
  return { cookie, stored: list.filter((entry) => entry.lastName === lastName) };
}

const form = (body: Record<string, string>) => ({
  raw: new URLSearchParams(body).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the same enquiry sent twice', () => {
  it('is stored once, answered 201 with the same id, and noted on the first one', async () => {
    const body = enquiry();
    const first = await call(contact, 'POST', '/api/contact', { body });
    // Sent again as a person would: the same words with other spacing and case in the address.
    const again = await call(contact, 'POST', '/api/contact', {
      body: { ...body, email: body.email.toUpperCase(), phone: '0400111222' },
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);

    const { cookie, stored } = await storedFor(body.lastName);
    expect(stored).toHaveLength(1);
    const detail = await call(enquiries, 'GET', `/api/contact-requests/${first.json.id}`, { cookie });
    expect(detail.json.activity).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'repeat', by: 'website', text: REPEAT_NOTE })]),
    );
  });

  it('a form post sent again still lands on /thanks, and is stored once', async () => {
    const body = enquiry();
    for (let time = 0; time < 2; time++) {
      const response = await call(contact, 'POST', '/api/contact', form(body));
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/thanks/');
    }
    expect((await storedFor(body.lastName)).stored).toHaveLength(1);
  });

  it('is a new enquiry when anything the person typed differs', async () => {
    const body = enquiry();
    const first = await call(contact, 'POST', '/api/contact', { body });
    const changed = await call(contact, 'POST', '/api/contact', { body: { ...body, message: 'Selling, too' } });
    expect(changed.json.id).not.toBe(first.json.id);
    expect((await storedFor(body.lastName)).stored).toHaveLength(2);
  });

  it('is a new enquiry once the window has passed', async () => {
    const body = enquiry();
    const first = await call(contact, 'POST', '/api/contact', { body });
    setClockTo(Date.now() + REPEAT_WINDOW_MS + 60_000);
    const later = await call(contact, 'POST', '/api/contact', { body });
    expect(later.json.id).not.toBe(first.json.id);
    expect((await storedFor(body.lastName)).stored).toHaveLength(2);
  });

  it('forgets what it needs to recognise a repeat once the window has passed (hourly)', async () => {
    const body = enquiry();
    await call(contact, 'POST', '/api/contact', { body });
    expect(await forgetOldRepeats(Date.now())).toBe(0);
    expect(await forgetOldRepeats(Date.now() + REPEAT_WINDOW_MS + 60_000)).toBeGreaterThan(0);
    expect(await forgetOldRepeats(Date.now() + REPEAT_WINDOW_MS + 60_000)).toBe(0);
  });
});
