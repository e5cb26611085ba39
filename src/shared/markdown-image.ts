/**
 * Putting an image into a post's Markdown from the editor's 'Insert image' dialog. Pure,
 * so the rules (escaping, own paragraph, caret) are tested without a browser.
 */

/**
 * Alt text made literal inside `![…]`: a backslash or bracket in what staff typed must not
 * end the image syntax early (and turn the rest into a link or stray text). Line breaks
 * become spaces, because an alt text is one line.
 */
export const escapeMarkdownAlt = (alt: string): string =>
  alt
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\\[\]]/g, (character) => `\\${character}`);

/** `![alt](url)`; the URL's spaces and parentheses are percent-encoded so it stays one destination. */
export const markdownImage = (url: string, alt: string): string =>
  `![${escapeMarkdownAlt(alt)}](${url.replace(/[\s()]/g, (character) => encodeURIComponent(character))})`;

export interface Insertion {
  text: string;
  /** Where the caret goes: just after the inserted image. */
  caret: number;
}

/**
 * Inserts the image at the caret as a paragraph of its own (a blank line either side,
 * unless it starts or ends the text), so it never joins the words around it. With a
 * selection, it goes after the selection: nothing staff wrote is replaced.
 */
export function insertImageAt(text: string, selectionEnd: number, url: string, alt: string): Insertion {
  const at = Math.max(0, Math.min(selectionEnd, text.length));
  const before = text.slice(0, at).replace(/[ \t]+$/, '');
  const after = text.slice(at).replace(/^[ \t]+/, '');
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const image = markdownImage(url, alt);
  const head = `${before}${lead}${image}`;
  return { text: `${head}${trail}${after}`, caret: head.length };
}
