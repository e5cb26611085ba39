/**
 * The Blog Posts tab (src/islands/admin/blog/BlogPostsTab.tsx with BlogPostForm, SavedPostNotice
 * and kit/RebuildStatus): the slug following the title, the validation messages, the Published
 * switch's words as its label, Cancel Edit asking before it throws edits away, failed create,
 * update and delete keeping what was typed, the notice a save leaves, and the rebuild panel's
 * failures. /api is answered at `fetch`, the posts from an in-memory store.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import BlogPostsTab from '#src/islands/admin/blog/BlogPostsTab.tsx';
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import Toaster from '#src/ui/Toaster.tsx';
import { json, serveApi, serverError, type ApiCall } from '#tests/components/kit/fetch.ts';
import { expectToast } from '#tests/components/kit/toast.ts';

const STORED: BlogPost = {
  id: 'post-1',
  title: 'Cooling-off explained',
  slug: 'cooling-off-explained',
  excerpt: 'Five business days.',
  content: 'The stored text.',
  isPublished: false,
  createdAt: '2025-11-01T00:00:00.000Z',
  updatedAt: '2025-11-01T00:00:00.000Z',
  version: 'v1',
  updatedBy: 'admin',
  sequence: 0,
};

const UP_TO_DATE = {
  lastRequestedAt: '2025-11-01T00:00:00.000Z',
  lastBuiltAt: '2025-11-01T00:01:00.000Z',
  pending: false,
};

/** What POST /api/blog-posts answers for a slug in use (netlify/functions/blog-posts.ts). */
const SLUG_TAKEN = {
  error: 'Another post already uses that URL slug. Please choose a different one.',
  fieldErrors: { slug: ['This slug is already in use'] },
};

interface Options {
  /** `METHOD path-start` of the calls that fail with a 500. */
  fail?: string[];
  /** `METHOD path-start` of the calls answered 409, the slug taken. */
  taken?: string[];
  /** What GET /api/site-builds answers. */
  status?: () => object;
}

/** The tab over a store holding STORED. */
async function open({ fail = [], taken = [], status = () => UP_TO_DATE }: Options = {}) {
  let posts: BlogPost[] = [{ ...STORED }];
  const calls = serveApi((call: ApiCall) => {
    const named = (list: string[]) => list.some((start) => `${call.method} ${call.path}`.startsWith(start));
    if (named(fail)) return serverError();
    if (named(taken)) return json(SLUG_TAKEN, 409);
    if (call.path === '/api/site-builds')
      return json(call.method === 'POST' ? { ...UP_TO_DATE, pending: true } : status());
    if (call.method === 'GET' && call.path === '/api/admin/blog-posts') return json(posts);
    if (call.method === 'GET') return json([]); // a post's revisions
    if (call.method === 'POST') {
      const created = { ...STORED, ...(call.body as object), id: 'post-2', version: 'v1' } as BlogPost;
      posts = [...posts, created];
      return json(created, 201);
    }
    if (call.method === 'PUT') {
      posts = posts.map((post) => ({ ...post, ...(call.body as object), version: 'v2' }));
      return json(posts[0]);
    }
    if (call.method === 'DELETE') {
      posts = [];
      return new Response(null, { status: 204 });
    }
    return json({ error: 'Not found' }, 404);
  });
  const user = renderTab();
  await screen.findByRole('article', { name: `Blog post: ${STORED.title}` });
  const form = () => within(screen.getByRole('region', { name: /^(Add New|Edit) Blog Post$/ }));
  const field = (name: string) => form().getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
  const writes = () => calls.filter((call) => call.method !== 'GET');
  return { calls, writes, user, form, field };
}

/** The tab with its toasts, and a user to drive it. */
function renderTab() {
  render(
    <>
      <BlogPostsTab />
      <Toaster placement="bottom" />
    </>,
  );
  return userEvent.setup({ delay: null });
}

test('the slug follows the title until edited by hand; an empty form shows every message, focuses the title and sends nothing', async () => {
  const { user, form, field, writes } = await open();
  await user.type(field('Post Title'), 'Stamp Duty & You!');
  expect(field('URL Slug').value).toBe('stamp-duty-you');
  await user.clear(field('URL Slug'));
  await user.type(field('URL Slug'), 'my-own-slug');
  await user.clear(field('Post Title'));
  await user.type(field('Post Title'), 'Something else');
  expect(field('URL Slug').value).toBe('my-own-slug');

  await user.clear(field('Post Title'));
  await user.clear(field('URL Slug'));
  await user.click(form().getByRole('button', { name: 'Add Blog Post' }));
  for (const message of ['Title is required', 'Slug is required', 'Content is required']) {
    expect(form().getByText(message)).toBeTruthy();
  }
  expect(document.activeElement).toBe(field('Post Title'));
  expect(writes()).toEqual([]);
});

