/**
 * The one document every page a function renders lives in (the engagement, the identity
 * details, their error pages): the site's own stylesheet, the practice's name at the top,
 * and the head that keeps a personal link out of search engines and Referers. Rendered with
 * React's `renderToStaticMarkup`, which escapes every text and attribute value, so nothing a
 * client or staff member typed can become markup (docs/decisions/023-server-pages-from-components.md).
 *
 * No script, no inline style: the site's CSP allows neither, and these pages need neither.
 */
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { sydneyFormat } from '#src/shared/sydney-time.ts';
import { LogoMark } from '#src/ui/LogoMark.tsx';

/** Where the build puts the site's stylesheet for these pages (src/pages/styles/site.css.ts). */
export const SITE_STYLESHEET = '/styles/site.css';

/** "23 November 2026 at 6:30 pm": the practice is in Sydney, and so is the record. */
const sydneyDateTime = sydneyFormat('en-AU', { dateStyle: 'long', timeStyle: 'short' });
export const formatSydney = (iso: string): string => `${sydneyDateTime.format(new Date(iso))} (Sydney time)`;

/** A dialable `tel:` address from the number as the practice writes it. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={telHref(phone)}>{phone}</a>;
}

export interface PageDocumentProps {
  title: string;
  /** The practice's name for the header; unknown on a link that opens nothing. */
  practiceName?: string;
  /**
   * `no-referrer` (the default) keeps a personal link out of Referers. A page with no secret
   * in its address whose form posts to a route that checks the origin needs `same-origin`:
   * under `no-referrer` a browser sends `Origin: null`, which that check refuses.
   */
  referrer?: 'no-referrer' | 'same-origin';
  children: ReactNode;
}

export function PageDocument({ title, practiceName, referrer = 'no-referrer', children }: PageDocumentProps) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content={referrer} />
        <title>{title}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={SITE_STYLESHEET} />
      </head>
      <body className="client-page">
        <a
          className="skip-link sr-only bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-4"
          href="#main"
        >
          Skip to the content
        </a>
        {/* The public site's header, as Logo.astro draws it: the same mark, name and white bar. */}
        <header className="page-header border-b border-slate-200 bg-white py-3">
          <div className="mx-auto flex w-full max-w-2xl items-center px-4">
            <a
              href="/"
              className="logo-mark flex items-center gap-2 rounded-md text-brand-900 no-underline"
              aria-label={practiceName ? `${practiceName} – home` : 'Home'}
            >
              <LogoMark />
              <span className="flex flex-col leading-tight">
                <span className="text-base font-bold">{practiceName ?? 'Costs agreement'}</span>
                <span className="text-xs text-slate-600">Conveyancing &amp; property law</span>
              </span>
            </a>
          </div>
        </header>
        <main id="main" className="mx-auto w-full max-w-2xl px-4 pt-6 pb-12">
          {children}
        </main>
      </body>
    </html>
  );
}

/** The page as the answer's body: a complete HTML document. */
export const renderPage = (page: ReactElement): string => `<!doctype html>\n${renderToStaticMarkup(page)}\n`;
