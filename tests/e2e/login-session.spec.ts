/** Signing in and out, and the redirects between /login and /admin. */
import { expect } from '@playwright/test';
import { failApi, signInThroughLoginPage, STAFF, test } from './fixtures.ts';
import { expectToast } from './admin-helpers.ts';

test.describe('staff session', () => {
  test('an anonymous visitor of /admin is sent to /login', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\/?$/);
    await expect(page.getByRole('heading', { name: 'Secure Staff Login' })).toBeVisible();
  });

  test('/admin shows a spinner while the session loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/admin');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeAttached();
    release();
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('/admin says when the session cannot be checked, and can try again', async ({ page }) => {
    await failApi(page, '**/api/user');
    await page.goto('/admin');
    const alert = page.getByRole('alert').filter({ hasText: "We couldn't check your session" });
    await expect(alert).toContainText('Something went wrong on our side');
    await expect(page).toHaveURL(/\/admin\/?$/);
    await page.unroute('**/api/user');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
  });

  test('/admin keeps staff on the page with a "try again" message when the session store is down (503)', async ({
    page,
  }) => {
    const message = 'We could not check your session just now. Please try again in a moment.';
    await page.route('**/api/user', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: message }) }),
    );
    await page.goto('/admin');
    const alert = page.getByRole('alert').filter({ hasText: "We couldn't check your session" });
    await expect(alert).toContainText(message);
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/?$/);
  });

  test('signing in opens the admin with a welcome toast; /login then redirects to /admin', async ({ page }) => {
    await signInThroughLoginPage(page);
    await expectToast(page, 'Login successful', `Welcome back, ${STAFF.username}!`);
    await expect(page.getByRole('heading', { level: 1, name: 'Content Management' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${STAFF.username}`)).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Content Management' })).toBeVisible();
  });

  test('logging out returns to /login with a toast, and /admin is closed again', async ({ page }) => {
    await signInThroughLoginPage(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    await expectToast(page, 'Logged out', 'You have been logged out successfully');

    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login\/?$/);
    // The old session cookie no longer opens the API either.
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  test("a failed logout says 'Logout failed' and stays signed in", async ({ page }) => {
    await signInThroughLoginPage(page);
    await failApi(page, '**/api/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logout failed', 'Something went wrong on our side');
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Content Management' })).toBeVisible();
  });
});
