/**
 * The strict Content-Security-Policy: every page is served with `script-src
 * 'self'` plus hashes and no inline allowance, and runs without a single violation or
 * console message, with its islands hydrated (at desktop width) and, on a phone, the drawer opened.
 * The public pages come from the sitemap, so pages added later are checked too.
 */
import { expect, type Page } from '@playwright/test';
import { STAFF, test } from './fixtures.ts';
import { openTab } from './admin-helpers.ts';
import { PAGE_KINDS } from './public-helpers.ts';

/** Every page in the sitemap, as a path on the test server. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const index = await (await page.request.get('/sitemap-index.xml')).text();
  const paths = new Set<string>();
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await page.request.get(new URL(sitemap!).pathname)).text();
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.add(new URL(url!).pathname);
  }
  return [...paths];
}

/** Collects CSP violations and console messages from the moment the page starts loading. */
async function watchPolicy(page: Page) {
  const problems: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`,
      );
    });
  });
  page.on('console', (message) => {
    // A 401 from the session probe or the 404 pages' own status is the network, not the page.
    if (/^Failed to load resource: the server responded with a status of (401|404)\b/.test(message.text())) return;
    problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

function expectStrictPolicy(policy: string | undefined, path: string) {
  expect(policy, `${path} has a Content-Security-Policy`).toBeTruthy();
  const directives = new Map(
    policy!.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  const scripts = directives.get('script-src') ?? [];
  expect(scripts[0], path).toBe("'self'");
  expect(
    scripts.slice(1).every((value) => /^'sha256-[\w+/=]+'$/.test(value)),
    `${path}: script-src ${scripts.join(' ')}`,
  ).toBe(true);
  expect(policy, path).not.toContain('unsafe-inline');
  expect(policy, path).not.toContain('unsafe-eval');
  expect(directives.get('style-src')?.[0], path).toBe("'self'");
  expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
}

/**
 * Lets every island hydrate, so that all of their code runs under the policy: an island
 * that waits for interaction gets a `focusin` (what a keyboard user's Tab gives it), one
 * that waits to be seen is brought into view (a fast scroll can pass it between two frames),
 * and the toaster follows the first of them. Waits until each has lost `ssr`.
 */
async function hydrateIslands(page: Page) {
  for (;;) {
    // Found and woken in one step: an island may hydrate at any moment.
    const uid = await page.evaluate(() => {
      const island =
        document.querySelector('astro-island[ssr]:not([client="companion"])') ??
        document.querySelector('astro-island[ssr]');
      if (!island) return null;
      if (island.getAttribute('client') === 'interaction') {
        island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      } else {
        // An island is `display: contents`: its first element is what the observer watches.
        (island.firstElementChild ?? island).scrollIntoView({ block: 'center' });
      }
      return island.getAttribute('uid');
    });
    if (uid === null) return;
    await expect(page.locator(`astro-island[uid="${uid}"]`)).not.toHaveAttribute('ssr');
  }
}

// Untagged (desktop): the policy, the pages' scripts and their islands are the same HTML at
// every width; what only a phone runs, the drawer, has its own test below.
test('every public page runs under the strict policy without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = await watchPolicy(page);
  const paths = [...(await sitemapPaths(page)), '/blog/no-such-article', '/no/such/page', '/v2/faq'];
  expect(paths).toContain('/');
  for (const path of paths) {
    const response = await page.goto(path);
    expectStrictPolicy(response?.headers()['content-security-policy'], path);
    await hydrateIslands(page);
    expect(problems, `after ${path}`).toEqual([]);
  }
});

/** The drawer is the layout's, on every page: one page of each kind, and /v2's landing page. */
const PHONE_PAGES = [...PAGE_KINDS, '/v2/faq'];

test(
  'on a phone, the menu wakes on its first tap and opens under the strict policy on every kind of page',
  { tag: '@phone-only' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const problems = await watchPolicy(page);
    for (const path of PHONE_PAGES) {
      await page.goto(path);
      // Untouched, nothing has hydrated: the menu's island wakes on this tap, which still opens it.
      await expect(page.locator('astro-island:not([ssr])'), path).toHaveCount(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' }), path).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Menu' }), path).toBeHidden();
      expect(problems, `after ${path}`).toEqual([]);
    }
  },
);

// Untagged (desktop): the staff pages' policy and scripts do not depend on the width.
test('the staff pages run under the strict policy without a violation', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = await watchPolicy(page);
  const login = await page.goto('/login');
  expectStrictPolicy(login?.headers()['content-security-policy'], '/login');
  await hydrateIslands(page);
  await page.getByLabel('Username').fill(STAFF.username);
  await page.getByLabel('Password', { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: 'Secure Login' }).click();
  // The first call to the login function may wait for its bundle on a busy machine.
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: 60_000 });
  const admin = await page.reload();
  expectStrictPolicy(admin?.headers()['content-security-policy'], '/admin');
  for (const tab of [
    'Contact Requests',
    'Matters',
    'Testimonials',
    'Services',
    'Blog Posts',
    'Lead Management',
    'Settings',
  ]) {
    await openTab(page, tab);
  }
  await hydrateIslands(page);
  expect(problems).toEqual([]);
});
