/**
 * FAQ: filter buttons (one active value, default All) and items that
 * open and close independently. The items are <details>: the whole list is there and
 * readable before the island hydrates and without JavaScript. Without JavaScript the filter
 * is a row of links to each category's group, shown alone as the page's target (global.css).
 */
import { useState } from 'react';
import type { FaqCategory, FaqItem } from '../content/faq.ts';

export interface FaqFilterProps {
  items: readonly FaqItem[];
  categories: readonly FaqCategory[];
}

type Filter = 'All' | FaqCategory;

export default function FaqFilter({ items, categories }: FaqFilterProps) {
  const [filter, setFilter] = useState<Filter>('All');

  const shown = categories.filter((category) => filter === 'All' || category === filter);
  // Each question keeps its number in the whole list, so its ids never change with the filter.
  const numbered = items.map((item, index) => ({ item, index }));

  return (
    <div>
      <div role="group" aria-label="Filter questions by category" className="faq-filter-buttons flex flex-wrap gap-2">
        {(['All', ...categories] as const).map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filter === category}
            onClick={() => setFilter(category)}
            className={`${CHIP} ${filter === category ? CHIP_ON : CHIP_OFF}`}
          >
            {category}
          </button>
        ))}
      </div>
      {/* Without JavaScript (global.css, `scripting: none`) the buttons above cannot filter:
          these links go to a category's group of questions, which CSS then shows alone. */}
      <nav aria-label="Questions by category" className="faq-filter-links flex-wrap gap-2">
        <a href="#faq" className={`${CHIP} ${CHIP_OFF}`}>
          All
        </a>
        {categories.map((category) => (
          <a key={category} href={`#${groupId(category)}`} className={`${CHIP} ${CHIP_OFF}`}>
            {category}
          </a>
        ))}
      </nav>
      <div className="faq-list mt-6 space-y-3">
        {shown.map((category) => (
          <ul key={category} id={groupId(category)} className="faq-group scroll-mt-28 space-y-3">
            {numbered
              .filter(({ item }) => item.category === category)
              .map(({ item, index }) => (
                <li
                  key={item.question}
                  className="rounded-xl border border-slate-200 bg-white"
                  data-faq-category={item.category}
                >
                  {/* The browser opens and closes each item itself: readable before the island
                      hydrates (it hydrates when someone reaches for it) and without JavaScript. */}
                  <details className="group">
                    <summary
                      id={`faq-q-${index}`}
                      className="flex w-full cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-brand-900 [&::-webkit-details-marker]:hidden"
                    >
                      <h3>{item.question}</h3>
                      <svg
                        aria-hidden="true"
                        viewBox="0 0 20 20"
                        width="20"
                        height="20"
                        fill="currentColor"
                        className="shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                      >
                        <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" />
                      </svg>
                    </summary>
                    <div id={`faq-a-${index}`} className="px-5 pb-5 text-slate-700">
                      <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">{item.category}</p>
                      <p className="mt-1">{item.answer}</p>
                    </div>
                  </details>
                </li>
              ))}
          </ul>
        ))}
      </div>
    </div>
  );
}

const CHIP = 'min-h-11 rounded-full border-2 px-4 py-2 text-sm font-semibold transition-palette';
const CHIP_ON = 'border-brand-800 bg-brand-800 text-white';
const CHIP_OFF = 'border-slate-300 bg-white text-slate-800 hover:border-brand-600';

/** The id of a category's group of questions, which its link without JavaScript jumps to. */
const groupId = (category: string) => `faq-${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
