/** Tab 4: write, edit, publish and delete blog posts; see and request site rebuilds. */
import { useState } from 'react';
import { callApi } from '#src/lib/api.ts';
import { blogPostsRoutes } from '#src/shared/api/blog-posts.ts';
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import { runAction } from '../kit/actions.ts';
import { BlogPostForm } from './BlogPostForm.tsx';
import { BlogPostList } from './BlogPostList.tsx';
import { BlogPostRevisions } from './BlogPostRevisions.tsx';
import { SavedPostNotice } from './SavedPostNotice.tsx';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { ListStatus, TabHeading } from '../kit/parts.tsx';
import { RebuildStatus } from '../kit/RebuildStatus.tsx';
import { useList } from '../kit/useList.ts';
import { discardDraft, hasUnsavedEdits } from './useUnsavedDraft.ts';

const FORM_ID = 'blog-post-form';
const listPosts = () => callApi(blogPostsRoutes.list);

export default function BlogPostsTab() {
  const list = useList<BlogPost>(listPosts);
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<BlogPost | null>(null);
  /** Remounts the form: a fresh create form after each save or cancel. */
  const [formKey, setFormKey] = useState(0);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [changes, setChanges] = useState(0);
  /** The post last saved from the form: the notice above it says what that did. */
  const [lastSaved, setLastSaved] = useState<BlogPost | null>(null);

  const resetForm = () => {
    setEditing(null);
    setFormKey((key) => key + 1);
  };

  /** Leaving a form with unsaved edits asks first; leaving means discarding them. */
  async function mayLeaveForm(): Promise<boolean> {
    if (!hasUnsavedEdits()) return true;
    const leave = await confirm({
      title: 'Discard your unsaved changes?',
      body: 'The changes you made to this post have not been saved.',
      confirmLabel: 'Discard changes',
    });
    if (leave) discardDraft(editing?.id ?? 'new');
    return leave;
  }

  async function edit(post: BlogPost) {
    if (post.id !== editing?.id && !(await mayLeaveForm())) return;
    setLastSaved(null);
    setEditing(post);
    setFormKey((key) => key + 1);
    requestAnimationFrame(() => {
      const form = document.getElementById(FORM_ID);
      form?.scrollIntoView({ block: 'start' });
      // A kept draft's question comes before the form.
      form?.querySelector<HTMLElement>('[data-draft-prompt], input')?.focus({ preventScroll: true });
    });
  }

  async function saved(post: BlogPost) {
    setLastSaved(post);
    resetForm();
    setChanges((count) => count + 1);
    await list.reload();
  }

  /** A restore is saved at once: the form shows the restored version, still in edit mode. */
  async function restored(post: BlogPost) {
    setEditing(post);
    setFormKey((key) => key + 1);
    setChanges((count) => count + 1);
    await list.reload();
  }

  async function remove(post: BlogPost) {
    const confirmed = await confirm({
      title: 'Delete this blog post?',
      body: `"${post.title}" will be removed permanently${post.isPublished ? ' and disappear from the public blog after the next rebuild' : ''}.`,
      confirmLabel: 'Delete post',
    });
    if (!confirmed) return;
    setDeletingId(post.id);
    const ok = await runAction(
      () => callApi(blogPostsRoutes.remove, { params: { id: post.id } }),
      { success: 'Blog post deleted successfully', failure: 'Failed to delete blog post' },
      list.reload,
    );
    setDeletingId(null);
    if (ok) {
      discardDraft(post.id); // edits kept for a post that is gone could never be saved
      if (lastSaved?.id === post.id) setLastSaved(null);
      setChanges((count) => count + 1);
      if (editing?.id === post.id) resetForm();
    }
  }

  return (
    <div className="space-y-6">
      <TabHeading title="Blog Posts">
        Drafts stay private; published posts appear on the public blog after a rebuild.
      </TabHeading>
      <RebuildStatus refreshKey={changes} />
      <div id={FORM_ID} className="scroll-mt-24 space-y-4">
        {lastSaved ? (
          <SavedPostNotice post={lastSaved} onEdit={() => void edit(lastSaved)} onDismiss={() => setLastSaved(null)} />
        ) : null}
        <BlogPostForm
          key={formKey}
          post={editing}
          onSaved={saved}
          onCancel={() => void mayLeaveForm().then((leave) => leave && resetForm())}
          onConflict={() => void list.reload()}
        />
      </div>
      {editing ? <BlogPostRevisions key={editing.id} post={editing} onRestored={restored} /> : null}
      <section aria-labelledby="existing-posts-heading">
        <h3 id="existing-posts-heading" className="mb-3 text-lg font-semibold text-brand-900">
          Existing Blog Posts
        </h3>
        <ListStatus
          {...list}
          isEmpty={list.items.length === 0}
          empty="No blog posts yet. Add your first blog post above."
          what="blog posts"
          onRetry={() => void list.reload()}
        />
        <BlogPostList
          posts={list.items}
          editingId={editing?.id ?? null}
          deletingId={deletingId}
          onEdit={(post) => void edit(post)}
          onDelete={(post) => void remove(post)}
        />
      </section>
      {dialog}
    </div>
  );
}
