/**
 * The engagement page's summary (`What you will pay`) read as a browser parses it: each
 * line's label and the amount beside it, in order.
 */
import { attr, parsePage, textOf, type Element } from './html.ts';

const elementsIn = (element: Element): Element[] =>
  element.childNodes.filter((child): child is Element => 'tagName' in child);

function* descendants(element: Element): Generator<Element> {
  for (const child of elementsIn(element)) {
    yield child;
    yield* descendants(child);
  }
}

const hasClass = (element: Element, name: string) => attr(element, 'class')?.split(' ').includes(name) ?? false;

export function summaryOf(html: string): Record<string, string> {
  const section = parsePage(html).withAttribute('aria-labelledby', 'summary-heading')[0];
  if (!section) throw new Error('no summary on the page');
  const lines: Record<string, string> = {};
  for (const line of [...descendants(section)].filter((element) => hasClass(element, 'summary-line'))) {
    const label = elementsIn(line).find((element) => element.tagName === 'dt')!;
    const amount = [...descendants(line)].find((element) => hasClass(element, 'amount'))!;
    lines[textOf(label)] = textOf(amount);
  }
  return lines;
}
