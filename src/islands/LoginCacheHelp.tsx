/** The login page's "how to clear your cache" help, shown on request. */
import { useId, useState } from 'react';
import { useHydrated } from '../ui/useHydrated.ts';

const BROWSERS = [
  {
    name: 'Chrome / Edge',
    steps: [
      'Press Ctrl+Shift+Delete (Cmd+Shift+Delete on a Mac).',
      'Set the time range to "All time".',
      'Tick "Cookies and other site data" and "Cached images and files".',
      'Choose "Clear data", then reload this page.',
    ],
  },
  {
    name: 'Firefox',
    steps: [
      'Press Ctrl+Shift+Delete (Cmd+Shift+Delete on a Mac).',
      'Set the time range to "Everything".',
      'Tick "Cookies and site data" and "Temporary cached files and pages".',
      'Choose "Clear", then reload this page.',
    ],
  },
  {
    name: 'Safari',
    steps: [
      'Open Safari > Settings (Preferences) > Privacy.',
      'Choose "Manage Website Data…", find this site and choose "Remove".',
      'Or, with the Develop menu on, choose Develop > Empty Caches (Option+Cmd+E).',
      'Reload this page.',
    ],
  },
] as const;

export function LoginCacheHelp() {
  const [open, setOpen] = useState(false);
  // The button does nothing until the island has hydrated, so it stays off until then.
  const ready = useHydrated();
  const panelId = useId();
  return (
    <div className="mt-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={!ready}
        onClick={() => setOpen((value) => !value)}
        className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        {open ? 'Hide cache-clearing instructions' : 'How to clear your browser cache'}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
      >
        {BROWSERS.map((browser) => (
          <div key={browser.name}>
            <h2 className="font-semibold text-slate-900">{browser.name}</h2>
            <ol className="ml-5 list-decimal space-y-0.5">
              {browser.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </div>
  );
}
