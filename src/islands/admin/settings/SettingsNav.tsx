/**
 * The list of Settings' sections: real links (each section has an address, so one opens in a
 * new tab, is copied or bookmarked), the current one marked `aria-current`. A plain click
 * stays in the page and adds a step to the history.
 */
import type { MouseEvent } from 'react';
import { sectionHref, type SETTINGS_SECTIONS, type SettingsSection } from './settings-sections.ts';

export function SettingsNav({
  sections,
  current,
  onOpen,
}: {
  sections: readonly (typeof SETTINGS_SECTIONS)[number][];
  current: SettingsSection;
  onOpen: (section: SettingsSection) => void;
}) {
  const open = (event: MouseEvent<HTMLAnchorElement>, section: SettingsSection) => {
    // A modified click (new tab, new window) is the browser's to handle.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(section);
  };
  return (
    <nav aria-label="Settings sections" className="lg:w-56 lg:shrink-0">
      <ul className="grid grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-cols-1">
        {sections.map(({ id, label }) => {
          const selected = id === current;
          return (
            <li key={id}>
              <a
                href={sectionHref(id)}
                aria-current={selected ? 'page' : undefined}
                onClick={(event) => open(event, id)}
                className={`flex min-h-11 items-center rounded-lg border px-3 py-2 text-sm font-semibold ${
                  selected
                    ? 'border-brand-700 bg-brand-50 text-brand-900'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:text-slate-900 lg:border-transparent'
                }`}
              >
                {label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
