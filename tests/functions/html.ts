/**
 * A rendered page read as a browser reads it (parse5, the HTML standard's parser), so tests
 * assert on elements, attributes and text rather than on how the markup happens to be spelt.
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
export type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;

function* walk(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  // A <template>'s content is not part of the page.
  for (const child of children) yield* walk(child);
}

export interface Page {
  all(tag: string): Element[];
  byId(id: string): Element;
  /** Elements whose attribute `name` has this value (or any value). */
  withAttribute(name: string, value?: string): Element[];
}

export function parsePage(html: string): Page {
  const document = parse(html);
  const elements = [...walk(document)];
  return {
    all: (tag) => elements.filter((element) => element.tagName === tag),
    byId: (id) => {
      const found = elements.find((element) => attr(element, 'id') === id);
      if (!found) throw new Error(`no element #${id}`);
      return found;
    },
    withAttribute: (name, value) =>
      elements.filter((element) =>
        element.attrs.some((a) => a.name === name && (value === undefined || a.value === value)),
      ),
  };
}

export const attr = (element: Element, name: string): string | undefined =>
  element.attrs.find((a) => a.name === name)?.value;

/** The element's text as a reader gets it: entities decoded, `<br>` as a line break. */
export function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if (isElement(node) && node.tagName === 'br') return '\n';
  const children = 'childNodes' in node ? node.childNodes : [];
  return children.map(textOf).join('');
}

/** The whole page's text. */
export const pageText = (html: string): string => textOf(parse(html));

/** Every attribute value in the page, with the element and attribute it sits on. */
export function attributeValues(html: string): { tag: string; name: string; value: string }[] {
  return [...walk(parse(html))].flatMap((element) =>
    element.attrs.map((a) => ({ tag: element.tagName, name: a.name, value: a.value })),
  );
}
