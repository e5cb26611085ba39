/**
 * The platform through the production server: functions, redirects and headers from
 * netlify.toml, as a visitor's browser or curl meets them.
 */
import { expect } from '@playwright/test';
import { STAFF, test } from './fixtures.ts';

test.describe('production server', () => {
  // Desktop only: no browser involved, so once is enough.
  test('sends the security headers on every page', async ({ request }) => {
    for (const path of ['/', '/blog', '/login', '/no-such-page']) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], path).toBe('DENY');
      expect(headers['permissions-policy'], path).toContain('camera=()');
    }
    expect((await request.get('/login')).headers()['x-robots-tag']).toContain('noindex');
  });

  test('routes /v2 to the landing page and unknown paths to 404', async ({ request }) => {
    const landing = await (await request.get('/')).text();
    for (const path of ['/v2', '/v2/faq']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).toBe(landing);
    }
    const missing = await request.get('/certainly/not/here');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('404 Page Not Found');
    const article = await request.get('/blog/no-such-article');
    expect(article.status()).toBe(404);
    expect(await article.text()).toContain("We couldn't find that article");
  });

  test('takes an enquiry and shows it to signed-in staff only', async ({ request, baseURL }) => {
    const created = await request.post('/api/contact', {
      data: {
        firstName: 'Platform',
        lastName: 'Check',
        email: 'platform@example.com',
        phone: '0400 000 000',
        serviceType: 'other',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();

    expect((await request.get('/api/contact-requests')).status()).toBe(401);
    const login = await request.post('/api/login', { data: STAFF, headers: { origin: baseURL! } });
    expect(login.status()).toBe(200);
    const list = await request.get('/api/contact-requests');
    expect(list.status()).toBe(200);
    expect((await list.json()).map((item: { id: string }) => item.id)).toContain(id);

    const logout = await request.post('/api/logout', { headers: { origin: baseURL! } });
    expect(logout.status()).toBe(204);
    expect((await request.get('/api/user')).status()).toBe(401);
  });

  test('refuses a cross-site write', async ({ request }) => {
    const response = await request.post('/api/contact', {
      data: { firstName: 'x' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status()).toBe(403);
  });
});
