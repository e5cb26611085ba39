/**
 * Revisions in the blog editor: a post edited twice lists the two versions its
 * updates replaced; restoring the first, after the confirm dialog, puts its text back in
 * the form and the replaced version joins the list.
 */
import { expect, type Page } from '@playwright/test';
import { signIn, STAFF, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';

const content = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
const revisions = (page: Page) => page.getByRole('region', { name: 'Revisions', exact: true });
const versions = (page: Page) =>
  revisions(page).getByRole('list', { name: 'Earlier versions, newest first' }).getByRole('listitem');

/** Opens the post in the form once the list holds its version with `text` (the list reloads after each save). */
async function openEditor(page: Page, title: string, text: string) {
  await expect(async () => {
    await page.getByRole('button', { name: `Edit blog post: ${title}` }).click();
    await expect(content(page)).toHaveValue(text, { timeout: 1000 });
  }).toPass();
  // Opening moves the focus to the form's first field in the next frame: wait for it, or a
  // key pressed elsewhere meanwhile lands in that field (Enter there saves the form).
  await expect(page.getByRole('textbox', { name: 'Post Title' })).toBeFocused();
}

async function editAndSave(page: Page, title: string, from: string, text: string) {
  await openEditor(page, title, from);
  await content(page).fill(text);
  await page.getByRole('button', { name: 'Update Blog Post' }).click();
  await expectToast(page, 'Success', 'Blog post updated successfully');
}

test('edit a post twice, open its revisions, restore the first version', async ({ page }) => {
  // A journey of several accounts and pages: 40–60 s on a loaded 2-core machine (decision 050).
  test.slow();
  const id = unique();
  const title = `E2E Revisions ${id}`;
  await signIn(page);
  await openTab(page, 'Blog Posts');
  const created = await page.request.post('/api/blog-posts', {
    data: { title, slug: `e2e-revisions-${id}`, content: `First version ${id}.`, isPublished: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.reload();
  await openTab(page, 'Blog Posts');

  await editAndSave(page, title, `First version ${id}.`, `Second version ${id}.`);
  await editAndSave(page, title, `Second version ${id}.`, `Third version ${id}.`);
  await openEditor(page, title, `Third version ${id}.`);
  const toggle = revisions(page).getByRole('button', { name: 'Show revisions' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(revisions(page).getByRole('button', { name: 'Hide revisions' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(versions(page)).toHaveCount(2);
  await expect(versions(page).nth(0)).toContainText(`by ${STAFF.username}`);
  await expect(versions(page).nth(0)).toContainText('Differs from the current version in content.');
  const first = versions(page).nth(1);
  await first.getByText('Compare its content with the current version').click();
  const diff = first.getByTestId('revision-diff');
  await expect(diff.locator('del')).toHaveText(`− Goes: Third version ${id}.`);
  await expect(diff.locator('ins')).toHaveText(`+ Comes back: First version ${id}.`);
  await first.getByText("View this version's text").click();
  await expect(first).toContainText(`First version ${id}.`);
  await expectNoAxeViolations(page);

  await expect(first).toContainText('Version 1, saved');
  await first.getByRole('button', { name: 'Restore version 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore version 1?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore version' }).click();
  await expectToast(page, 'Success', 'Blog post restored successfully');

  // Still editing, now the restored text; the version it replaced is the newest revision.
  await expect(page.getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible();
  await expect(content(page)).toHaveValue(`First version ${id}.`);
  await expect(revisions(page).getByRole('heading', { name: 'Revisions', exact: true })).toBeFocused();
  await expect(versions(page)).toHaveCount(3);
  await expect(versions(page).nth(0)).toContainText('Version 3, saved');
  await versions(page).nth(0).getByText("View this version's text").click();
  await expect(versions(page).nth(0)).toContainText(`Third version ${id}.`);
  await expect(versions(page).nth(2)).toContainText('Same text as the current version.');
});
