/**
 * The one Markdown renderer for blog posts: the build renders articles with it, and the
 * editor's Preview renders with it too, so what staff preview is what visitors get.
 *
 * CommonMark with GFM (tables, task lists, strikethrough, autolinks). Raw HTML in the
 * source is never passed through: remark-rehype drops it, and rehype-sanitize (GitHub's
 * schema) removes anything else that could run, such as `javascript:` links or `on*`
 * attributes. Headings keep the author's levels (`##` is an `<h2>` under the title's `<h1>`);
 * only a post that uses `#` moves down a level, because the title is the article's one `<h1>`.
 * Links to other sites get `rel="noopener"`. Tables come wrapped in a focusable box that
 * scrolls sideways, so a wide table on a phone neither widens the page nor hides columns
 * from keyboard users. Images in the text load lazily (they sit below the fold, under the
 * title and the featured image), with their size where the caller knows it.
 */
import rehypeExternalLinks from 'rehype-external-links';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { cdnSrcset } from './image-cdn.ts';
import { mediaKeyOf } from './media.ts';

/** An image in the text spans the article's column (src/ui/ArticleLead.tsx). */
const INLINE_IMAGE_SIZES = '(min-width: 48rem) 44rem, calc(100vw - 2rem)';

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** In a post that has a `# Heading`, every heading moves one level down (`#` to `<h2>`, … to `<h6>`). */
function demoteHeadings() {
  const headings: HastNode[] = [];
  const collect = (node: HastNode) => {
    if (node.type === 'element' && node.tagName && /^h[1-6]$/.test(node.tagName)) headings.push(node);
    node.children?.forEach(collect);
  };
  return (tree: HastNode) => {
    headings.length = 0;
    collect(tree);
    if (!headings.some((heading) => heading.tagName === 'h1')) return;
    for (const heading of headings) heading.tagName = `h${Math.min(Number(heading.tagName!.slice(1)) + 1, 6)}`;
  };
}

/**
 * Puts each `<table>` in `<div class="md-table" tabindex="0" role="group">`. Runs after the
 * sanitiser, which would strip these attributes, and adds nothing from the source.
 */
function scrollableTables() {
  const visit = (node: HastNode) => {
    node.children = node.children?.map((child) => {
      if (child.type === 'element' && child.tagName === 'table') {
        return {
          type: 'element',
          tagName: 'div',
          properties: { className: ['md-table'], tabIndex: 0, role: 'group', ariaLabel: 'Table' },
          children: [child],
        };
      }
      visit(child);
      return child;
    });
  };
  return (tree: HastNode) => visit(tree);
}

/** An image's size in pixels, when the renderer's caller knows it (the build does; the preview need not). */
export type ImageSize = (src: string) => { width: number; height: number } | undefined;

/**
 * Adds `loading="lazy"` and `decoding="async"` to each `<img>`, and its `width` and `height`
 * where the caller gave `imageSize`, so the text below does not jump when it loads; an upload
 * of known size also gets WebP copies from the image CDN in `srcset` (src/shared/image-cdn.ts).
 * After the sanitiser, which drops these attributes.
 */
function inlineImages() {
  return (tree: HastNode, file: { data: Record<string, unknown> }) => {
    const imageSize = file.data.imageSize as ImageSize | undefined; // renderMarkdown puts it there
    const visit = (node: HastNode) => {
      if (node.type === 'element' && node.tagName === 'img') {
        const src = typeof node.properties?.src === 'string' ? node.properties.src : undefined;
        const size = src ? imageSize?.(src) : undefined;
        const responsive =
          src && size && mediaKeyOf(src)
            ? { srcSet: cdnSrcset(src, size.width, 'webp'), sizes: INLINE_IMAGE_SIZES }
            : {};
        node.properties = { ...node.properties, ...size, ...responsive, loading: 'lazy', decoding: 'async' };
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype) // without allowDangerousHtml: raw HTML in the source is dropped
  .use(rehypeSanitize)
  .use(demoteHeadings)
  .use(scrollableTables)
  .use(inlineImages)
  .use(rehypeExternalLinks, { rel: ['noopener'] })
  .use(rehypeStringify)
  .freeze();

/** A post's Markdown as safe HTML; `imageSize` gives images in the text their width and height. */
export function renderMarkdown(markdown: string, imageSize?: ImageSize): string {
  return String(processor.processSync({ value: markdown, data: { imageSize } }));
}

/** Minutes to read `markdown` at 200 words a minute, at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / 200));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A post's Markdown as plain words (for a description when a post has no excerpt): no markup, no syntax. */
export function markdownText(markdown: string): string {
  return renderMarkdown(markdown)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (entity, hex?: string, dec?: string, name?: string) =>
      hex
        ? String.fromCodePoint(parseInt(hex, 16))
        : dec
          ? String.fromCodePoint(Number(dec))
          : (ENTITIES[name!.toLowerCase()] ?? entity),
    )
    .replace(/\s+/g, ' ')
    .trim();
}
