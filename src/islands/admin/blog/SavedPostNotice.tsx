/**
 * What a save did, kept above the fresh form until the next save or until dismissed: the
 * post's title, whether visitors can see it (with a link to the article when they can or
 * will), and a way back into it. A toast alone vanishes, and the cleared form said nothing.
 */
import { useEffect, useRef } from 'react';
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import { isScheduled } from '#src/shared/publish-time.ts';
import { Button } from '#src/ui/Button.tsx';
import { scheduledNote } from './PublishAtField.tsx';

export function SavedPostNotice({
  post,
  onEdit,
  onDismiss,
}: {
  post: BlogPost;
  onEdit: () => void;
  onDismiss: () => void;
}) {
  const notice = useRef<HTMLDivElement>(null);
  // The form that had focus was replaced by a fresh one: focus moves to what happened.
  useEffect(() => notice.current?.focus(), [post]);
  const articlePath = `/blog/${post.slug}/`;
  const scheduled = isScheduled(post);
  return (
    <div
      ref={notice}
      tabIndex={-1}
      role="status"
      data-testid="saved-post"
      className="rounded-xl border border-green-300 bg-green-50 p-4 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <p className="font-semibold">Saved “{post.title}”.</p>
      {!post.isPublished ? (
        <p className="mt-1">Draft: not on the website.</p>
      ) : scheduled ? (
        <p className="mt-1">
          {scheduledNote(post.publishedAt, true)} (Sydney time): not on the website until then. Its address will be{' '}
          <a href={articlePath} className="font-medium text-brand-800 underline">
            {articlePath}
          </a>
          .
        </p>
      ) : (
        <p className="mt-1">
          Published:{' '}
          <a href={articlePath} target="_blank" rel="noopener" className="font-medium text-brand-800 underline">
            View the post on the website<span className="sr-only"> (opens in a new tab)</span>
          </a>
          . Visitors see this version once the rebuild below has finished.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="outline" onClick={onEdit} className="min-h-10 px-3 py-1.5 text-sm">
          Edit it again
        </Button>
        <Button variant="outline" onClick={onDismiss} className="min-h-10 px-3 py-1.5 text-sm">
          Dismiss
        </Button>
      </div>
    </div>
  );
}
