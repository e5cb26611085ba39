import { describe, expect, it } from 'vitest';
import contact from '#functions/contact.ts';
import enquiries from '#functions/enquiries.ts';
import { statusCounts } from '#server/repositories/enquiries-store.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const hero = {
  firstName: 'Alex',
  lastName: 'Citizen',
  email: 'alex@example.com',
  phone: '0400 000 000',
  serviceType: 'residential-conveyancing',
  callbackDate: '2026-12-01',
  callbackTime: 'Morning',
  message: 'Buying in Kellyville',
};
const contactForm = {
  firstName: 'Sam',
  lastName: 'Buyer',
  email: 'sam@example.com',
  phone: '02 5550 0000',
  serviceType: 'residential-sale',
  propertyAddress: '1 Example St, Castle Hill NSW',
  message: '',
};

async function storedRequests() {
  const { cookie } = await signedInStaff();
  return (await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as Record<string, unknown>[];
}

describe('POST /api/contact', () => {
  it('stores a hero enquiry and answers 201 with its id', async () => {
    const response = await call(contact, 'POST', '/api/contact', { body: hero });
    expect(response.status).toBe(201);
    expect(response.json.id).toMatch(/^[a-z0-9]+$/);
    const stored = (await storedRequests()).find((request) => request.id === response.json.id);
    expect(stored).toMatchObject({ ...hero, createdAt: expect.any(String) });
  });

  it('stores a contact-section enquiry, dropping empty optional fields', async () => {
    const response = await call(contact, 'POST', '/api/contact', { body: contactForm });
    expect(response.status).toBe(201);
    const stored = (await storedRequests()).find((request) => request.id === response.json.id);
    expect(stored).toMatchObject({ propertyAddress: contactForm.propertyAddress, serviceType: 'residential-sale' });
    expect(stored).not.toHaveProperty('message');
  });

  it("answers 400 with the spec's message for each required field", async () => {
    const response = await call(contact, 'POST', '/api/contact', {
      body: { firstName: ' ', lastName: '', email: 'not-an-email', phone: '', serviceType: '' },
    });
    expect(response.status).toBe(400);
    expect(response.json.fieldErrors).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Please enter a valid email address'],
      phone: ['Phone number is required'],
      serviceType: ['Please select a service'],
    });
  });

  it("refuses a service that is not one of that form's options", async () => {
    const withAddress = await call(contact, 'POST', '/api/contact', {
      body: { ...contactForm, serviceType: 'residential-conveyancing' },
    });
    expect(withAddress.status).toBe(400);
    expect(withAddress.json.fieldErrors.serviceType).toEqual(['Please select a service']);
    const withCallback = await call(contact, 'POST', '/api/contact', { body: { ...hero, serviceType: 'other' } });
    expect(withCallback.status).toBe(400);
  });

  it('accepts only Morning, Afternoon or Evening as a callback time', async () => {
    const response = await call(contact, 'POST', '/api/contact', { body: { ...hero, callbackTime: 'Midnight' } });
    expect(response.status).toBe(400);
    expect(response.json.fieldErrors.callbackTime).toBeDefined();
  });

  it('limits field lengths', async () => {
    const response = await call(contact, 'POST', '/api/contact', { body: { ...hero, message: 'x'.repeat(5001) } });
    expect(response.status).toBe(400);
    expect(response.json.fieldErrors.message[0]).toMatch(/under 5000 characters/);
  });

  it('answers 413 past 64 KB, 400 for broken JSON, 415 for another content type', async () => {
    const big = await call(contact, 'POST', '/api/contact', {
      raw: JSON.stringify({ ...hero, message: 'x'.repeat(70_000) }),
    });
    expect(big.status).toBe(413);
    const broken = await call(contact, 'POST', '/api/contact', { raw: '{"firstName": ' });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toMatch(/not valid JSON/);
    // Form posts are accepted (contact-form.test.ts); other types are not.
    const form = await call(contact, 'POST', '/api/contact', {
      raw: 'firstName=Alex',
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    for (const response of [big, broken, form]) expect(response.text).not.toMatch(/\bat .+\.ts/);
  });

  it('answers a filled honeypot as a success without storing it', async () => {
    const before = (await storedRequests()).length;
    const response = await call(contact, 'POST', '/api/contact', { body: { ...hero, website: 'http://spam.example' } });
    expect(response.status).toBe(201);
    expect((await storedRequests()).length).toBe(before);
  });

  it('answers 405 with Allow for other methods', async () => {
    const response = await call(contact, 'GET', '/api/contact');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('stores all of 500 concurrent enquiries', async () => {
    const before = (await storedRequests()).length;
    const responses = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        call(contact, 'POST', '/api/contact', { body: { ...contactForm, firstName: `Concurrent ${i}` } }),
      ),
    );
    expect(responses.every((response) => response.status === 201)).toBe(true);
    const stored = await storedRequests();
    expect(stored.length).toBe(before + 500);
    expect(new Set(responses.map((response) => response.json.id)).size).toBe(500);
    // The desk's counts, kept by conditional writes on shared shards, lost none of them.
    expect((await statusCounts()).total).toBe(stored.length);
  });
});