test('the words beside the Published switch are its label: clicking them turns it on and off', async () => {
  const { user, form } = await open();
  const published = form().getByRole('switch', { name: /Make this post visible on the website/ });
  expect(published.getAttribute('aria-checked')).toBe('false');
  await user.click(form().getByText('Make this post visible on the website', { exact: true }));
  expect(published.getAttribute('aria-checked')).toBe('true');
  await user.click(form().getByText('Published', { exact: true }));
  expect(published.getAttribute('aria-checked')).toBe('false');
});

test('Cancel Edit asks before discarding unsaved edits, then returns to an empty create form', async () => {
  const { user, form, field } = await open();
  await user.click(screen.getByRole('button', { name: `Edit blog post: ${STORED.title}` }));
  expect(form().getByRole('heading').textContent).toBe('Edit Blog Post');
  expect(field('Post Title').value).toBe(STORED.title);
  await user.clear(field('Post Title'));
  await user.type(field('Post Title'), 'Changed my mind');
  expect(field('URL Slug').value).toBe(STORED.slug); // an existing slug stays put

  await user.click(form().getByRole('button', { name: 'Cancel Edit' }));
  const dialog = screen.getByRole('dialog', { name: 'Discard your unsaved changes?' });
  await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
  await waitFor(() => expect(form().getByRole('heading').textContent).toBe('Add New Blog Post'));
  expect(form().queryByRole('button', { name: 'Cancel Edit' })).toBeNull();
  expect(field('Post Title').value).toBe('');
  expect(field('Content').value).toBe('');
  expect(screen.getByRole('article', { name: `Blog post: ${STORED.title}` })).toBeTruthy();
});

