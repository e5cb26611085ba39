/**
 * Unsaved edits survive a reload: while a form's values differ from what it loaded, they
 * are kept in localStorage under the post's id (or 'new'), until saved or discarded. A
 * form that opens with a kept draft offers to restore it, and leaving the page with
 * unsaved edits asks first (docs/decisions/016-scheduled-posts.md).
 *
 * The browser only: localStorage stays on this computer, and drafts hold what staff typed,
 * never anything the server holds that they could not see.
 */
import { now as currentTime } from '#src/shared/clock.ts';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

const PREFIX = 'blog-post-draft:';

export interface KeptDraft<T> {
  values: T;
  /** When it was last kept (ISO). */
  savedAt: string;
  /** The `version` of the post the edits started from; another save since makes it stale. */
  version: string | null;
}

/** Which form (by key) has unsaved edits now: the tab asks before leaving it. */
let dirtyKey: string | null = null;
export const hasUnsavedEdits = (): boolean => dirtyKey !== null;

function read<T>(key: string): KeptDraft<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    const kept = raw ? (JSON.parse(raw) as KeptDraft<T>) : null;
    return kept && typeof kept === 'object' && kept.values && typeof kept.savedAt === 'string' ? kept : null;
  } catch {
    return null; // storage switched off, or a value that is not ours
  }
}

function write(key: string, draft: KeptDraft<unknown> | null) {
  try {
    if (draft) localStorage.setItem(PREFIX + key, JSON.stringify(draft));
    else localStorage.removeItem(PREFIX + key);
  } catch {
    // Full or switched off: the edits are still in the form, only not kept.
  }
}

/** Forgets the kept draft for `key` (after the person chose to discard their edits). */
export function discardDraft(key: string) {
  write(key, null);
  if (dirtyKey === key) dirtyKey = null;
}

/**
 * `values` are the form's current values; `apply` puts kept ones back into the form.
 * Returns the draft found at opening (until restored or discarded), and `saved()` to call
 * once the server has the edits.
 */
export function useUnsavedDraft<T extends object>(
  key: string,
  version: string | null,
  values: T,
  apply: (values: T) => void,
) {
  // What the form loaded, fixed at mount: the form is dirty while its values differ from it.
  const [loaded] = useState(() => JSON.stringify(values));
  /** The version the edits in the form started from: a restored draft brings its own. */
  const [base, setBase] = useState(version);
  const [offered, setOffered] = useState<KeptDraft<T> | null>(() => read<T>(key));
  const done = useRef(false);
  const current = JSON.stringify(values);
  const dirty = current !== loaded;

  // `values` is a new object on every render: the effect below runs when what it holds
  // (`current`) changes, and reads the values themselves through this event.
  const keep = useEffectEvent(() => {
    write(key, dirty ? { values, savedAt: new Date(currentTime()).toISOString(), version: base } : null);
    dirtyKey = dirty ? key : dirtyKey === key ? null : dirtyKey;
  });
  useEffect(() => {
    // Until the person answers the offer, the kept draft is theirs to restore: keep it.
    if (done.current || offered) return;
    keep();
  }, [key, current, dirty, offered, base]);

  useEffect(() => {
    if (!dirty) return;
    // The browser shows its own "Leave site?" question; the text is not ours to choose.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  useEffect(
    () => () => {
      if (dirtyKey === key) dirtyKey = null;
    },
    [key],
  );

  return {
    offered,
    /** Whether the kept draft started from an older version than the one now loaded. */
    stale: offered !== null && offered.version !== version,
    /**
     * The version to save against: a draft restored over a newer save of the post is
     * refused with 409 rather than overwriting that save.
     */
    version: base,
    restore() {
      if (!offered) return;
      apply(offered.values);
      setBase(offered.version);
      setOffered(null);
    },
    discard() {
      write(key, null);
      setOffered(null);
    },
    saved() {
      done.current = true;
      discardDraft(key);
    },
  };
}

export type UnsavedDraft = ReturnType<typeof useUnsavedDraft>;
