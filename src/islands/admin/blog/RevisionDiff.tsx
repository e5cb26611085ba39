/**
 * What restoring a revision does to the content, line by line. Removed and added lines are
 * marked by a sign and by words for screen readers, not by colour alone; `<del>` and `<ins>`
 * carry the meaning for assistive technology that reads them. Lines are plain blocks, not a
 * list: the revisions around them are one.
 */
import { useMemo } from 'react';
import { lineChanges } from './revision-changes.ts';

export function RevisionDiff({ current, revision }: { current: string; revision: string }) {
  // Twenty revisions of a long post: compare once, not on every render of the list.
  const rows = useMemo(() => lineChanges(current, revision), [current, revision]);
  if (!rows.some((row) => row.kind === 'added' || row.kind === 'removed')) {
    return <p className="text-slate-700">The content is the same as the current version's.</p>;
  }
  return (
    <div
      className="overflow-x-auto rounded border border-slate-200 bg-white font-mono text-xs leading-5"
      data-testid="revision-diff"
    >
      {rows.map((row, index) =>
        row.kind === 'skipped' ? (
          <div key={index} className="bg-slate-50 px-2 text-slate-600 italic">
            … {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
          </div>
        ) : row.kind === 'removed' ? (
          <div key={index} className="bg-red-50 px-2 whitespace-pre-wrap text-red-900">
            <del className="no-underline">
              <span aria-hidden="true">− </span>
              <span className="sr-only">Goes: </span>
              {row.text || ' '}
            </del>
          </div>
        ) : row.kind === 'added' ? (
          <div key={index} className="bg-green-50 px-2 whitespace-pre-wrap text-green-900">
            <ins className="no-underline">
              <span aria-hidden="true">+ </span>
              <span className="sr-only">Comes back: </span>
              {row.text || ' '}
            </ins>
          </div>
        ) : (
          <div key={index} className="px-2 whitespace-pre-wrap text-slate-700">
            <span aria-hidden="true">{'  '}</span>
            {row.text || ' '}
          </div>
        ),
      )}
    </div>
  );
}
