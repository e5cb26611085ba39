/**
 * The login page's opt-in debug console (spec §2): steps, timings and browser details,
 * shown on the page so staff can read them out to support. Never records the password.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Browser storage key of the "Enable Debug Mode" flag. */
export const LOGIN_DEBUG_KEY = 'loginDebug';

export interface DebugEntry {
  id: number;
  /** Milliseconds since the page started loading. */
  at: number;
  clock: string;
  message: string;
  detail?: string;
}

const readFlag = (): boolean => {
  try {
    return localStorage.getItem(LOGIN_DEBUG_KEY) === 'true';
  } catch {
    return false;
  }
};

const writeFlag = (on: boolean) => {
  try {
    if (on) localStorage.setItem(LOGIN_DEBUG_KEY, 'true');
    else localStorage.removeItem(LOGIN_DEBUG_KEY);
  } catch {
    // Storage blocked: the switch still works for this visit.
  }
};

/** What support usually asks for; nothing that identifies the person. */
export function browserInfo(): string {
  const nav = navigator;
  let storage = 'available';
  try {
    localStorage.setItem('__probe', '1');
    localStorage.removeItem('__probe');
  } catch {
    storage = 'blocked';
  }
  return [
    `User agent: ${nav.userAgent}`,
    `Language: ${nav.language}`,
    `Cookies enabled: ${nav.cookieEnabled ? 'yes' : 'no'}`,
    `Online: ${nav.onLine ? 'yes' : 'no'}`,
    `Local storage: ${storage}`,
    `Screen: ${screen.width}×${screen.height}, viewport ${innerWidth}×${innerHeight}, pixel ratio ${devicePixelRatio}`,
    `Time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}`,
  ].join('\n');
}

/** The debug flag (persisted) and the entries logged while it is on. */
export function useLoginDebug() {
  const [enabled, setEnabled] = useState(false);
  const [entries, setEntries] = useState<DebugEntry[]>([]);
  const enabledRef = useRef(false);
  const nextId = useRef(1);

  const log = useCallback((message: string, detail?: string) => {
    if (!enabledRef.current) return;
    const now = new Date();
    const entry: DebugEntry = {
      id: nextId.current++,
      at: Math.round(performance.now()),
      clock: now.toLocaleTimeString('en-AU', { hour12: false }) + `.${String(now.getMilliseconds()).padStart(3, '0')}`,
      message,
      detail,
    };
    setEntries((previous) => [...previous, entry]);
  }, []);

  const setDebug = useCallback(
    (on: boolean) => {
      enabledRef.current = on;
      setEnabled(on);
      writeFlag(on);
      if (on) {
        log('Debug mode enabled');
        log('Browser information', browserInfo());
      }
    },
    [log],
  );

  // Storage is only readable in the browser, so the remembered flag is applied after hydration.
  useEffect(() => {
    if (readFlag()) setDebug(true);
  }, [setDebug]);

  const clear = useCallback(() => setEntries([]), []);

  return { enabled, entries, log, setDebug, clear };
}

export function LoginDebugConsole({ entries, onClear }: { entries: DebugEntry[]; onClear: () => void }) {
  const count = `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
  return (
    <section aria-labelledby="login-debug-title" className="mt-6 rounded-lg border border-slate-700 bg-slate-900 text-slate-100">
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 px-4 py-2">
        <h2 id="login-debug-title" className="text-sm font-semibold">
          Debug Console <span className="font-normal text-slate-300">({count})</span>
        </h2>
        <button
          type="button"
          onClick={onClear}
          className="rounded px-2 py-1 text-xs text-slate-200 underline-offset-2 hover:underline"
        >
          Clear log
        </button>
      </div>
      <ol
        aria-label="Debug log entries"
        tabIndex={0}
        data-testid="login-debug-entries"
        className="max-h-72 overflow-auto px-4 py-2 font-mono text-xs leading-relaxed"
      >
        {entries.length === 0 ? (
          <li className="text-slate-300">No entries yet. Sign in to record the login steps.</li>
        ) : (
          entries.map((entry) => (
            <li key={entry.id} className="border-b border-slate-800 py-1 last:border-0">
              <span className="text-slate-300">
                {entry.clock} (+{entry.at} ms)
              </span>{' '}
              {entry.message}
              {entry.detail && <pre className="mt-1 whitespace-pre-wrap break-words text-slate-300">{entry.detail}</pre>}
            </li>
          ))
        )}
      </ol>
    </section>
  );
}
