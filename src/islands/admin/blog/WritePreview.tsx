/**
 * Write and Preview views over a post. The preview is the article as a visitor will see it:
 * the public page's own top (src/ui/ArticleLead.tsx: title, date and reading time, featured
 * image) over the content rendered by the build's own renderer (src/shared/markdown.ts) in
 * the article's reading styles. The renderer is loaded only when first asked for, so the
 * portal's first load does not carry the Markdown parser.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
// The article's own reading styles: the preview looks as the built page will.
import '#src/styles/article-body.css';
import type { readingMinutes, renderMarkdown } from '#src/shared/markdown.ts';
import { ArticleLead } from '#src/ui/ArticleLead.tsx';

interface Renderer {
  renderMarkdown: typeof renderMarkdown;
  readingMinutes: typeof readingMinutes;
}
let renderer: Promise<Renderer> | undefined;
const loadRenderer = () => (renderer ??= import('#src/shared/markdown.ts'));

const VIEW_BUTTON =
  'min-h-10 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/** What the preview shows besides the content. */
export interface PreviewedArticle {
  title: string;
  /** The date the article will show (a day or an instant). */
  date: string;
  /** The featured image's address and alt text, or null. */
  image: { src: string; alt: string } | null;
}

/**
 * An uploaded image's pixel size, read from the image itself: the article sizes its image
 * from the upload, and the form knows only its address.
 */
function useImageSize(src: string | undefined): { src: string; width: number; height: number } | null {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!src) return;
    const probe = new Image();
    probe.onload = () => setSize({ src, width: probe.naturalWidth, height: probe.naturalHeight });
    probe.src = src;
    return () => {
      probe.onload = null;
    };
  }, [src]);
  return size && size.src === src ? size : null;
}

function ArticlePreview({
  content,
  article,
  render,
}: {
  content: string;
  article: PreviewedArticle;
  render: Renderer;
}) {
  const size = useImageSize(article.image?.src);
  const image = article.image && size ? { ...article.image, ...size } : null;
  return (
    // The article page's column (src/pages/blog/[slug].astro), without the page around it.
    <article className="mx-auto max-w-3xl" data-testid="article-preview">
      <ArticleLead
        title={article.title.trim() || 'Untitled post'}
        date={article.date}
        minutes={render.readingMinutes(content)}
        image={image}
      />
      {content.trim() ? (
        <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: render.renderMarkdown(content) }} />
      ) : (
        <p className="mt-8 text-sm text-slate-700">Nothing to preview yet.</p>
      )}
    </article>
  );
}

export function WritePreview({
  content,
  article,
  children,
}: {
  content: string;
  article: PreviewedArticle;
  children: ReactNode;
}) {
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [render, setRender] = useState<Renderer | null>(null);
  const [failed, setFailed] = useState(false);
  const previewId = useId();

  useEffect(() => {
    if (view !== 'preview' || render) return;
    loadRenderer().then(
      (loaded) => setRender(loaded),
      () => setFailed(true),
    );
  }, [view, render]);

  return (
    <div>
      <div role="group" aria-label="Content view" className="mb-2 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
        {(['write', 'preview'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => setView(option)}
            className={`${VIEW_BUTTON} ${view === option ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700 hover:text-brand-900'}`}
          >
            {option === 'write' ? 'Write' : 'Preview'}
          </button>
        ))}
      </div>
      {/* Kept mounted while previewing, so the field keeps its place, error and undo history. */}
      <div hidden={view !== 'write'}>{children}</div>
      {view === 'preview' ? (
        <section
          id={previewId}
          aria-label="Preview"
          className="min-h-40 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
        >
          {failed ? (
            <p role="alert" className="text-sm text-red-900">
              The preview could not be loaded. Check your connection and try again.
            </p>
          ) : render ? (
            <ArticlePreview content={content} article={article} render={render} />
          ) : (
            <p role="status" className="text-sm text-slate-700">
              Loading the preview…
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
