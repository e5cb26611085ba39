import { describe, expect, it } from 'vitest';
import blogPosts from '#functions/blog-posts.ts';
import dutyIndexation from '#functions/duty-indexation.ts';
import enquiries from '#functions/enquiries.ts';
import leadAlerts from '#functions/lead-alerts.ts';
import leadMetrics from '#functions/lead-metrics.ts';
import services from '#functions/services.ts';
import settings from '#functions/settings.ts';
import audit from '#functions/audit.ts';
import session from '#functions/user.ts';
import siteBuilds from '#functions/site-builds.ts';
import staff from '#functions/staff.ts';
import testimonials from '#functions/testimonials.ts';
import { call, signedInStaff, useBlobs } from '../harness.ts';

useBlobs();

const post = { title: 'T', slug: 'access-check', content: 'C' };
const ADMIN_CALLS = [
  [enquiries, 'GET', '/api/contact-requests', undefined],
  [enquiries, 'DELETE', '/api/contact-requests/000mwpyvffj025a3ea180f0', undefined],
  [enquiries, 'GET', '/api/contact-requests/000mwpyvffj025a3ea180f0', undefined],
  [enquiries, 'PATCH', '/api/contact-requests/000mwpyvffj025a3ea180f0', { status: 'contacted' }],
  [enquiries, 'POST', '/api/contact-requests/000mwpyvffj025a3ea180f0/notes', { text: 'x' }],
  [enquiries, 'GET', '/api/contact-requests/export.csv', undefined],
  [enquiries, 'POST', '/api/contact-requests/erase', { email: 'a@example.com' }],
  [leadMetrics, 'GET', '/api/lead-metrics', undefined],
  [leadAlerts, 'GET', '/api/lead-alerts', undefined],
  [testimonials, 'GET', '/api/admin/testimonials', undefined],
  [testimonials, 'PUT', '/api/testimonials/sample-first-home', { isActive: false }],
  [testimonials, 'DELETE', '/api/testimonials/sample-first-home', undefined],
  [services, 'GET', '/api/admin/services', undefined],
  [services, 'PUT', '/api/services/contract-review', { isActive: false }],
  [services, 'DELETE', '/api/services/contract-review', undefined],
  [blogPosts, 'GET', '/api/admin/blog-posts', undefined],
  [blogPosts, 'POST', '/api/blog-posts', post],
  [blogPosts, 'PUT', '/api/blog-posts/some-id', post],
  [blogPosts, 'DELETE', '/api/blog-posts/some-id', undefined],
  [settings, 'GET', '/api/settings', undefined],
  [settings, 'PUT', '/api/settings', {}],
  [siteBuilds, 'GET', '/api/site-builds', undefined],
  [siteBuilds, 'POST', '/api/site-builds', undefined],
  [staff, 'GET', '/api/staff', undefined],
  [staff, 'POST', '/api/staff', { username: 'access-check', password: 'long-enough-password' }],
  [staff, 'PATCH', '/api/staff/some-id', { role: 'staff' }],
  [staff, 'DELETE', '/api/staff/some-id', undefined],
  [audit, 'GET', '/api/audit', undefined],
  [dutyIndexation, 'GET', '/api/duty-indexation', undefined],
  [dutyIndexation, 'PUT', '/api/duty-indexation/2026', { ratio: '1.260', source: 'Notice' }],
  [dutyIndexation, 'DELETE', '/api/duty-indexation/2026', undefined],
  [session, 'PUT', '/api/user/password', { currentPassword: 'x', newPassword: 'long-enough-password' }],
] as const;

describe('staff-only calls', () => {
  it.each(ADMIN_CALLS)('%#: answer 401 to an anonymous %s %s', async (handler, method, path, body) => {
    const response = await call(handler, method, path, { body });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ error: 'Please sign in to continue' });
  });

  it.each(ADMIN_CALLS.filter(([, method]) => method !== 'GET'))(
    '%#: answer 403 to %s %s from another site, even with a session',
    async (handler, method, path, body) => {
      const { cookie } = await signedInStaff();
      const response = await call(handler, method, path, { body, cookie, origin: 'https://evil.example' });
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ error: 'Cross-site requests are not allowed' });
    },
  );

  it('refuses a browser write marked cross-site by Sec-Fetch-Site', async () => {
    const { cookie } = await signedInStaff();
    const response = await call(blogPosts, 'POST', '/api/blog-posts', {
      body: post,
      cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
  });
});

describe('the Origin check', () => {
  it.each(['null', 'not a url', 'http://localhost:8888.evil.example'])('refuses Origin %j', async (origin) => {
    const { cookie } = await signedInStaff();
    const response = await call(blogPosts, 'DELETE', '/api/blog-posts/some-id', { cookie, origin });
    expect(response.status).toBe(403);
  });

  it('lets a same-site write through', async () => {
    const { cookie } = await signedInStaff();
    const response = await call(blogPosts, 'DELETE', '/api/blog-posts/some-id', { cookie });
    expect(response.status).toBe(404);
  });
});
