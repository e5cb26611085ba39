/**
 * ARIA tabs (WAI-ARIA Authoring Practices, automatic activation): Left/Right arrows move
 * and select, Home/End jump to the ends, Tab moves into the panel. A panel mounts the
 * first time its tab is shown and stays mounted, so its list loads once, on first view.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition {
  id: string;
  label: string;
  render: () => ReactNode;
}

export function Tabs({ tabs, label }: { tabs: readonly TabDefinition[]; label: string }) {
  const [active, setActive] = useState(0);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([0]));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number, focus = false) {
    setActive(index);
    setVisited((seen) => (seen.has(index) ? seen : new Set(seen).add(index)));
    if (focus) buttons.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: active === last ? 0 : active + 1,
      ArrowLeft: active === 0 ? last : active - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-slate-300 [scrollbar-width:thin]"
      >
        {tabs.map((tab, index) => {
          const selected = index === active;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={onKeyDown}
              className={`-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap sm:px-4 ${
                selected
                  ? 'border-brand-700 text-brand-900'
                  : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={index !== active}
          tabIndex={0}
          className="pt-6 focus-visible:outline-offset-4"
        >
          {visited.has(index) ? tab.render() : null}
        </div>
      ))}
    </div>
  );
}
