/**
 * Shared pieces for the end-to-end tests. The test server (scripts/test-server.ts)
 * seeds a throwaway store with the demo content and the staff account of
 * scripts/lib/test-seed.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Cookie, type Page } from '@playwright/test';
import { STAFF } from '#scripts/lib/test-seed.ts';
import { e2eServer, type E2eServer } from './servers.ts';

export { DISPOSABLE_COUNT, DISPOSABLE_TITLE, STAFF } from '#scripts/lib/test-seed.ts';

/**
 * Playwright's `test`, with each worker talking to its own e2e server (tests/e2e/servers.ts,
 * decision 050): `baseURL`, and with it `page.goto('/…')` and `request`, are that server's, so
 * a test that moves the clock or rebuilds the site disturbs no test of another worker. Specs
 * import `test` from here, never from @playwright/test (ESLint refuses it).
 */
export const test = base.extend<{ server: E2eServer }>({
  // Playwright reads a fixture's dependencies from this pattern: these have none.
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use, testInfo) => use(e2eServer(testInfo.parallelIndex)),
  baseURL: async ({ server }, use) => use(server.url),
});

/**
 * Puts this worker's server back to the seeded site: its store and its built site as they were
 * after seeding and the first build (scripts/lib/server.ts, `testSeededSite`), so the tests
 * after see exactly that. For a test that changed the public site and saw the rebuild: called
 * in its `finally` (or `afterEach`), it replaces a second rebuild that only put the change
 * back. A rebuild under way is aborted (it built a change this undoes). Everything the store
 * held goes, the staff session too (`signIn` signs in again).
 */
export async function restoreSeededSite(request: APIRequestContext) {
  const token = process.env.E2E_CLOCK_TOKEN;
  if (!token) throw new Error('E2E_CLOCK_TOKEN is not set: run the tests through playwright.config.ts');
  const response = await request.post(`/.netlify/local/seeded-site/${token}`, { timeout: 180_000 });
  expect(response.status(), await response.text()).toBe(200);
  staffCookies = null;
}

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