test('failed create, update and delete say so and keep the text and the post', async () => {
  const { user, form, field } = await open({
    fail: ['POST /api/blog-posts', 'PUT /api/blog-posts/', 'DELETE /api/blog-posts/'],
  });
  await user.type(field('Post Title'), 'A failing post');
  await user.type(field('Content'), 'Kept text.');
  await user.click(form().getByRole('button', { name: 'Add Blog Post' }));
  await expectToast('Error', 'Failed to create blog post', 'destructive');
  expect(form().getByRole('alert').textContent).toBe(
    'The post was not saved (Something went wrong on our side). Your text is still here; please try again.',
  );
  expect(field('Post Title').value).toBe('A failing post');
  expect(field('Content').value).toBe('Kept text.');
  expect(form().getByRole('button', { name: 'Add Blog Post' })).toHaveProperty('disabled', false);

  await user.click(screen.getByRole('button', { name: `Edit blog post: ${STORED.title}` }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
  await waitFor(() => expect(field('Content').value).toBe(STORED.content));
  await user.clear(field('Content'));
  await user.type(field('Content'), 'Edited but not saved.');
  await user.click(form().getByRole('button', { name: 'Update Blog Post' }));
  await expectToast('Error', 'Failed to update blog post', 'destructive');
  expect(field('Content').value).toBe('Edited but not saved.');
  expect(form().getByRole('heading').textContent).toBe('Edit Blog Post');

  await user.click(screen.getByRole('button', { name: `Delete blog post: ${STORED.title}` }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Delete this blog post?' })).getByRole('button', { name: 'Delete post' }),
  );
  await expectToast('Error', 'Failed to delete blog post', 'destructive');
  expect(screen.getByRole('article', { name: `Blog post: ${STORED.title}` })).toBeTruthy();
});

test('a taken slug is explained above the button and under the slug, and what was typed is kept', async () => {
  const { user, form, field, calls } = await open({ taken: ['POST /api/blog-posts'] });
  await user.type(field('Post Title'), 'A second post');
  await user.clear(field('URL Slug'));
  await user.type(field('URL Slug'), STORED.slug);
  await user.type(field('Content'), 'My carefully written text.');
  await user.click(form().getByRole('button', { name: 'Add Blog Post' }));
  await expectToast('Error', 'Failed to create blog post', 'destructive');
  expect(form().getByRole('alert').textContent).toBe(SLUG_TAKEN.error);
  expect(form().getByText('This slug is already in use')).toBeTruthy();
  expect(field('Post Title').value).toBe('A second post');
  expect(field('Content').value).toBe('My carefully written text.');
  // A field's fault, not a newer version: the list is not read again.
  expect(calls.filter((call) => call.path === '/api/admin/blog-posts')).toHaveLength(1);
});

test('a saved draft leaves a focused notice without a link; a published one links to its article and the panel says a rebuild is under way', async () => {
  let building = false;
  const { user, form, field } = await open({
    status: () => (building ? { ...UP_TO_DATE, pending: true } : UP_TO_DATE),
  });
  await user.type(field('Post Title'), 'Saved notice');
  await user.type(field('Content'), 'Body.');
  await user.click(form().getByRole('button', { name: 'Add Blog Post' }));
  await expectToast('Success', 'Blog post created successfully', 'default');
  const notice = await screen.findByTestId('saved-post');
  expect(notice.textContent).toContain('Saved “Saved notice”.');
  expect(notice.textContent).toContain('Draft: not on the website.');
  expect(within(notice).queryByRole('link')).toBeNull();
  expect(document.activeElement).toBe(notice);
  expect(field('Post Title').value).toBe('');

  await user.click(within(notice).getByRole('button', { name: 'Edit it again' }));
  expect(form().getByRole('heading').textContent).toBe('Edit Blog Post');
  expect(field('Post Title').value).toBe('Saved notice');
  expect(screen.queryByTestId('saved-post')).toBeNull();
  await user.click(form().getByText('Make this post visible on the website', { exact: true }));
  building = true;
  await user.click(form().getByRole('button', { name: 'Update Blog Post' }));
  await expectToast('Success', 'Blog post updated successfully', 'default');
  const published = await screen.findByTestId('saved-post');
  const link = within(published).getByRole('link', { name: /View the post on the website/ });
  expect(link.getAttribute('href')).toBe('/blog/saved-notice/');
  const state = await waitFor(() => {
    const shown = screen.getByTestId('rebuild-state');
    expect(shown.textContent).toMatch(/A rebuild is under way or queued/);
    return shown;
  });
  expect(state.closest('[aria-live="polite"]')).not.toBeNull();
});

test("a failed 'Rebuild site' request says so", async () => {
  const { user } = await open({ fail: ['POST /api/site-builds'] });
  await user.click(screen.getByRole('button', { name: 'Rebuild site' }));
  await expectToast('Error', 'Failed to request a rebuild', 'destructive');
});

test('a rebuild request that went through says so, and the time it was asked for', async () => {
  const { user, calls } = await open();
  await user.click(screen.getByRole('button', { name: 'Rebuild site' }));
  await expectToast('Rebuild requested', 'The public blog updates when the rebuild finishes.', 'default');
  expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/site-builds']);
  expect(screen.getByTestId('rebuild-last-requested').textContent).toContain('Last rebuild requested:');
});

test('a failed rebuild request is shown, never as up to date, until a status read says otherwise', async () => {
  let failed = true;
  const { user } = await open({
    status: () =>
      failed
        ? {
            ...UP_TO_DATE,
            pending: true,
            lastFailure: { at: '2025-11-02T00:00:00.000Z', reason: 'The build hook answered 502' },
          }
        : UP_TO_DATE,
  });
  const state = await screen.findByTestId('rebuild-state');
  expect(state.textContent).toContain('The last rebuild request failed (');
  expect(state.textContent).toContain(
    'The build hook answered 502. The public blog does not show the latest changes yet',
  );
  expect(state.textContent).not.toContain('up to date');
  failed = false;
  await user.click(screen.getByRole('button', { name: 'Check status' }));
  await waitFor(() => expect(screen.getByTestId('rebuild-state').textContent).not.toContain('failed'));
  expect(screen.getByTestId('rebuild-state').textContent).toBe('The public blog is up to date with the last rebuild.');
});

// What admin-blog.spec.ts's conflict journey held at the tab's level; the server's 409 is
// tests/functions/site/blog-posts.test.ts's, and one through the browser admin-blog-editor.spec.ts's.
test('an update over a newer version says so, keeps the text and the edit form, and the list shows theirs', async () => {
  const conflict =
    'Someone else saved this post since you opened it. Your text is still in the form: copy what you need, reload the list and edit again.';
  let posts: BlogPost[] = [{ ...STORED }];
  const calls = serveApi((call: ApiCall) => {
    if (call.path === '/api/site-builds') return json(UP_TO_DATE);
    if (call.method === 'GET' && call.path === '/api/admin/blog-posts') return json(posts);
    if (call.method === 'GET') return json([]); // a post's revisions
    if (call.method === 'PUT') {
      // Someone else saved first.
      posts = [{ ...STORED, title: `${STORED.title} (theirs)`, content: 'Their text.', version: 'v2' }];
      return json({ error: conflict }, 409);
    }
    return json({ error: 'Not found' }, 404);
  });
  const user = renderTab();
  await user.click(await screen.findByRole('button', { name: `Edit blog post: ${STORED.title}` }));
  const form = within(screen.getByRole('region', { name: 'Edit Blog Post' }));
  const content = form.getByRole('textbox', { name: /^Content/ }) as HTMLTextAreaElement;
  await waitFor(() => expect(content.value).toBe(STORED.content));
  await user.clear(content);
  await user.type(content, 'My text.');
  const reads = calls.filter((call) => call.path === '/api/admin/blog-posts').length;
  await user.click(form.getByRole('button', { name: 'Update Blog Post' }));
  await expectToast('Error', 'Failed to update blog post', 'destructive');
  expect(form.getByRole('alert').textContent).toBe(conflict);
  expect(content.value).toBe('My text.');
  expect(form.getByRole('heading').textContent).toBe('Edit Blog Post');
  expect(await screen.findByRole('article', { name: `Blog post: ${STORED.title} (theirs)` })).toBeTruthy();
  expect(calls.filter((call) => call.path === '/api/admin/blog-posts').length).toBe(reads + 1);
});
