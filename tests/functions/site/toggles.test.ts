import { beforeAll, describe, expect, it } from 'vitest';
import enquiries from '#functions/enquiries.ts';
import contact from '#functions/contact.ts';
import services from '#functions/services.ts';
import testimonials from '#functions/testimonials.ts';
import { seedIfEmpty } from '#scripts/seed.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();
beforeAll(async () => {
  await seedIfEmpty();
});

describe.each([
  ['testimonials', testimonials, 'sample-first-home', 'testimonial'],
  ['services', services, 'contract-review', 'service'],
] as const)('%s', (resource, handler, id, noun) => {
  it('lists the seeded records for staff', async () => {
    const { cookie } = await signedInStaff();
    const response = await call(handler, 'GET', `/api/admin/${resource}`, { cookie });
    expect(response.status).toBe(200);
    expect(response.json.length).toBeGreaterThan(2);
    expect(response.json[0]).toMatchObject({
      id: expect.any(String),
      title: expect.any(String),
      isActive: expect.any(Boolean),
    });
  });

  it('switches a record off and on', async () => {
    const { cookie } = await signedInStaff();
    const off = await call(handler, 'PUT', `/api/${resource}/${id}`, { body: { isActive: false }, cookie });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id, isActive: false });
    const list = (await call(handler, 'GET', `/api/admin/${resource}`, { cookie })).json as any[];
    expect(list.find((record) => record.id === id).isActive).toBe(false);
    const on = await call(handler, 'PUT', `/api/${resource}/${id}`, { body: { isActive: true }, cookie });
    expect(on.json.isActive).toBe(true);
  });

  it('answers 400 for a body without a boolean isActive, 404 for an unknown id', async () => {
    const { cookie } = await signedInStaff();
    const bad = await call(handler, 'PUT', `/api/${resource}/${id}`, { body: { isActive: 'yes' }, cookie });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors.isActive).toBeDefined();
    const missing = await call(handler, 'PUT', `/api/${resource}/no-such-id`, { body: { isActive: true }, cookie });
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe(`That ${noun} no longer exists`);
  });

  it('deletes a record, then answers 404 for it', async () => {
    const { cookie } = await signedInStaff();
    const list = (await call(handler, 'GET', `/api/admin/${resource}`, { cookie })).json as any[];
    const victim = list.at(-1).id;
    expect((await call(handler, 'DELETE', `/api/${resource}/${victim}`, { cookie })).status).toBe(204);
    expect((await call(handler, 'DELETE', `/api/${resource}/${victim}`, { cookie })).status).toBe(404);
    const after = (await call(handler, 'GET', `/api/admin/${resource}`, { cookie })).json as any[];
    expect(after.map((record) => record.id)).not.toContain(victim);
  });
});

describe('contact requests', () => {
  it('lists newest first and deletes by id', async () => {
    const { cookie } = await signedInStaff();
    const base = { lastName: 'L', email: 'e@example.com', phone: '1', serviceType: 'other' };
    // One after another, often several in one millisecond: the list must still be in order.
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      ids.push((await call(contact, 'POST', '/api/contact', { body: { ...base, firstName: `Enquiry ${n}` } })).json.id);
    }
    const list = (await call(enquiries, 'GET', '/api/contact-requests', { cookie })).json as any[];
    expect(list.map((request) => request.id).slice(0, 10)).toEqual(ids.toReversed());
    const first = { json: { id: ids[0]! } };
    expect((await call(enquiries, 'DELETE', `/api/contact-requests/${first.json.id}`, { cookie })).status).toBe(204);
    const again = await call(enquiries, 'DELETE', `/api/contact-requests/${first.json.id}`, { cookie });
    expect(again.status).toBe(404);
    expect((await call(enquiries, 'DELETE', '/api/contact-requests/..%2Fusers', { cookie })).status).toBe(404);
  });
});
