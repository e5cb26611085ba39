/**
 * The revisions of the post being edited: the versions its updates replaced, newest first,
 * each with when, who, its title, what restoring it would change and its text. Loaded
 * when opened (most edits never look). Restoring asks first, then saves that version as
 * a new update, so the version it replaces becomes a revision too and can be restored back.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, callApi } from '#src/lib/api.ts';
import { blogPostsRoutes } from '#src/shared/api/blog-posts.ts';
import type { BlogPost } from '#src/shared/schemas/blog-post.ts';
import type { BlogPostRevision } from '#src/shared/schemas/blog-post-revision.ts';
import { showToast } from '#src/stores/toasts.ts';
import { Button } from '#src/ui/Button.tsx';
import { Spinner } from '#src/ui/Spinner.tsx';
import { useConfirm } from '../kit/ConfirmDialog.tsx';
import { formatDateTime } from '../kit/format.ts';
import { changeSummary } from './revision-changes.ts';
import { RevisionDiff } from './RevisionDiff.tsx';

export interface BlogPostRevisionsProps {
  /** The post as the form shows it. */
  post: BlogPost;
  /** A revision was restored: the form should show `post`, the restored version. */
  onRestored: (post: BlogPost) => void | Promise<void>;
}

type Load =
  { state: 'loading' } | { state: 'failed'; error: string } | { state: 'loaded'; revisions: BlogPostRevision[] };

export function BlogPostRevisions({ post, onRestored }: BlogPostRevisionsProps) {
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [restoringId, setRestoringId] = useState<string | null>(null);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const base = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const latest = useRef(0);

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setLoad({ state: 'loading' });
    try {
      const revisions = await callApi(blogPostsRoutes.revisions, { params: { id: post.id } });
      if (request === latest.current)
        setLoad({ state: 'loaded', revisions: Array.isArray(revisions) ? revisions : [] });
    } catch (error) {
      if (request === latest.current)
        setLoad({ state: 'failed', error: error instanceof Error ? error.message : 'Something went wrong' });
    }
  }, [post.id]);

  // Each new version of the post (a save or a restore) adds a revision: look again while open.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a fetch shows its loading state, then its answer: one render each
    if (open) void reload();
  }, [open, reload, post.version]);

  async function restore(revision: BlogPostRevision) {
    const when = formatDateTime(revision.at);
    const confirmed = await confirm({
      title: `Restore version ${revision.number}?`,
      body: `"${revision.title}" as ${revision.by} saved it on ${when} becomes the current version. The current version is kept in the revisions, so you can restore it back. Changes in the form that you have not saved are lost.`,
      confirmLabel: 'Restore version',
    });
    if (!confirmed) return;
    setRestoringId(revision.id);
    setRestoreError(null);
    try {
      const restored = await callApi(blogPostsRoutes.restore, {
        params: { id: post.id, revisionId: revision.id },
        body: { version: post.version },
      });
      showToast({ title: 'Success', description: 'Blog post restored successfully' });
      await onRestored(restored);
      headingRef.current?.focus();
    } catch (error) {
      showToast({ title: 'Error', description: 'Failed to restore blog post', variant: 'destructive' });
      setRestoreError(
        error instanceof ApiError && error.fieldErrors?.slug
          ? `${error.message} This version's URL slug is now used by another post.`
          : error instanceof Error
            ? error.message
            : 'The version was not restored. Please try again.',
      );
    } finally {
      setRestoringId(null);
    }
  }

  const panelId = `${base}-panel`;
  return (
    <section
      aria-labelledby={`${base}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${base}-heading`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-brand-900">
          Revisions
        </h3>
        <Button
          variant="outline"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide revisions' : 'Show revisions'}
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Every update keeps the version it replaces (the last 20).
        {` The current version, version ${post.sequence + 1}, was saved ${formatDateTime(post.updatedAt)} by ${post.updatedBy}.`}
      </p>
      <div id={panelId} hidden={!open} className="mt-4">
        {restoreError ? (
          <div role="alert" className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {restoreError}
          </div>
        ) : null}
        {open && load.state === 'loading' ? (
          <Spinner label="Loading revisions…" className="py-4 text-brand-700" />
        ) : null}
        {open && load.state === 'failed' ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
            <p>We couldn't load the revisions: {load.error}</p>
            <Button variant="outline" className="mt-3" onClick={() => void reload()}>
              Try again
            </Button>
          </div>
        ) : null}
        {open && load.state === 'loaded' && load.revisions.length === 0 ? (
          <p className="text-sm text-slate-700">
            No earlier versions yet: each update from now on keeps the version it replaces.
          </p>
        ) : null}
        {open && load.state === 'loaded' && load.revisions.length > 0 ? (
          <ol aria-label="Earlier versions, newest first" className="space-y-3">
            {load.revisions.map((revision) => {
              const when = formatDateTime(revision.at);
              return (
                <li key={revision.id} className="rounded-lg border border-slate-200 p-3">
                  <article aria-label={`Version ${revision.number}`}>
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0 flex-1">
                        <p className="text-sm text-slate-700">
                          Version {revision.number}, saved <time dateTime={revision.at}>{when}</time> by {revision.by}
                        </p>
                        <h4 className="font-semibold text-brand-900">{revision.title}</h4>
                        <p className="mt-1 text-sm text-slate-800">{changeSummary(revision, post)}</p>
                      </div>
                      <Button
                        variant="outline"
                        aria-label={`Restore version ${revision.number}`}
                        pending={restoringId === revision.id}
                        disabled={restoringId !== null}
                        onClick={() => void restore(revision)}
                        className="min-h-10 px-3 py-1.5 text-sm"
                      >
                        Restore
                      </Button>
                    </div>
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer font-medium text-brand-800">
                        Compare its content with the current version
                      </summary>
                      <p className="mt-2 mb-1 text-slate-700">
                        Restoring it removes the lines marked − and brings back those marked +.
                      </p>
                      <RevisionDiff current={post.content} revision={revision.content} />
                    </details>
                    <details className="mt-2 text-sm">
                      <summary className="cursor-pointer font-medium text-brand-800">View this version's text</summary>
                      <dl className="mt-2 space-y-2 text-slate-800">
                        <div>
                          <dt className="font-medium">URL slug</dt>
                          <dd className="font-mono break-all">/{revision.slug}</dd>
                        </div>
                        {revision.excerpt ? (
                          <div>
                            <dt className="font-medium">Excerpt</dt>
                            <dd>{revision.excerpt}</dd>
                          </div>
                        ) : null}
                        <div>
                          <dt className="font-medium">Content</dt>
                          <dd className="rounded border border-slate-200 bg-slate-50 p-2 break-words whitespace-pre-wrap">
                            {revision.content}
                          </dd>
                        </div>
                      </dl>
                    </details>
                  </article>
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
      {dialog}
    </section>
  );
}
