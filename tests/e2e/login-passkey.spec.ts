/**
 * Staff passkeys in Chromium, with a virtual authenticator (CDP WebAuthn: CTAP2, internal,
 * resident keys, user verification): a member of staff adds a passkey in Settings › Your
 * sign-in, signs out, finds that their password alone no longer signs them in, and signs in
 * with the passkey (docs/decisions/045-staff-passkeys.md).
 */
import { expect, type Page } from '@playwright/test';
import { STAFF, test } from './fixtures.ts';
import { ok, unique } from './admin-helpers.ts';

/** A virtual platform authenticator for this page's browser, as a laptop's fingerprint reader is. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test.describe('passkeys', () => {
  test('a passkey added in Settings signs in; the password alone no longer does', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const username = `e2e-passkey-${unique()}`;
    const password = 'their-own-password-e2e';
    // A principal adds the account; its holder sets their own password.
    const admin = await playwright.request.newContext({ baseURL });
    await ok(await admin.post('/api/login', { data: STAFF }));
    const added = await admin.post('/api/staff', { data: { username, password: 'initial-password-e2e' } });
    await ok(added, 201);
    await ok(await page.request.post('/api/login', { data: { username, password: 'initial-password-e2e' } }));
    await ok(
      await page.request.put('/api/user/password', {
        data: { currentPassword: 'initial-password-e2e', newPassword: password },
      }),
    );

    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await page.goto('/admin/?tab=settings&section=your-sign-in');
    const panel = page.getByRole('tabpanel', { name: 'Settings' });
    await expect(panel.getByRole('heading', { level: 3, name: 'Your sign-in' })).toBeVisible();
    await expect(panel.getByText('You have no passkey yet.')).toBeVisible();
    await panel.getByLabel('Name of the passkey (optional)').fill('E2E laptop');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    const row = panel.getByTestId('passkey-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('E2E laptop');
    await expect(row).toContainText('Not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    expect(credentials[0]!.rpId).toBe('localhost');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);

    // The right password, and still no session: the page asks for the passkey.
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Secure Login' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'signs in with a passkey' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/?$/);
    expect((await page.request.get('/api/user')).status()).toBe(401);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByText(`Signed in as ${username}`)).toBeVisible();
    const me = await page.request.get('/api/user');
    expect(await me.json()).toEqual({ id: (await added.json()).id, username, role: 'staff' });

    // The passkey alone, from the sign-in page, without a username.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByText(`Signed in as ${username}`)).toBeVisible();

    await ok(await admin.delete(`/api/staff/${(await added.json()).id}`), 204);
    await admin.dispose();
  });
});
