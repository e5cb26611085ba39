/**
 * Helpers for the public-site journeys (public-*.spec.ts). The test server shares one
 * store with the admin journeys, which may add posts: never rely on exact counts.
 */
import { expect, type Locator, type Page, type Route } from '@playwright/test';

/** The seeded published posts (scripts/seed/demo-content.ts), newest first, and the draft. */
export const SEEDED = {
  newest: {
    slug: 'nsw-cooling-off-period-explained',
    title: 'The NSW Cooling-Off Period Explained',
    date: '2 October 2026',
  },
  older: { slug: 'what-is-a-section-10-7-certificate', title: 'What Is a Section 10.7 Planning Certificate?' },
  draft: { slug: 'settlement-day-checklist', title: 'Settlement Day Checklist (Draft)' },
} as const;

/** One page of each kind the public site serves: the landing page, the blog's, the forms' ends, a 404. */
export const PAGE_KINDS = [
  '/',
  '/blog',
  `/blog/${SEEDED.newest.slug}`,
  '/blog/tag/x',
  '/quote',
  '/privacy',
  '/thanks',
  '/enquiry-error',
  '/no-such-page',
] as const;

/**
 * Reaches for the React island around `inner` (focus, as a visitor tabbing or tapping
 * into it would: the public islands hydrate on first interaction) and waits until it
 * has hydrated.
 */
export async function hydrated(inner: Locator) {
  await inner.scrollIntoViewIfNeeded();
  await inner.focus();
  await expect(inner.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr');
}

/**
 * Expects the page to have (smoothly) scrolled to the element with `id`: its top near
 * the top of the viewport, or, when the page cannot scroll that far, the page at its end
 * with the element on screen.
 */
export async function expectScrolledTo(page: Page, id: string) {
  await expect
    .poll(
      () =>
        page.evaluate((target) => {
          const element = document.getElementById(target);
          if (!element) return 'missing';
          const { top } = element.getBoundingClientRect();
          // A landing section's scroll margin may be negative: its padding goes under the header.
          const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
          const atEnd = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
          return (top >= Math.min(-4, margin - 4) && top <= 130) || (atEnd && top < innerHeight)
            ? 'there'
            : `top=${Math.round(top)}`;
        }, id),
      { message: `scrolled to #${id}` },
    )
    .toBe('there');
}

/** Scrolls the window to `y` and waits until it is there. */
export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(y);
}

export { expectNoAxeViolations } from './fixtures.ts';

/** Counts the JavaScript a page loads: script responses as sent plus its inline scripts, gzipped. */
export function watchScripts(page: Page) {
  const external: Promise<{ path: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    external.push(
      request.sizes().then((sizes) => ({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize })),
    );
  });
  return async () => {
    const loaded = await Promise.all(external);
    const inline = await page.evaluate(async () => {
      let total = 0;
      for (const script of document.querySelectorAll<HTMLScriptElement>('script:not([src])')) {
        if (script.type && !/^(module|text\/javascript)$/i.test(script.type)) continue;
        const gzip = new Blob([script.textContent ?? '']).stream().pipeThrough(new CompressionStream('gzip'));
        total += (await new Response(gzip).arrayBuffer()).byteLength;
      }
      return total;
    });
    return {
      paths: loaded.map((script) => script.path),
      bytes: inline + loaded.reduce((sum, script) => sum + script.bytes, 0),
    };
  };
}

/**
 * Holds requests for an island's code (`chunk`) until `release`, so a test's first tap
 * surely comes before the island can hydrate (the handler returns at once: other requests go on).
 */
export async function holdIsland(page: Page, chunk: RegExp) {
  const held: Route[] = [];
  let released = false;
  await page.route(chunk, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    requested: () => held.length > 0 || released,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Every request to the enquiry endpoint, as `METHOD content-type`. */
export function watchEnquiryPosts(page: Page) {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/contact')) {
      posts.push(`${request.method()} ${request.headers()['content-type'] ?? ''}`);
    }
  });
  return posts;
}
