/** The editor's 'Insert image': the Markdown it writes, where it goes, and where the caret lands. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '#src/shared/markdown.ts';
import { escapeMarkdownAlt, insertImageAt, markdownImage } from '#src/shared/markdown-image.ts';
import { imageUses } from '#src/shared/media.ts';

const URL = `/media/${'a'.repeat(64)}.png`;
const IMAGE = `![A desk](${URL})`;

describe('insertImageAt', () => {
  it('puts the image in a paragraph of its own at the caret, and the caret just after it', () => {
    const text = 'First words. Second words.';
    const result = insertImageAt(text, 'First words.'.length, URL, 'A desk');
    expect(result.text).toBe(`First words.\n\n${IMAGE}\n\nSecond words.`);
    expect(result.text.slice(0, result.caret)).toBe(`First words.\n\n${IMAGE}`);
  });

  it('adds no blank lines at the start or end of the text, and only what is missing between lines', () => {
    expect(insertImageAt('', 0, URL, 'A desk')).toEqual({ text: IMAGE, caret: IMAGE.length });
    expect(insertImageAt('Text', 4, URL, 'A desk').text).toBe(`Text\n\n${IMAGE}`);
    expect(insertImageAt('Text', 0, URL, 'A desk').text).toBe(`${IMAGE}\n\nText`);
    expect(insertImageAt('One\n\nTwo', 5, URL, 'A desk').text).toBe(`One\n\n${IMAGE}\n\nTwo`);
    expect(insertImageAt('One\nTwo', 4, URL, 'A desk').text).toBe(`One\n\n${IMAGE}\n\nTwo`);
  });

  it('keeps a caret past the end inside the text', () => {
    expect(insertImageAt('Text', 99, URL, 'A desk').text).toBe(`Text\n\n${IMAGE}`);
  });
});

describe('escapeMarkdownAlt', () => {
  it('escapes brackets and backslashes, and keeps the alt text on one line', () => {
    expect(escapeMarkdownAlt('a ] b [ c \\ d')).toBe('a \\] b \\[ c \\\\ d');
    expect(escapeMarkdownAlt(' two\nlines ')).toBe('two lines');
  });

  it('cannot be used to break out of the image: the whole crafted text stays its alt', () => {
    const crafted = 'x](javascript:alert(1)) [click](https://evil.example) \\';
    const html = renderMarkdown(markdownImage(URL, crafted));
    expect(html).toBe(
      `<p><img src="${URL}" alt="x](javascript:alert(1)) [click](https://evil.example) \\" loading="lazy" decoding="async"></p>`,
    );
    expect(html).not.toContain('<a');
  });
});

describe('imageUses', () => {
  it('names the posts that show the image as featured image or in their text, and the team photos, and nothing else', () => {
    const posts = [
      { title: 'Featured', featuredImage: URL, content: 'Words.' },
      { title: 'In the text', featuredImage: null, content: `Before.\n\n${IMAGE}` },
      { title: 'Another image', featuredImage: `/media/${'b'.repeat(64)}.png`, content: 'No image here.' },
    ];
    const team = [{ name: 'Principal Solicitor', photo: URL }, { name: 'Clerk' }];
    expect(imageUses(URL, posts, team)).toEqual([
      'Blog post: Featured',
      'Blog post: In the text',
      "Team section: Principal Solicitor's photo",
    ]);
  });
});
