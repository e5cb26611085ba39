/**
 * /login: the page, a wrong login through the real server, the debug console and cache help.
 * The form's validation, pending label and each failure's words are component tests:
 * tests/components/login-form.test.tsx (decision 049).
 */
import { expect } from '@playwright/test';
import { STAFF, test } from './fixtures.ts';
import { expectNoAxeViolations, expectToast, unique } from './admin-helpers.ts';

test.describe('login page', () => {
  test('shows the titles, the footer and no account details, and is not indexed', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Secure Staff Login' })).toBeVisible();
    await expect(page.getByText('Internal Management Portal')).toBeVisible();
    await expect(page.getByText('v2.0')).toBeVisible();
    await expect(page.getByText(/©\s*\d{4}/)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    const html = await page.content();
    expect(html).not.toContain(STAFF.password);
    expect(html).not.toContain(STAFF.username);
  });

  test('a wrong login shows the Authentication Failed alert, its hints and a toast', async ({ page }) => {
    await page.goto('/login');
    // An unknown username, so the staff account's failure throttle is never touched.
    await page.getByLabel('Username').fill(`nobody-${unique()}`);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Secure Login' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Authentication Failed' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Invalid username or password');
    await expect(alert).toContainText(/case-sensitive/i);
    await expect(alert).toContainText(/password/i);
    await expect(alert).toContainText(/clear(ing)? your browser cache/i);
    await expectToast(page, 'Login failed', 'Invalid username or password');
    await expect(page).toHaveURL(/\/login\/?$/);
    await expect(page.getByRole('button', { name: 'Secure Login' })).toBeEnabled();
  });

  test('the debug console logs steps and browser details, never the password, and is remembered', async ({ page }) => {
    await page.goto('/login');
    const toggle = page.getByLabel('Enable Debug Mode');
    await expect(toggle).not.toBeChecked();
    await expect(page.getByRole('heading', { name: /Debug Console/ })).toBeHidden();

    await toggle.check();
    const console_ = page.getByRole('region', { name: /Debug Console/ });
    await expect(console_).toBeVisible();
    await expect(console_).toContainText('Debug mode enabled');
    await expect(console_).toContainText('User agent:');
    await expect(console_.getByRole('heading')).toContainText('2 entries');

    const secret = `secret-${unique()}`;
    await page.getByLabel('Username').fill(`nobody-${unique()}`);
    await page.getByLabel('Password', { exact: true }).fill(secret);
    await page.getByRole('button', { name: 'Secure Login' }).click();
    await expect(console_).toContainText('Login attempt started');
    await expect(console_).toContainText('sending POST /api/login');
    await expect(console_).toContainText(/Login failed after \d+ ms/);
    await expect(console_.getByRole('heading')).toContainText('5 entries');
    await expect(console_).not.toContainText(secret);

    // Remembered in browser storage: still on after a reload.
    await page.reload();
    await expect(page.getByLabel('Enable Debug Mode')).toBeChecked();
    await expect(page.getByRole('region', { name: /Debug Console/ })).toBeVisible();

    await page.getByLabel('Enable Debug Mode').uncheck();
    await expect(page.getByRole('region', { name: /Debug Console/ })).toBeHidden();
    await page.reload();
    await expect(page.getByLabel('Enable Debug Mode')).not.toBeChecked();
  });

  test('offers cache-clearing instructions for Chrome/Edge, Firefox and Safari', async ({ page }) => {
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'How to clear your browser cache' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(page.getByRole('heading', { name: 'Chrome / Edge' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Firefox' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Safari' })).toBeVisible();
    await page.getByRole('button', { name: 'Hide cache-clearing instructions' }).click();
    await expect(page.getByRole('heading', { name: 'Safari' })).toBeHidden();
  });

  test(
    'has no axe violations, with and without the failure alert and debug console',
    { tag: '@phone' },
    async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Secure Login' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Enable Debug Mode').check();
      await page.getByRole('button', { name: 'How to clear your browser cache' }).click();
      await page.getByLabel('Username').fill(`nobody-${unique()}`);
      await page.getByLabel('Password', { exact: true }).fill('wrong');
      await page.getByRole('button', { name: 'Secure Login' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Authentication Failed' })).toBeVisible();
      await expectNoAxeViolations(page);
    },
  );
});
