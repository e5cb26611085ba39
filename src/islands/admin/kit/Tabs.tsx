/**
 * ARIA tabs (WAI-ARIA Authoring Practices, automatic activation): Left/Right arrows move
 * and select, Home/End jump to the ends, Tab moves into the panel. A panel mounts the
 * first time its tab is shown and stays mounted, so its list loads once, on first view.
 * Below the width where all the tabs fit on one line they wrap into a grid: a tab bar that
 * scrolls sideways hid half of them on a phone with nothing to say so.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabDefinition {
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * `initial`: the id of the tab shown first (a link into one: `/admin?matter=…` opens Matters);
 * `onSelect` hears each tab chosen (the portal keeps it in the address).
 */
export function Tabs({
  tabs,
  label,
  initial,
  onSelect,
}: {
  tabs: readonly TabDefinition[];
  label: string;
  initial?: string | undefined;
  onSelect?: (id: string) => void;
}) {
  const first = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === initial),
  );
  const [active, setActive] = useState(first);
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([first]));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number, focus = false) {
    setActive(index);
    setVisited((seen) => (seen.has(index) ? seen : new Set(seen).add(index)));
    onSelect?.(tabs[index]!.id);
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
        className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:flex lg:gap-1 lg:border-b lg:border-slate-300"
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
              className={`min-h-11 rounded-lg border px-3 py-2 text-sm font-semibold lg:-mb-px lg:shrink-0 lg:rounded-none lg:border-0 lg:border-b-2 lg:px-4 lg:py-2.5 lg:whitespace-nowrap ${
                selected
                  ? 'border-brand-700 bg-brand-50 text-brand-900 lg:bg-transparent'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:text-slate-900 lg:border-transparent lg:bg-transparent'
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
