/**
 * The post editor: Write and Preview over the content (the build's renderer),
 * unsaved edits kept across a reload with a prompt to restore them, and the questions
 * before leaving unsaved edits (the browser's beforeunload, and switching posts).
 */
import { expect } from '@playwright/test';
import { signIn, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';

test('Write/Preview, unsaved edits restored after a reload, and leaving them asks first', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openTab(page, 'Blog Posts');
  const id = unique();
  const title = `Editor ${id}`;
  const content = `## Buying in ${id}\n\n- Contract review\n- Searches\n\nSee [NSW Fair Trading](https://www.fairtrading.nsw.gov.au).\n\n<script>window.hacked = 1</script>\n\n<img src=x onerror="window.hacked = 1">`;
  await page.getByRole('textbox', { name: 'Post Title' }).fill(title);
  const contentBox = page.getByRole('textbox', { name: 'Content', exact: true });
  await contentBox.fill(content);

  // Preview: the article's Markdown, with raw HTML left inert.
  const write = page.getByRole('button', { name: 'Write', exact: true });
  const preview = page.getByRole('button', { name: 'Preview', exact: true });
  await expect(write).toHaveAttribute('aria-pressed', 'true');
  await preview.click();
  await expect(preview).toHaveAttribute('aria-pressed', 'true');
  const shown = page.getByRole('region', { name: 'Preview' });
  await expect(shown.getByRole('heading', { level: 2, name: `Buying in ${id}` })).toBeVisible();
  await expect(shown.getByRole('listitem')).toHaveText(['Contract review', 'Searches']);
  await expect(shown.getByRole('link', { name: 'NSW Fair Trading' })).toHaveAttribute('rel', /noopener/);
  await expect(shown.locator('script, img, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await expect(contentBox).toBeHidden();
  await expectNoAxeViolations(page, '#blog-post-form');
  await write.click();
  await expect(contentBox).toHaveValue(content);

  // Reloading with unsaved edits asks first (the browser's own question).
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);

  // The edits were kept: the portal's address keeps the tab, so the reload reopens Blog Posts
  // by itself; the editor offers the edits back, and the question has the focus.
  await expect(page.getByRole('tab', { name: 'Blog Posts', exact: true })).toHaveAttribute('aria-selected', 'true');
  const offer = page.getByRole('group', {
    name: /^You have unsaved changes from \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)\.$/,
  });
  await expect(offer).toBeFocused();
  await expectNoAxeViolations(page, '#blog-post-form');
  await page.keyboard.press('Tab');
  await expect(offer.getByRole('button', { name: 'Restore' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(offer).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(title);
  await expect(contentBox).toHaveValue(content);

  // Switching to another post with unsaved edits asks; 'Cancel' keeps them.
  await page
    .getByRole('button', { name: /^Edit blog post: / })
    .first()
    .click();
  const leave = page.getByRole('dialog', { name: 'Discard your unsaved changes?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: 'Post Title' })).toHaveValue(title);

  // Saved: nothing is kept any more, and leaving asks nothing.
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  await expectToast(page, 'Success', 'Blog post created successfully');
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  await openTab(page, 'Blog Posts');
  await expect(page.getByRole('heading', { name: 'Existing Blog Posts' })).toBeVisible();
  await expect(page.getByText(/You have unsaved changes/)).toHaveCount(0);

  // A draft kept from before someone else saved the post says so, and is never saved over theirs.
  await page.getByRole('button', { name: `Edit blog post: ${title}` }).click();
  await page.getByRole('textbox', { name: 'Excerpt' }).fill(`Mine ${id}`);
  // Someone else saves the post meanwhile (before the reload: the portal reopens the tab from
  // its address at once, and the editor compares the kept edits with the post as it loads).
  const posts = (await (await page.request.get('/api/admin/blog-posts')).json()) as {
    id: string;
    title: string;
    version: string;
  }[];
  const saved = posts.find((post) => post.title === title)!;
  const theirs = await page.request.put(`/api/blog-posts/${saved.id}`, {
    data: { title, slug: `editor-${id}`, content, excerpt: `Theirs ${id}`, isPublished: false, version: saved.version },
  });
  expect(theirs.status(), await theirs.text()).toBe(200);
  await page.reload();
  expect(asked).toEqual(['beforeunload', 'beforeunload']);
  await expect(page.getByRole('tab', { name: 'Blog Posts', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: `Edit blog post: ${title}` }).click();
  await expect(
    page.getByRole('group', { name: /^You have unsaved changes from .*The post has been saved since then/ }),
  ).toBeFocused();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByRole('textbox', { name: 'Excerpt' })).toHaveValue(`Mine ${id}`);
  await page.getByRole('button', { name: 'Update Blog Post' }).click();
  await expect(page.locator('#blog-post-form').getByRole('alert')).toContainText(
    'Someone else saved this post since you opened it',
  );

  // Deleting the post forgets the edits kept for it: they could never be saved.
  const keptDrafts = () =>
    page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('blog-post-draft:')));
  expect(await keptDrafts()).toEqual([`blog-post-draft:${saved.id}`]);
  await page.getByRole('button', { name: `Delete blog post: ${title}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete this blog post?' })
    .getByRole('button', { name: 'Delete post' })
    .click();
  await expectToast(page, 'Success', 'Blog post deleted successfully');
  // The toast comes as the delete answers; the kept edits go once the list has reloaded.
  await expect.poll(keptDrafts).toEqual([]);
});
