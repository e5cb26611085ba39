/**
 * Shared pieces for the end-to-end tests. The test server (scripts/test-server.ts)
 * seeds a throwaway store with the demo content and the staff account of
 * scripts/lib/test-seed.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Cookie, type Page } from '@playwright/test';
import { STAFF } from '../../scripts/lib/test-seed.ts';
import { dropReservation, kindOf, takeTurn } from './shared-state.ts';

export { DISPOSABLE_COUNT, DISPOSABLE_TITLE, STAFF } from '../../scripts/lib/test-seed.ts';

/**
 * The turn this worker keeps for the next test of the `alone` or `site` file it is running
 * (shared-state.ts, `Turn`): its file, and the reservation's name.
 */
let reserved: { file: string; name: string } | null = null;

/**
 * Playwright's `test`, with every test waiting for its turn on the shared e2e server: two
 * workers run side by side, and a test that moves the clock or rebuilds the site waits until
 * nothing it would disturb is running (shared-state.ts). The tests of an `alone` or `site`
 * file keep the turn between them, so they run back to back. Specs import `test` from here,
 * never from @playwright/test (ESLint refuses it). The wait has its own time limit, so a test
 * that waited for a long rebuild journey keeps its whole time.
 */
export const test = base.extend<{ sharedState: void }>({
  sharedState: [
    // Playwright reads a fixture's dependencies from this pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const directory = process.env.E2E_LOCK_DIR;
      if (!directory) return use();
      const file = `${testInfo.project.name} ${testInfo.file}`;
      const kind = kindOf(testInfo.file, testInfo.project.name);
      const mine = reserved?.file === file ? reserved.name : undefined;
      if (reserved && !mine) await dropReservation(directory, reserved.name);
      reserved = null;
      const turn = await takeTurn(directory, kind, mine);
      try {
        await use();
      } finally {
        // A reservation nobody takes (the file's last test) lapses after RESERVATION_MS.
        const keep = kind === 'alone' || kind === 'site';
        const name = await turn.release({ reserve: keep });
        if (keep) reserved = { file, name };
      }
    },
    { auto: true, timeout: 30 * 60_000, title: 'wait for a turn on the shared server', box: true },
  ],
});

/** Signs in through the real login page and waits for the admin page. */
export async function signInThroughLoginPage(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(STAFF.username);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Secure Login' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
}

/** The staff session's cookies, kept by this worker process after its first sign-in. */
let staffCookies: Cookie[] | null = null;

/**
 * Opens /admin as the test staff member. The first call in a worker signs in through the login
 * page; later calls put that session's cookies into the test's fresh browser context instead
 * of signing in again, which cost every admin test a page load and a bcrypt check (the login
 * page and the session rules have their own specs, login-*.spec.ts, which sign in and out for
 * real with `signInThroughLoginPage`). A session that no longer answers (a test ended it) is
 * replaced by a new sign-in, so a test never depends on what an earlier one did.
 */
export async function signIn(page: Page) {
  const context = page.context();
  if (staffCookies) {
    await context.addCookies(staffCookies);
    if ((await page.request.get('/api/user')).ok()) {
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
      return;
    }
    await context.clearCookies();
  }
  await signInThroughLoginPage(page);
  staffCookies = await context.cookies();
}

/** Makes the next calls matching `pattern` answer 500, as a failing server would. */
export async function failApi(page: Page, pattern: string | RegExp, method?: string) {
  await page.route(pattern, (route) =>
    !method || route.request().method() === method
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Something went wrong on our side' }),
        })
      : route.fallback(),
  );
}

/**
 * Nothing on the page is wider than the screen. Compares with the viewport the test set, not
 * `innerWidth`: on a phone (isMobile) an overflowing element widens the layout viewport itself,
 * so `scrollWidth <= innerWidth` would still hold.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  const wide = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    layout: innerWidth,
    culprits: [...document.querySelectorAll('body *')]
      .filter(
        (element) =>
          element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 &&
          element.checkVisibility(),
      )
      .slice(0, 3)
      .map((element) => element.outerHTML.slice(0, 80)),
  }));
  expect(
    wide.page,
    `the page is ${wide.page} px wide on a ${width} px screen: ${wide.culprits.join(' | ')}`,
  ).toBeLessThanOrEqual(width);
  expect(wide.layout, 'the layout viewport grew past the screen').toBeLessThanOrEqual(width);
}

/**
 * Axe (WCAG 2.x A/AA and best practice) finds nothing on the page as it is now, or in the
 * part `include` selects. Axe's time grows with the page and with the machine's load (a
 * long admin list on a busy 2-core CI runner took over 40 s), so each run adds its own
 * allowance to the test's time limit instead of eating the test's.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  test.info().setTimeout(test.info().timeout + 60_000);
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(
    violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    })),
  ).toEqual([]);
}

/**
 * Why a journey runs in the desktop project only (`test.skip(isMobile, ONCE)`): its behaviour
 * does not depend on the width, and CI time is better spent elsewhere. Every page and admin
 * tab is still checked at 375 px for layout and axe.
 */
export const ONCE = 'one journey at desktop width: nothing here depends on the width';
