/**
 * 'You have unsaved changes from …' with Restore and Discard, shown when the editor opens
 * over a draft kept in this browser. Focus moves here, so keyboard and screen-reader users
 * meet the question before the form.
 */
import { useEffect, useId, useRef } from 'react';
import { Button } from '#src/ui/Button.tsx';
import { formatDateTime } from '../kit/format.ts';
import type { UnsavedDraft } from './useUnsavedDraft.ts';

export function UnsavedDraftPrompt({ draft }: { draft: UnsavedDraft }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { offered } = draft;
  useEffect(() => {
    if (offered) ref.current?.focus();
  }, [offered]);
  if (!offered) return null;
  return (
    <div
      ref={ref}
      role="group"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-draft-prompt
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <p id={titleId} className="font-medium">
        You have unsaved changes from {formatDateTime(offered.savedAt)}.
        {draft.stale ? ' The post has been saved since then: check the restored text before you save it.' : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => draft.restore()} className="min-h-10 px-3 py-1.5 text-sm">
          Restore
        </Button>
        <Button variant="outline" onClick={() => draft.discard()} className="min-h-10 px-3 py-1.5 text-sm">
          Discard
        </Button>
      </div>
    </div>
  );
}
