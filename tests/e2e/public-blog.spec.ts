/** Blog index, articles, the landing teaser and both 404s, from the seeded posts. */
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { SEEDED } from './public-helpers.ts';

test('the blog index groups published posts by year, newest first, without drafts', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Expert Conveyancing Insights' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a consultation' }).first()).toHaveAttribute('href', '/#contact');
  await expect(page.getByRole('link', { name: 'Read our FAQs' })).toHaveAttribute('href', '/#faq');
  const years = await page
    .locator('[data-year]')
    .evaluateAll((sections) => sections.map((section) => Number(section.getAttribute('data-year'))));
  expect(years.length).toBeGreaterThanOrEqual(2);
  expect([...years].sort((a, b) => b - a)).toEqual(years);
  await expect(
    page.locator('[data-year="2026"]').getByRole('link', { name: SEEDED.newest.title, exact: true }),
  ).toBeVisible();
  await expect(
    page.locator('[data-year="2025"]').getByRole('link', { name: SEEDED.older.title, exact: true }),
  ).toBeVisible();
  await expect(page.getByText(SEEDED.draft.title)).toHaveCount(0);
  const card = page.locator('[data-post-card]').filter({ hasText: SEEDED.newest.title });
  await expect(card).toContainText(SEEDED.newest.date);
  await expect(card.getByRole('link', { name: /Read more/ })).toHaveAttribute('href', `/blog/${SEEDED.newest.slug}/`);
  await expect(page.getByRole('heading', { name: 'Need personalised advice?' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/$/);
});

test('an article shows its title, date, paragraphs and the Need more clarity? block', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('link', { name: SEEDED.newest.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${SEEDED.newest.slug}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: SEEDED.newest.title })).toBeVisible();
  await expect(page.getByText(`Published ${SEEDED.newest.date}`)).toBeVisible();
  await expect(page.locator('article > div > p')).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Need more clarity?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute('href', '/#contact');
  await expect(page.getByRole('link', { name: 'Back to the blog' })).toHaveAttribute('href', '/blog/');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({ '@type': 'Article', headline: SEEDED.newest.title, datePublished: '2026-10-02' });
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
});

test('the landing teaser shows the first 3 published posts and links to the blog', async ({ page }) => {
  await page.goto('/blog');
  const newest = await page
    .locator('[data-post-card] h3')
    .evaluateAll((titles) => titles.slice(0, 3).map((title) => title.textContent?.trim()));
  await page.goto('/');
  const teaser = page.locator('#blog');
  await expect(teaser.getByRole('heading', { name: 'Latest Articles from Our Conveyancing Team' })).toBeVisible();
  await expect(teaser.locator('[data-post-card] h3')).toHaveText(newest as string[]);
  await expect(teaser.getByRole('link', { name: 'View all blog posts' })).toHaveAttribute('href', '/blog/');
});

test('an unknown or unpublished article answers 404 with the not-found state', async ({ page }) => {
  for (const slug of ['no-such-article', SEEDED.draft.slug]) {
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that article" })).toBeVisible();
    await expect(
      page.getByText('The post may have been unpublished. Please return to the blog overview.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to blog' })).toHaveAttribute('href', '/blog/');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
});

test('any other path answers 404 with the not-found screen', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('robots, sitemap and RSS are served', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /login');
  expect(robots).toMatch(/Sitemap: .*sitemap-index\.xml/);
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain(`/blog/${SEEDED.newest.slug}/`);
  expect(sitemap).not.toMatch(/\/(login|admin|404|blog\/not-found)\/?</);
  const rss = await (await request.get('/rss.xml')).text();
  expect(rss).toContain(SEEDED.newest.title);
  expect(rss).not.toContain(SEEDED.draft.title);
});
