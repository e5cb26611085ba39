/**
 * Markdown articles: a post written in Markdown, with tags and a meta description
 * set in the editor, is rebuilt into an article with real headings, a list, a table and a
 * link out, nothing from its raw HTML able to run, its tags linking to tag pages that list
 * it, and its reading time.
 */
import { expect } from '@playwright/test';
import { expectNoSidewaysScroll, signIn, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique, waitForPublicPage } from './admin-helpers.ts';

test('a Markdown post with tags is built into a safe, structured article and tag pages', async ({ page }) => {
  test.setTimeout(300_000);
  const id = unique();
  const title = `E2E Markdown ${id}`;
  const slug = `e2e-markdown-${id}`;
  const tag = `e2e-${id}`;
  const metaDescription = `What stamp duty costs a first home buyer in NSW (${id}).`;
  const content = [
    `# Stamp duty in ${id}`,
    'What you pay depends on the price\nand on who is buying.',
    '## What counts',
    '- the contract price\n- **not** the deposit',
    'See [Revenue NSW](https://www.revenue.nsw.gov.au/taxes-duties-levies-royalties/transfer-duty) or [our FAQ](/#faq).',
    '| Price | Duty | First home concession | Duty payable | Settlement |\n| --- | ---: | ---: | ---: | --- |\n| $800,000 | $31,090 | $31,090 | $0 | 42 days |',
    '<script>alert("script ran")</script>',
    '<img src="/nothing.png" onerror="alert(\'onerror ran\')">',
    `${'word '.repeat(420)}`,
  ].join('\n\n');

  await signIn(page);
  // Created through the API as a draft, with one tag; the editor adds the rest.
  const created = await page.request.post('/api/blog-posts', {
    data: { title, slug, excerpt: `Excerpt ${id}`, content, tags: ['stamp-duty'], isPublished: false },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openTab(page, 'Blog Posts');
  await page.getByRole('button', { name: `Edit blog post: ${title}` }).click();
  const tags = page.getByRole('textbox', { name: 'Tags' });
  await expect(tags).toHaveValue('stamp duty');
  // Typed as words; the tag pages below show them saved in tag form. What the form shows as
  // they are typed, the long description's count and the focus on its refusal are
  // blog-post-form.test.tsx's; the refusal stays here so that axe sees the form with its error.
  await tags.fill(`Stamp duty, First home buyers,  E2E ${id}, stamp duty`);
  const description = page.getByRole('textbox', { name: 'Meta description' });
  await description.fill('x'.repeat(165));
  await page.getByRole('switch', { name: 'Published' }).click();
  await page.getByRole('button', { name: 'Update Blog Post' }).click();
  await expect(page.getByText('Please keep this under 160 characters')).toBeVisible();
  await description.fill(metaDescription);
  await expectNoAxeViolations(page, 'form');
  await page.getByRole('button', { name: 'Update Blog Post' }).click();
  await expectToast(page, 'Success', 'Blog post updated successfully');

  await waitForPublicPage(page.request, `/blog/${slug}`, { status: 200, text: title });

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/blog/${slug}`);
  const body = page.locator('article .article-body');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(body.getByRole('heading', { level: 2, name: `Stamp duty in ${id}` })).toBeVisible();
  await expect(body.getByRole('heading', { level: 3, name: 'What counts' })).toBeVisible();
  // A single line break still shows as one, as in posts written before Markdown.
  expect(await body.locator('p', { hasText: 'What you pay' }).innerText()).toBe(
    'What you pay depends on the price\nand on who is buying.',
  );
  await expect(body.locator('ul > li')).toHaveText(['the contract price', 'not the deposit']);
  await expect(body.locator('ul strong')).toHaveText('not');
  await expect(body.getByRole('link', { name: 'Revenue NSW' })).toHaveAttribute('rel', 'noopener');
  await expect(body.getByRole('link', { name: 'our FAQ' })).not.toHaveAttribute('rel', /./);
  const table = body.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Price',
    'Duty',
    'First home concession',
    'Duty payable',
    'Settlement',
  ]);
  await expect(table.getByRole('cell')).toHaveText(['$800,000', '$31,090', '$31,090', '$0', '42 days']);
  // The raw HTML is gone: no element and no handler came from it, and nothing ran.
  await expect(body.locator('script, img, [onerror]')).toHaveCount(0);
  expect(await body.innerHTML()).not.toMatch(/onerror|<script|alert\(/);
  await expect(page.locator('article [data-reading-time]')).toHaveText('2 min read');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', metaDescription);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', metaDescription);
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(data).toMatchObject({ description: metaDescription, keywords: `stamp duty, first home buyers, e2e ${id}` });
  // axe runs on this article at 375 px only: the DOM is the same at both widths, and the table
  // is a scrolling region only there; the article page's frame at 1280 px is public-a11y's.
  // On a phone the table scrolls inside its own box, which keyboard users can reach; the page stays put.
  await page.setViewportSize({ width: 375, height: 812 });
  const box = body.locator('.md-table');
  await expect.poll(() => box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(box).toHaveAttribute('tabindex', '0');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The tags link to tag pages that list the post.
  const tagLinks = page.locator('article').getByRole('list', { name: 'Tags' }).getByRole('link');
  await expect(tagLinks).toHaveText(['stamp duty', 'first home buyers', `e2e ${id}`]);
  await tagLinks.filter({ hasText: `e2e ${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/tag/${tag}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: `Articles tagged “e2e ${id}”` })).toBeVisible();
  const card = page.locator('[data-post-card]').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/blog/${slug}/`);
  await expect(card.locator('[data-reading-time]')).toHaveText('2 min read');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/tag/${tag}/$`));
  await expectNoAxeViolations(page);

  // The blog index card shows the reading time and tags too; the sitemap lists the tag page.
  await page.goto('/blog');
  const indexCard = page.locator('[data-post-card]').filter({ hasText: title });
  await expect(indexCard.locator('[data-reading-time]')).toHaveText('2 min read');
  await expect(indexCard.getByRole('link', { name: `e2e ${id}` })).toHaveAttribute('href', `/blog/tag/${tag}/`);
  const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain(`/blog/tag/${tag}/`);
  expect(dialogs).toEqual([]);
});
