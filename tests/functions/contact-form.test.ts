/** POST /api/contact as a plain HTML form post: no JavaScript, or before the island hydrates. */
import { describe, expect, it } from 'vitest';
import contact from '../../netlify/functions/contact.ts';
import enquiries from '../../netlify/functions/enquiries.ts';
import { call, signedInStaff, useBlobs } from './harness.ts';

useBlobs();

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** What a browser sends for the hero form: every named control, empty ones as ''. */
const hero = {
  firstName: 'Robin',
  lastName: 'Formpost',
  email: 'robin@example.com',
  phone: '0400 111 222',
  serviceType: 'residential-conveyancing',
  callbackDate: '2026-12-01',
  callbackTime: 'Afternoon',
  message: 'Buying in Rouse Hill & Kellyville = 2 suburbs',
  website: '',
};
const contactForm = {
  firstName: 'Kim',
  lastName: 'Noscript',
  email: 'kim@example.com',
  phone: '02 5550 0101',
  serviceType: 'off-the-plan',
  propertyAddress: '2 Example Rd, Box Hill NSW',
  message: '',
  website: '',
};

const post = (fields: Record<string, string>, headers: Record<string, string> = FORM) =>
  call(contact, 'POST', '/api/contact', { raw: new URLSearchParams(fields).toString(), headers });

async function stored() {
  const { cookie } = await signedInStaff();
  return (await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as Record<string, unknown>[];
}

describe('POST /api/contact, form-encoded', () => {
  it('stores a hero form post and answers 303 to /thanks', async () => {
    const response = await post(hero);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/thanks/');
    expect(response.text).toBe('');
    const { website: _honeypot, ...expected } = hero;
    expect((await stored()).find((request) => request.lastName === 'Formpost')).toMatchObject(expected);
  });

  it('stores a contact form post (with a charset parameter), dropping empty optional fields', async () => {
    const response = await post(contactForm, { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/thanks/');
    const request = (await stored()).find((entry) => entry.lastName === 'Noscript');
    expect(request).toMatchObject({ serviceType: 'off-the-plan', propertyAddress: contactForm.propertyAddress });
    expect(request).not.toHaveProperty('message');
  });

  it('answers a filled honeypot with 303 to /thanks and stores nothing', async () => {
    const before = (await stored()).length;
    const response = await post({ ...hero, lastName: 'Honeypot', website: 'http://spam.example' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/thanks/');
    const after = await stored();
    expect(after.length).toBe(before);
    expect(after.some((request) => request.lastName === 'Honeypot')).toBe(false);
  });

  it('sends an invalid post to the error page with the field names only, never the values', async () => {
    const before = (await stored()).length;
    const response = await post({
      ...contactForm,
      email: 'kim-at-example',
      phone: '  ',
      serviceType: 'residential-conveyancing',
    });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toBe('/enquiry-error/?form=contact&fields=email,phone,serviceType');
    for (const value of ['kim', 'Noscript', 'Box', '5550']) expect(location).not.toContain(value);
    expect(response.text).toBe('');
    expect((await stored()).length).toBe(before);
  });

  it('names the hero form when the hero form post fails', async () => {
    const response = await post({ ...hero, firstName: '', callbackTime: 'Midnight' });
    expect(response.headers.get('location')).toBe('/enquiry-error/?form=hero&fields=firstName,callbackTime');
  });

  it('applies the same 64 KB limit: a larger post lands on the error page, stores nothing', async () => {
    const before = (await stored()).length;
    const response = await post({ ...hero, message: 'x'.repeat(70_000) });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/enquiry-error/?reason=too-large');
    expect((await stored()).length).toBe(before);
  });

  it('refuses a form post from another site', async () => {
    const response = await call(contact, 'POST', '/api/contact', {
      raw: new URLSearchParams(hero).toString(),
      headers: FORM,
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
  });

  it('leaves JSON callers as they were: 201 with the id', async () => {
    const { website: _honeypot, ...body } = hero;
    const response = await call(contact, 'POST', '/api/contact', { body: { ...body, lastName: 'Jsoncaller' } });
    expect(response.status).toBe(201);
    expect(response.json).toEqual({ id: expect.any(String) });
  });
});
