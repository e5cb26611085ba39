/**
 * Uploaded images reach visitors through Netlify Image CDN (`/.netlify/images`; locally the
 * same handler Netlify's tools use): resized to the width the layout shows, as AVIF or WebP.
 * A phone's article downloads at most 60 KB for its featured image.
 */
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { STAFF, test } from './fixtures.ts';
import { unique, waitForPublicPage } from './admin-helpers.ts';

const BUDGET_BYTES = 60 * 1024;

/** A photo-like JPEG (soft noise over a gradient), as a camera or stock site would give. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      gradient[at] = (x * 255) / width;
      gradient[at + 1] = (y * 255) / height;
      gradient[at + 2] = seed % 256;
    }
  }
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(2)
    .png()
    .toBuffer();
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

test(
  'an article’s featured image comes from the image CDN at the width shown, within 60 KB on a phone',
  { tag: '@phone-only' },
  async ({ page }) => {
    // Phone only: the budget is the phone’s (375 px); the desktop width only picks a larger copy.
    test.setTimeout(300_000);
    const id = unique();
    const bytes = await photo(2400, 1350, Date.now());
    expect(bytes.byteLength).toBeGreaterThan(BUDGET_BYTES * 4); // the upload alone would blow the budget

    const login = await page.request.post('/api/login', { data: STAFF });
    expect(login.ok()).toBe(true);
    const uploaded = await page.request.post('/api/media', { data: bytes, headers: { 'content-type': 'image/jpeg' } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const alt = `A terrace of houses at dusk (${id})`;
    const created = await page.request.post('/api/blog-posts', {
      data: {
        title: `E2E CDN ${id}`,
        slug: `e2e-cdn-${id}`,
        excerpt: '',
        content: `Text of ${id}.`,
        featuredImage: url,
        featuredImageAlt: alt,
        isPublished: true,
        publishedAt: null,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await waitForPublicPage(page.request, `/blog/e2e-cdn-${id}/`, { status: 200, text: alt });

    const images: { url: string; type: string; size: number }[] = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'image') return;
      const response = await request.response();
      images.push({
        url: request.url(),
        type: response?.headers()['content-type'] ?? '',
        size: (await request.sizes()).responseBodySize,
      });
    });
    await page.goto(`/blog/e2e-cdn-${id}/`);
    const shown = page.getByRole('img', { name: alt });
    await expect(shown).toHaveJSProperty('complete', true);
    const current = new URL(await shown.evaluate((img: HTMLImageElement) => img.currentSrc));
    expect(current.pathname).toBe('/.netlify/images');
    expect(current.searchParams.get('url')).toBe(url);
    expect(current.searchParams.get('fm')).toBe('avif');
    // A copy for a 375 px column, not the 2400 px upload.
    expect(Number(current.searchParams.get('w'))).toBeLessThanOrEqual(480);
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeLessThanOrEqual(480);

    await expect.poll(() => images.find((image) => image.url === current.href)).toBeTruthy();
    const featured = images.find((image) => image.url === current.href)!;
    expect(featured.type).toBe('image/avif');
    expect(featured.size).toBeGreaterThan(0);
    expect(featured.size).toBeLessThanOrEqual(BUDGET_BYTES);
    // Nothing on the page fetched the upload itself.
    expect(images.filter((image) => new URL(image.url).pathname === url)).toEqual([]);
  },
);
