/** The one renderer of post Markdown (src/shared/markdown.ts): what it keeps, and what it makes inert. */
import { describe, expect, it } from 'vitest';
import { markdownText, readingMinutes, renderMarkdown } from '#src/shared/markdown.ts';

/** The rendered HTML parsed the way a browser's tokenizer would see its tags, crudely but enough here. */
const tags = (html: string) =>
  [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/g)].map(([, name, attrs]) => ({ name, attrs }));

describe('renderMarkdown', () => {
  it('gives plain text with blank lines its paragraphs, and nothing else', () => {
    expect(renderMarkdown('First paragraph.\n\nSecond paragraph.\n\n\nThird.')).toBe(
      '<p>First paragraph.</p>\n<p>Second paragraph.</p>\n<p>Third.</p>',
    );
    expect(renderMarkdown('One\n  \nTwo')).toBe('<p>One</p>\n<p>Two</p>');
    // A single line break stays inside its paragraph; the article's CSS shows it as one.
    expect(renderMarkdown('Only one\nline break')).toBe('<p>Only one\nline break</p>');
  });

  it("keeps the author's heading levels: ## is an h2 under the article's h1 title", () => {
    const html = renderMarkdown('## Two\n\n### Three\n\n## Two again\n\n###### Six');
    expect(tags(html).map((tag) => tag.name)).toEqual(['h2', 'h3', 'h2', 'h6']);
  });

  it('moves every heading one level down only in a post that uses #, under the article title', () => {
    const html = renderMarkdown('## Two first\n\n# One\n\n### Three\n\n###### Six');
    expect(tags(html).map((tag) => tag.name)).toEqual(['h3', 'h2', 'h4', 'h6']);
  });

  it('renders lists, emphasis, quotes and code', () => {
    const html = renderMarkdown('- a\n- b\n\n1. one\n2. two\n\n**bold** and _it_\n\n> quoted\n\n`x < y`');
    expect(html).toContain('<ul>\n<li>a</li>\n<li>b</li>\n</ul>');
    expect(html).toContain('<ol>\n<li>one</li>\n<li>two</li>\n</ol>');
    expect(html).toContain('<strong>bold</strong> and <em>it</em>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('<code>x &#x3C; y</code>');
  });

  it('gives links to other sites rel="noopener", and links on this site none', () => {
    const html = renderMarkdown(
      '[NSW Revenue](https://www.revenue.nsw.gov.au/) and [our FAQ](/#faq) and [a post](/blog/stamp-duty)',
    );
    expect(html).toContain('<a href="https://www.revenue.nsw.gov.au/" rel="noopener">NSW Revenue</a>');
    expect(html).toContain('<a href="/#faq">our FAQ</a>');
    expect(html).toContain('<a href="/blog/stamp-duty">a post</a>');
  });

  it('renders a GFM table inside a focusable box that scrolls sideways', () => {
    const html = renderMarkdown('| Price | Duty |\n| --- | ---: |\n| $800,000 | $31,090 |');
    expect(html).toMatch(/^<div class="md-table" tabindex="0" role="group" aria-label="Table"><table>/);
    expect(html).toContain('<th>Price</th>');
    expect(html).toContain('<td align="right">$31,090</td>');
    expect(html).toMatch(/<\/table><\/div>$/);
  });

  it('never lets raw HTML, event handlers or javascript: links through', () => {
    const html = renderMarkdown(
      [
        '<script>alert("script")</script>',
        '<img src="x" onerror="alert(\'onerror\')">',
        '<a href="https://example.org" onclick="alert(1)">raw link</a>',
        '[click me](javascript:alert(1))',
        '![pic](javascript:alert(1))',
        '<iframe src="https://example.org"></iframe>',
        '<style>body{display:none}</style>',
      ].join('\n\n'),
    );
    const found = tags(html);
    for (const name of ['script', 'iframe', 'style']) expect(found.map((tag) => tag.name)).not.toContain(name);
    for (const tag of found) {
      expect(tag.attrs).not.toMatch(/\son[a-z]+=/i);
      expect(tag.attrs).not.toMatch(/javascript:/i);
    }
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:/i);
    // The link's text stays readable; only what could run is gone.
    expect(html).toContain('click me');
  });

  it('keeps a picture with its alt text, loaded lazily (it sits below the fold)', () => {
    expect(renderMarkdown('![A signed contract](/media/abc123.webp)')).toBe(
      '<p><img src="/media/abc123.webp" alt="A signed contract" loading="lazy" decoding="async"></p>',
    );
    // Only the renderer adds them: the source cannot set them (raw HTML is dropped).
    expect(renderMarkdown('<img src="/x.png" loading="eager">')).toBe('');
  });
});

describe('readingMinutes', () => {
  it('counts 200 words a minute, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(150))).toBe(1);
    expect(readingMinutes('word '.repeat(800))).toBe(4);
    // Markdown syntax is not words.
    expect(readingMinutes(`## ${'word '.repeat(400)}\n\n| - | - |`)).toBe(2);
  });
});

describe('markdownText', () => {
  it('gives the words without Markdown syntax or HTML, for a description', () => {
    expect(
      markdownText(
        '## Costs & fees\n\n- **Stamp** duty < $40k\n\n[Revenue NSW](https://www.revenue.nsw.gov.au/)\n\n<script>x</script>',
      ),
    ).toBe('Costs & fees Stamp duty < $40k Revenue NSW');
  });
});
