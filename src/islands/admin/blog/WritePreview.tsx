/**
 * Write and Preview views over a post's content. The preview renders with the build's own
 * renderer (src/shared/markdown.ts), loaded only when first asked for, so the portal's
 * first load does not carry the Markdown parser.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
// The article's own reading styles: the preview looks as the built page will.
import '../../../styles/article-body.css';

type Render = (markdown: string) => string;
let renderer: Promise<Render> | undefined;
const loadRenderer = () => (renderer ??= import('../../../shared/markdown.ts').then((module) => module.renderMarkdown));

const VIEW_BUTTON =
  'min-h-10 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

export function WritePreview({ content, children }: { content: string; children: ReactNode }) {
  const [view, setView] = useState<'write' | 'preview'>('write');
  const [render, setRender] = useState<Render | null>(null);
  const [failed, setFailed] = useState(false);
  const previewId = useId();

  useEffect(() => {
    if (view !== 'preview' || render) return;
    loadRenderer().then(
      (loaded) => setRender(() => loaded),
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
            content.trim() ? (
              <div className="article-body" dangerouslySetInnerHTML={{ __html: render(content) }} />
            ) : (
              <p className="text-sm text-slate-700">Nothing to preview yet.</p>
            )
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
