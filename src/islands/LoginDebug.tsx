/**
 * The login page's opt-in debug console: steps, timings and browser details,
 * shown on the page so staff can read them out to support. Never records the password.
 */
import { now as currentTime } from '../shared/clock.ts';
import { useCallback, useRef, useState } from 'react';
import { useHydrated } from '../ui/useHydrated.ts';

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

function debugEntry(id: number, message: string, detail?: string): DebugEntry {
  const now = new Date(currentTime());
  return {
    id,
    at: Math.round(performance.now()),
    clock: now.toLocaleTimeString('en-AU', { hour12: false }) + `.${String(now.getMilliseconds()).padStart(3, '0')}`,
    message,
    detail,
  };
}

/** The first entries of a console just switched on. */
const switchedOn = (firstId: number): DebugEntry[] => [
  debugEntry(firstId, 'Debug mode enabled'),
  debugEntry(firstId + 1, 'Browser information', browserInfo()),
];

/** The debug flag (persisted) and the entries logged while it is on. */
export function useLoginDebug() {
  // Storage is only readable in the browser: the server renders the console off, and so
  // does the hydrating render (useHydrated), which must match it. A remembered flag is
  // read once, on the client, and its console starts with the entries switching it on.
  const [remembered] = useState(readFlag);
  const [entries, setEntries] = useState<DebugEntry[]>(() => (remembered ? switchedOn(1) : []));
  const [switched, setSwitched] = useState<boolean | null>(null);
  const hydrated = useHydrated();
  const enabled = switched ?? (hydrated && remembered);
  const enabledRef = useRef(remembered);
  const nextId = useRef(entries.length + 1);

  const log = useCallback((message: string, detail?: string) => {
    if (!enabledRef.current) return;
    const entry = debugEntry(nextId.current++, message, detail);
    setEntries((previous) => [...previous, entry]);
  }, []);

  const setDebug = useCallback((on: boolean) => {
    enabledRef.current = on;
    setSwitched(on);
    writeFlag(on);
    if (on) {
      const added = switchedOn(nextId.current);
      nextId.current += added.length;
      setEntries((previous) => [...previous, ...added]);
    }
  }, []);

  const clear = useCallback(() => setEntries([]), []);

  return { enabled, entries, log, setDebug, clear };
}

export function LoginDebugConsole({ entries, onClear }: { entries: DebugEntry[]; onClear: () => void }) {
  const count = `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
  return (
    <section
      aria-labelledby="login-debug-title"
      className="mt-6 rounded-lg border border-slate-700 bg-slate-900 text-slate-100"
    >
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
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it (WCAG 2.1.1)
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
              {entry.detail && (
                <pre className="mt-1 whitespace-pre-wrap break-words text-slate-300">{entry.detail}</pre>
              )}
            </li>
          ))
        )}
      </ol>
    </section>
  );
}
