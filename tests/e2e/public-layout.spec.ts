/** Layout defects a visitor once met: no sideways scrolling at any width, floating pieces never cover a form or the FAQ. */
import { test } from './fixtures.ts';
import { expect, type Page } from '@playwright/test';
import { SEEDED, scrollToY } from './public-helpers.ts';

const PAGES = ['/', '/blog', `/blog/${SEEDED.newest.slug}`, '/privacy', '/login'];

/** 320…1920 px every 40 px, plus the portrait-tablet widths where the header used to overflow. */
const WIDTHS = [
  ...new Set([...Array.from({ length: 41 }, (_, i) => 320 + i * 40), 768, 800, 810, 834, 880, 1023, 1024]),
].sort((a, b) => a - b);

/** What is wrong with the layout at this width: sideways scrolling, or header controls cut off. */
const layoutProblems = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const { scrollWidth } = document.documentElement;
    if (scrollWidth > innerWidth) problems.push(`page is ${scrollWidth} px wide`);
    for (const control of document.querySelectorAll<HTMLElement>('[data-site-header] a, [data-site-header] button')) {
      if (!control.checkVisibility()) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < -0.5 || box.right > innerWidth + 0.5) {
        problems.push(
          `header "${control.textContent?.trim() || control.getAttribute('aria-label')}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
      }
    }
    return problems;
  });

test('no page scrolls sideways or clips its header at any width from 320 to 1920 px', async ({ page }) => {
  // Desktop only: the sweep sets its own widths.
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const path of PAGES) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const problem of await layoutProblems(page)) failures.push(`${path} at ${width} px: ${problem}`);
      // Every width offers the navigation: the drawer's button below 1024 px, the full bar above.
      if (path !== '/login') {
        const navigation =
          width < 1024
            ? page.getByRole('button', { name: 'Open menu' })
            : page.getByRole('navigation', { name: 'Main' });
        if (!(await navigation.isVisible())) failures.push(`${path} at ${width} px: no navigation`);
      }
    }
  }
  expect(failures).toEqual([]);
});

/** What covers the centre of `element` (null when the element itself or a descendant is on top). */
const coveredBy = (page: Page, selector: string, index: number) =>
  page.evaluate(
    ([selector, index]) => {
      const element = document.querySelectorAll(selector)[index]!;
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || element === hit || element.contains(hit)) return null;
      const floating = hit.closest('[data-sticky-cta], [data-back-to-top], [data-site-header]');
      return (floating ?? hit).outerHTML.slice(0, 80);
    },
    [selector, index] as const,
  );

test(
  'the sticky call to action and back-to-top never cover a form control, the privacy notice or a FAQ chevron',
  { tag: '@phone' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const cta = page.locator('[data-sticky-cta]');
    // Past the hero, the call to action shows.
    await page.locator('#process').scrollIntoViewIfNeeded();
    await expect(cta).toBeVisible();
    await expect(page.locator('[data-back-to-top]')).toBeVisible();

    const targets = [
      '#contact form :is(input, select, textarea, button)',
      '#contact p:has(> a[href="/privacy/"])',
      '#faq summary svg',
    ];
    const failures: string[] = [];
    for (const selector of targets) {
      const count = await page.locator(selector).count();
      expect(count, selector).toBeGreaterThan(0);
      for (let index = 0; index < count; index++) {
        const element = page.locator(selector).nth(index);
        if (!(await element.isVisible())) continue; // the honeypot
        // Near the bottom edge of the screen, where the floating pieces sit, is the worst place.
        for (const gap of [0, 40, 80, 120, 160]) {
          await element.evaluate((node, gap) => {
            scrollBy({ top: node.getBoundingClientRect().bottom - (innerHeight - gap), behavior: 'instant' });
          }, gap);
          await expect
            .poll(() => coveredBy(page, selector, index), { timeout: 2_000 })
            .toBeNull()
            .catch(async () =>
              failures.push(
                `${selector} #${index}, ${gap} px above the bottom, is covered by ${await coveredBy(page, selector, index)}`,
              ),
            );
        }
      }
    }
    expect(failures).toEqual([]);

    // Away from the forms and the FAQ the call to action is back.
    await scrollToY(page, 0);
    await page.locator('#process').scrollIntoViewIfNeeded();
    await expect(cta).toBeVisible();
    await expect(cta.getByRole('link', { name: 'Get My Quote' })).toBeVisible();
  },
);

/**
 * At each of several scroll positions: how much of the screen's bottom the floating pieces
 * take, and every visible link, button or field in the content one of them covers.
 */
const floatingReport = (page: Page) =>
  page.evaluate(() => {
    const pieces = [...document.querySelectorAll<HTMLElement>('[data-sticky-cta], [data-back-to-top]')].filter(
      (piece) => piece.checkVisibility({ visibilityProperty: true }),
    );
    const boxes = pieces.map((piece) => piece.getBoundingClientRect());
    const band = boxes.length ? innerHeight - Math.min(...boxes.map((box) => box.top)) : 0;
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'main :is(a[href], button, input, select, textarea, summary):not([data-back-to-top], [data-sticky-cta] *)',
    );
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true })) continue;
      // Box by box: a link that wraps is two boxes, not the rectangle around both lines.
      const own = [...control.getClientRects()].filter((rect) => rect.width > 0);
      // A pixel's rounding is not covering: at least 2 px each way.
      const overlaps = (a: DOMRect, b: DOMRect) =>
        Math.min(a.right, b.right) - Math.max(a.left, b.left) >= 2 &&
        Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) >= 2;
      if (own.some((rect) => boxes.some((box) => overlaps(rect, box)))) {
        covered.push(
          (control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName).slice(0, 40),
        );
      }
    }
    return { band, covered };
  });

test(
  'on a phone the floating pieces take at most a tenth of the screen and never cover a control',
  { tag: '@phone-only' },
  async ({ page }) => {
    // Phone only: the full-width bar is the phone layout.
    test.setTimeout(120_000);
    const failures: string[] = [];
    // The landing page last: the check after the loop is made on it, without loading it again.
    for (const path of ['/quote', `/blog/${SEEDED.newest.slug}`, '/']) {
      await page.goto(path);
      for (let step = 1; step <= 12; step++) {
        // The landing page's sections take their real heights as they render, so each position
        // is a share of the page as long as it is now (a fixed y could lie past its end).
        const y = await page.evaluate((share) => {
          const top = Math.round((document.documentElement.scrollHeight - innerHeight) * share);
          scrollTo({ top, behavior: 'instant' });
          return top;
        }, step / 12);
        await expect
          .poll(
            async () => {
              const { band, covered } = await floatingReport(page);
              return [...(band > 812 * 0.1 ? [`band ${Math.round(band)} px`] : []), ...covered];
            },
            { timeout: 3_000 },
          )
          .toEqual([])
          .catch(async () =>
            failures.push(
              `${path} at ${y} px: ${JSON.stringify(await floatingReport(page))} ${await page.evaluate(() =>
                JSON.stringify(
                  [...document.querySelectorAll('[data-back-to-top], [data-sticky-cta]')].map((piece) => [
                    piece.hasAttribute('data-covering'),
                    piece.getBoundingClientRect().toJSON(),
                  ]),
                ),
              )}`,
            ),
          );
      }
    }
    expect(failures).toEqual([]);
    // Where nothing is under it, the call to action is there, one row high.
    await page.locator('#process').scrollIntoViewIfNeeded();
    const cta = page.locator('[data-sticky-cta]');
    await expect(cta).toBeVisible();
    expect((await cta.boundingBox())!.height).toBeLessThanOrEqual(64);
  },
);
