/** POST /api/contact as a plain HTML form post: no JavaScript, or before the island hydrates. */
import { describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import { enquiryFormPage } from '#server/pages/enquiry-form-page.tsx';
import { call, signedInStaff, useBlobs } from '../harness.ts';
import { attr, pageText, parsePage, textOf, type Element } from '../html.ts';
import { validateHtml } from '../vnu.ts';

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

  it('answers an invalid post with the form again: the values kept, only the failed fields marked', async () => {
    const before = (await stored()).length;
    const response = await post({
      ...contactForm,
      email: 'kim-at-example',
      phone: '  ',
      serviceType: 'residential-conveyancing',
    });
    // The page itself, not a redirect: nothing the visitor typed goes into an address.
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
    // Posting it again must carry this site's Origin: `no-referrer` would make it `null`.
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    const page = parsePage(response.text);
    const form = page.all('form')[0]!;
    expect(attr(form, 'method')).toBe('post');
    expect(attr(form, 'action')).toBe('/api/contact');
    expect(attr(page.byId('retry-contact-firstName'), 'value')).toBe('Kim');
    expect(attr(page.byId('retry-contact-propertyAddress'), 'value')).toBe('2 Example Rd, Box Hill NSW');
    expect(attr(page.byId('retry-contact-email'), 'value')).toBe('kim-at-example');
    // Only what failed is marked: the blank message (optional) and the valid names are not.
    const invalid = page.withAttribute('aria-invalid', 'true').map((element) => attr(element, 'name'));
    expect(invalid).toEqual(['email', 'phone', 'serviceType']);
    expect(textOf(page.byId('retry-contact-email-error'))).toBe('Please enter a valid email address');
    expect(textOf(page.byId('retry-contact-phone-error'))).toBe('Phone number is required');
    expect(textOf(page.byId('retry-contact-serviceType-error'))).toBe('Please select a service');
    // The summary at the top links each message to its field.
    expect(page.withAttribute('role', 'alert')).toHaveLength(1);
    expect(
      page
        .all('a')
        .map((link) => attr(link, 'href'))
        .filter((href) => href?.startsWith('#retry-')),
    ).toEqual(['#retry-contact-email', '#retry-contact-phone', '#retry-contact-serviceType']);
    // The practice's phone, with a space before it.
    expect(pageText(response.text)).toContain('or call us on (02) 5550 0123.');
    expect((await stored()).length).toBe(before);
  });

  it('answers an invalid hero post with the hero form, its choices kept', async () => {
    const response = await post({ ...hero, firstName: '', callbackTime: 'Midnight' });
    expect(response.status).toBe(400);
    const page = parsePage(response.text);
    expect(textOf(page.byId('retry-form-title'))).toBe('Get your free quote');
    expect(page.withAttribute('aria-invalid', 'true').map((element) => attr(element, 'name'))).toEqual([
      'firstName',
      'callbackTime',
    ]);
    const service = page.byId('retry-hero-serviceType');
    const selected = service.childNodes.filter((option) => 'attrs' in option && attr(option, 'selected') !== undefined);
    expect(selected.map((option) => attr(option as Element, 'value'))).toEqual(['residential-conveyancing']);
    expect(textOf(page.byId('retry-hero-message'))).toBe(hero.message);
    expect(attr(page.byId('retry-hero-website'), 'value')).toBe('');
  });

  it('renders the refused form as valid HTML', async () => {
    const html = enquiryFormPage({
      form: 'contact',
      values: { ...contactForm, email: 'x' },
      fieldErrors: { email: ['Please enter a valid email address'] },
      practice: { name: 'Example Conveyancing', phone: { display: '(02) 5550 0123', href: 'tel:+61255500123' } },
    });
    expect(await validateHtml({ refused: html })).toEqual([]);
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
