/**
 * The top of an article as visitors see it: its title, the byline (date published and reading
 * time) and its featured image. The pre-rendered article (src/pages/blog/[slug].astro)
 * renders it statically, with no JavaScript, and the blog editor's preview renders the same
 * component, so a preview cannot drift from the page.
 *
 * The image comes from Netlify Image CDN at the width of the article's column, AVIF where the
 * browser takes it, else WebP (src/shared/image-cdn.ts); it is the largest thing above the
 * fold, so it loads first, sized from the upload so the page never shifts.
 */
import { formatLongDate } from '../lib/dates.ts';
import { cdnImageUrl, cdnSrcset, cdnWidths } from '../shared/image-cdn.ts';
import type { FeaturedImage } from '../shared/site-content.ts';

/** The article's column: max-w-3xl less its padding. */
const SIZES = '(min-width: 48rem) 44rem, calc(100vw - 2rem)';

export function ArticleImage({ image }: { image: FeaturedImage }) {
  // The fallback `src` for browsers without srcset: a middling copy, never the upload itself.
  const fallbackWidth = cdnWidths(image.width).find((width) => width >= 640) ?? image.width;
  return (
    <picture>
      <source type="image/avif" srcSet={cdnSrcset(image.src, image.width, 'avif')} sizes={SIZES} />
      <img
        src={cdnImageUrl(image.src, fallbackWidth, 'webp')}
        srcSet={cdnSrcset(image.src, image.width, 'webp')}
        sizes={SIZES}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className="mt-8 h-auto max-w-full rounded-2xl bg-slate-100"
        data-featured-image=""
      />
    </picture>
  );
}

export interface ArticleLeadProps {
  title: string;
  /** When it was published (a day or an instant; postDate()): shown as "21 November 2026". */
  date: string | undefined;
  /** Reading time in minutes (readingMinutes()). */
  minutes: number;
  image: FeaturedImage | null;
}

export function ArticleLead({ title, date, minutes, image }: ArticleLeadProps) {
  const published = formatLongDate(date);
  return (
    <>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-slate-600">
        {published ? (
          <>
            Published <time dateTime={date}>{published}</time>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        <span data-reading-time="">{minutes} min read</span>
      </p>
      {image ? <ArticleImage image={image} /> : null}
    </>
  );
}
