/**
 * Helpers for the staff-portal journeys (login-*.spec.ts, admin-*.spec.ts). The files of one
 * worker share its server's seeded store (decision 050), so each test creates its own data
 * with a unique name and never relies on counts or order across files.
 */
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';

/** The API answered `status` (200 unless given); its body is the message when it did not. */
export const ok = async (response: APIResponse, status = 200) =>
  expect(response.status(), await response.text()).toBe(status);

/** A short suffix that makes names and slugs unique across tests, projects and runs. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The toast showing `text` (title or description). */
export const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const shown = toast(page, description ?? title);
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(title);
}

/** Selects a tab of /admin by its name and waits until its panel shows. */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Opens Settings at one of its sections (by its name in the sections' list) and answers the
 * Settings panel, once that section is the one shown.
 */
export async function openSettingsSection(page: Page, name: string) {
  const panel = await openTab(page, 'Settings');
  const link = panel.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name, exact: true });
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'page');
  return panel;
}

export { expectNoAxeViolations } from './fixtures.ts';

/** Sends an enquiry as a visitor would (the contact-section form's payload). */
export async function createEnquiry(request: APIRequestContext, firstName: string, lastName: string) {
  const response = await request.post('/api/contact', {
    data: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '(02) 5550 0199',
      serviceType: 'residential-purchase',
      propertyAddress: '1 Test Street, Castle Hill NSW 2154',
      message: 'Please call me about my purchase.',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

interface BuildStatus {
  lastRequestedAt: string | null;
  pending: boolean;
}

/**
 * Waits until the requested rebuild of the public site has finished (the test server
 * rebuilds dist/ itself). `request` must carry the staff session.
 */
export async function waitForRebuild(request: APIRequestContext, timeout = 180_000) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/site-builds');
        if (!response.ok()) return `HTTP ${response.status()}`;
        const status = (await response.json()) as BuildStatus;
        return status.pending ? 'pending' : 'done';
      },
      { timeout, intervals: [1000, 2000] },
    )
    .toBe('done');
}

/**
 * Waits until the public page at `path` reflects a change, i.e. the rebuild that the change
 * asked for has gone live. Polls the page itself rather than trusting the status alone.
 */
export async function waitForPublicPage(
  request: APIRequestContext,
  path: string,
  /** `status` is left out where the local server's answer differs from Netlify's. */
  expected: { status?: number; text: string },
  timeout = 180_000,
) {
  await expect
    .poll(
      async () => {
        const response = await request.get(path);
        const body = await response.text();
        return (expected.status === undefined || response.status() === expected.status) && body.includes(expected.text);
      },
      {
        timeout,
        intervals: [1000, 2000],
        message: `${path} answering ${expected.status ?? 'any status'} with "${expected.text}"`,
      },
    )
    .toBe(true);
}

/**
 * A second principal (a high risk rating's approver is never its rater): an account made
 * through the Staff accounts API by the signed-in `page`, in a browser context of its own,
 * its initial password changed (which signs it in), on /admin. Close `context` when done.
 */
export async function aSecondPrincipal(page: Page, browser: Browser, prefix = 'e2e-approver') {
  const username = `${prefix}-${unique()}`;
  const created = await page.request.post('/api/staff', {
    data: { username, password: 'initial-password-e2e', role: 'principal' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await browser.newContext();
  const login = await context.request.post('/api/login', { data: { username, password: 'initial-password-e2e' } });
  expect(login.status(), await login.text()).toBe(200);
  const changed = await context.request.put('/api/user/password', {
    data: { currentPassword: 'initial-password-e2e', newPassword: `${prefix}-own-password` },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  // Signed in by that API call (its session cookie is this browser's): straight to the desk.
  const approver = await context.newPage();
  await approver.goto('/admin');
  await expect(approver.getByText(`Signed in as ${username}`)).toBeVisible();
  return { approver, username, context };
}

/**
 * Approves the rating waiting in a due-diligence `panel` (details shown) with a note, as a
 * second principal does: Approve… opens the dialog, the note is written, Approve sends it.
 */
export async function approveWithNote(page: Page, panel: Locator, note: string) {
  await panel.getByRole('button', { name: 'Approve…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Approve this .+ risk rating\?$/ });
  await dialog.getByLabel(/^Your note/).fill(note);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expectToast(page, 'Success', 'Due diligence approved');
  await expect(dialog).toHaveCount(0);
}
