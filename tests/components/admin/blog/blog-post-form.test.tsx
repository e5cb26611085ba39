/**
 * The blog post form (src/islands/admin/blog/BlogPostForm.tsx), its fields held by the input
 * schema's names (decision 056): an edit is sent whole to its declared route, the tags typed as
 * words and sent in tag form, the meta description and the publishing switch with it; a meta
 * description over its limit counted and refused before anything is sent; and a
 * draft kept in this browser (under the names drafts have always been kept by) is offered and
 * restored into every field, then sent against the version it started from.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { BlogPostForm } from '#src/islands/admin/blog/BlogPostForm.tsx';
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { json, serveApi } from '#tests/components/kit/fetch.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const STORED: BlogPost = {
  id: 'post-1',
  title: 'Cooling-off explained',
  slug: 'cooling-off-explained',
  excerpt: 'Five business days.',
  content: 'The stored text.',
  metaDescription: 'What the cooling-off period is.',
  tags: ['cooling-off', 'first-home-buyers'],
  isPublished: false,
  createdAt: '2025-11-01T00:00:00.000Z',
  updatedAt: '2025-11-01T00:00:00.000Z',
  version: 'v2',
  updatedBy: 'admin',
  sequence: 0,
};

afterEach(() => localStorage.clear());

function open(post: BlogPost) {
  const calls = serveApi((call) => json({ ...post, ...(call.body as object), version: 'v3' }));
  const onSaved = vi.fn();
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <BlogPostForm post={post} onSaved={onSaved} onCancel={vi.fn()} />
      <Toaster placement="bottom" />
    </>,
  );
  const form = within(screen.getByRole('region', { name: 'Edit Blog Post' }));
  const field = (name: string) => form.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
  return { calls, onSaved, user, form, field };
}

test('an edit is sent whole: the tags typed as words go in tag form, with the meta description and the switch', async () => {
  const { calls, onSaved, user, form, field } = open(STORED);
  expect(field('Tags').value).toBe('cooling off, first home buyers');
  expect(field('Meta description').value).toBe(STORED.metaDescription);
  await user.clear(field('Tags'));
  await user.type(field('Tags'), 'Stamp duty, stamp duty, Off the plan');
  expect(form.getByTestId('normalised-tags').textContent).toBe('Saved as: stamp-duty, off-the-plan');
  await user.type(field('Meta description'), ' Five days.');
  await user.click(form.getByRole('switch'));
  await user.click(form.getByRole('button', { name: 'Update Blog Post' }));
  await expectToast('Success', 'Blog post updated successfully', 'default');
  expect(calls).toEqual([
    {
      method: 'PUT',
      path: '/api/blog-posts/post-1',
      body: {
        title: STORED.title,
        slug: STORED.slug,
        excerpt: STORED.excerpt,
        content: STORED.content,
        featuredImage: null,
        featuredImageAlt: '',
        publishedAt: null,
        isPublished: true,
        metaDescription: 'What the cooling-off period is. Five days.',
        tags: ['stamp-duty', 'off-the-plan'],
        version: 'v2',
      },
    },
  ]);
  expect(onSaved).toHaveBeenCalledOnce();
});

test('a draft kept in this browser is offered, restored into every field, and saved against its own version', async () => {
  localStorage.setItem(
    'blog-post-draft:post-1',
    JSON.stringify({
      savedAt: '2025-11-02T00:00:00.000Z',
      version: 'v1',
      values: {
        title: 'Cooling-off, explained again',
        slug: 'cooling-off-again',
        excerpt: 'Still five business days.',
        content: 'The kept text.',
        image: { featuredImage: null, featuredImageAlt: null },
        isPublished: true,
        publishAt: '2026-03-31T09:00',
        metaDescription: 'Kept description.',
        tagsText: 'Deposits',
      },
    }),
  );
  const { calls, user, form, field } = open(STORED);
  await user.click(form.getByRole('button', { name: 'Restore' }));
  expect(field('Post Title').value).toBe('Cooling-off, explained again');
  expect(field('URL Slug').value).toBe('cooling-off-again');
  expect(field('Excerpt').value).toBe('Still five business days.');
  expect(field('Content').value).toBe('The kept text.');
  expect(field('Meta description').value).toBe('Kept description.');
  expect(field('Tags').value).toBe('Deposits');
  expect(form.getByRole('switch').getAttribute('aria-checked')).toBe('true');
  await user.click(form.getByRole('button', { name: 'Update Blog Post' }));
  await expectToast('Success', 'Blog post updated successfully', 'default');
  expect(calls[0]!.body).toMatchObject({
    title: 'Cooling-off, explained again',
    publishedAt: '2026-03-31T09:00',
    isPublished: true,
    metaDescription: 'Kept description.',
    tags: ['deposits'],
    // The post was saved since the draft was kept: the server refuses it rather than overwrite.
    version: 'v1',
  });
});

test('a meta description over 160 characters is counted, refused under its field with focus on it, and sent once it fits', async () => {
  const { calls, user, form, field } = open(STORED);
  // Tags typed as a person would: capitals, a doubled space, a number, a repeat.
  await user.clear(field('Tags'));
  await user.type(field('Tags'), 'Stamp duty, First home buyers,  E2E 42, stamp duty');
  expect(form.getByTestId('normalised-tags').textContent).toBe('Saved as: stamp-duty, first-home-buyers, e2e-42');
  await user.clear(field('Meta description'));
  // Pasted: typing 165 keys one by one costs seconds and checks nothing more.
  await user.click(field('Meta description'));
  await user.paste('x'.repeat(165));
  expect(form.getByTestId('meta-description-count').textContent).toBe('5 characters too long (165 of 160)');
  await user.click(form.getByRole('button', { name: 'Update Blog Post' }));
  expect(form.getByText('Please keep this under 160 characters')).toBeTruthy();
  expect(document.activeElement).toBe(field('Meta description'));
  expect(calls).toEqual([]);

  const fitting = 'What stamp duty costs a first home buyer in NSW.';
  await user.clear(field('Meta description'));
  await user.type(field('Meta description'), fitting);
  expect(form.getByTestId('meta-description-count').textContent).toBe(`${fitting.length} of 160 characters`);
  await user.click(form.getByRole('button', { name: 'Update Blog Post' }));
  await expectToast('Success', 'Blog post updated successfully', 'default');
  expect(calls[0]!.body).toMatchObject({
    metaDescription: fitting,
    tags: ['stamp-duty', 'first-home-buyers', 'e2e-42'],
  });
});
