/** 'Existing Blog Posts': title, /slug, excerpt, badge, edit and delete. */
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import { Button } from '#src/ui/Button.tsx';
import { isScheduled } from '#src/shared/publish-time.ts';
import { DeleteButton } from '../kit/parts.tsx';
import { StatusBadge } from '../kit/StatusBadge.tsx';
import { scheduledNote } from './PublishAtField.tsx';

export function BlogPostList({
  posts,
  editingId,
  deletingId,
  onEdit,
  onDelete,
}: {
  posts: BlogPost[];
  editingId: string | null;
  deletingId: string | null;
  onEdit: (post: BlogPost) => void;
  onDelete: (post: BlogPost) => void;
}) {
  return (
    <ul className="space-y-3">
      {posts.map((post) => (
        <li key={post.id}>
          <article
            aria-label={`Blog post: ${post.title}`}
            className={`rounded-xl border bg-white p-4 shadow-sm ${editingId === post.id ? 'border-brand-600 ring-2 ring-brand-200' : 'border-slate-200'}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h4 className="text-base font-semibold text-brand-900">{post.title}</h4>
                  <StatusBadge tone={post.isPublished && !isScheduled(post) ? 'success' : 'neutral'}>
                    {isScheduled(post) ? 'Scheduled' : post.isPublished ? 'Published' : 'Draft'}
                  </StatusBadge>
                </div>
                <p className="mt-0.5 font-mono text-sm break-all text-slate-700">/{post.slug}</p>
                {isScheduled(post) ? (
                  <p className="mt-1 text-sm text-slate-700">{scheduledNote(post.publishedAt, true)} (Sydney time)</p>
                ) : null}
                {post.excerpt ? <p className="mt-2 text-sm text-slate-800">{post.excerpt}</p> : null}
              </div>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  aria-label={`Edit blog post: ${post.title}`}
                  onClick={() => onEdit(post)}
                  className="min-h-10 px-3 py-1.5 text-sm"
                >
                  Edit
                </Button>
                <DeleteButton
                  label={`Delete blog post: ${post.title}`}
                  pending={deletingId === post.id}
                  onClick={() => onDelete(post)}
                />
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
