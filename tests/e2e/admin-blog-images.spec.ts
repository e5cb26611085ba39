/**
 * Images in the article text: 'Insert image' uploads one, insists on alt text, and writes
 * the Markdown at the caret, which Preview shows. The library deletes an image after saying
 * which posts still use it.
 */
import { expect, type Page } from '@playwright/test';
import { png } from '../functions/fixtures/images.ts';
import { signIn, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, openTab, unique } from './admin-helpers.ts';

/** An image no earlier run uploaded: its colour is random, and its bytes decide its address. */
const freshImage = (width: number, height: number) =>
  png(width, height, [
    Math.floor(Math.random() * 256),
    Math.floor(Math.random() * 256),
    Math.floor(Math.random() * 256),
  ]);

const insertDialog = (page: Page) => page.getByRole('dialog', { name: 'Insert an image into the text' });

test('insert an uploaded image at the caret, preview it, and delete images from the library', async ({ page }) => {
  const id = unique();
  const title = `E2E Inline image ${id}`;
  const before = `First paragraph ${id}.`;
  const alt = `Keys [on] a desk \\ ${id}`;

  await signIn(page);
  await openTab(page, 'Blog Posts');
  await page.getByRole('textbox', { name: 'Post Title' }).fill(title);
  const content = page.getByRole('textbox', { name: 'Content', exact: true });
  await content.fill(`${before} Second paragraph.`);
  await content.evaluate((field: HTMLTextAreaElement, at) => field.setSelectionRange(at, at), before.length);

  await page.getByRole('button', { name: 'Insert image', exact: true }).click();
  const dialog = insertDialog(page);
  await expect(dialog).toBeVisible();
  await dialog
    .getByLabel('Upload an image')
    .setInputFiles({ name: 'keys.png', mimeType: 'image/png', buffer: freshImage(320, 200) });
  await expect(dialog.getByRole('status').filter({ hasText: 'Image uploaded (320 × 200 pixels)' })).toBeVisible();
  const src = await dialog.getByTestId('insert-image-preview').getAttribute('src');
  expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);

  // No alt text: nothing is inserted, the field says why and has focus.
  await dialog.getByRole('button', { name: 'Insert image' }).click();
  const altField = dialog.getByRole('textbox', { name: 'Alt text' });
  await expect(dialog.getByText('Describe the image for people who cannot see it')).toBeVisible();
  await expect(altField).toBeFocused();
  await expect(altField).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'dialog[open]');

  // Enter inserts (the dialog's own form, not the post's).
  await altField.fill(alt);
  await altField.press('Enter');
  await expect(dialog).toBeHidden();
  const image = `![Keys \\[on\\] a desk \\\\ ${id}](${src})`;
  await expect(content).toHaveValue(`${before}\n\n${image}\n\nSecond paragraph.`);
  await expect(content).toBeFocused();
  expect(await content.evaluate((field: HTMLTextAreaElement) => [field.selectionStart, field.selectionEnd])).toEqual([
    `${before}\n\n${image}`.length,
    `${before}\n\n${image}`.length,
  ]);
  // The unsaved-draft keeper saw the change.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('blog-post-draft:new') ?? '')).toContain(src!);

  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const shown = page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: alt });
  await expect(shown).toHaveAttribute('src', src!);
  await expect(shown).toHaveAttribute('loading', 'lazy');

  // Saved as a draft, the post uses the image: deleting it says so, and can be called off.
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  await expectToast(page, 'Success', 'Blog post created successfully');
  await page.getByRole('button', { name: 'Insert image', exact: true }).click();
  await dialog.getByRole('button', { name: 'Choose from the library' }).click();
  const library = dialog.getByRole('list', { name: 'Uploaded images' });
  const used = library.getByRole('listitem').filter({ has: page.locator(`img[src="${src}"]`) });
  await used.getByRole('button', { name: /^Delete image/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await expect(confirm.getByRole('list', { name: 'Where this image is used' })).toHaveText(`Blog post: ${title}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(used).toHaveCount(1);

  // An image no post uses goes after a plain confirmation, and leaves the grid.
  await dialog
    .getByLabel('Upload an image')
    .setInputFiles({ name: 'spare.png', mimeType: 'image/png', buffer: freshImage(300, 180) });
  await expect(dialog.getByRole('status').filter({ hasText: 'Image uploaded (300 × 180 pixels)' })).toBeVisible();
  const spare = await dialog.getByTestId('insert-image-preview').getAttribute('src');
  await dialog.getByRole('button', { name: 'Choose from the library' }).click();
  const unused = library.getByRole('listitem').filter({ has: page.locator(`img[src="${spare}"]`) });
  await unused.getByRole('button', { name: /^Delete image/ }).click();
  await expect(confirm).toContainText('Nothing on the website uses this image.');
  await confirm.getByRole('button', { name: 'Delete image' }).click();
  await expectToast(page, 'Success', 'Image deleted');
  await expect(unused).toHaveCount(0);
  await expect(used).toHaveCount(1);
  expect((await page.request.get(spare!)).status()).toBe(404);
});
