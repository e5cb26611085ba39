/**
 * Testimonials and Services tabs: the active switch sends its new value at once, and
 * delete asks first. Switches are flipped and flipped back; deletes
 * remove one of the disposable records the test server seeds for them. A failed switch or
 * delete is a component test: tests/components/admin/site-content/toggle-items-tab.test.tsx
 * (decision 049).
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DISPOSABLE_TITLE, signIn, test } from './fixtures.ts';
import { expectToast, openTab } from './admin-helpers.ts';

const KINDS = [
  { tab: 'Testimonials', noun: 'testimonial', Noun: 'Testimonial', api: '**/api/testimonials/*' },
  { tab: 'Services', noun: 'service', Noun: 'Service', api: '**/api/services/*' },
] as const;

const SWITCH = 'Show on website: ';

/** The first item of the tab, its title, switch and badge. */
async function firstItem(page: Page, _noun: string) {
  const switchControl = page.getByRole('switch', { name: new RegExp(`^${SWITCH}`) }).first();
  await expect(switchControl).toBeVisible();
  const name = (await switchControl.getAttribute('aria-label'))!;
  const title = name.replace(SWITCH, '');
  return { title, switchControl: page.getByRole('switch', { name, exact: true }) };
}

const badgeOf = (page: Page, Noun: string, title: string): Locator =>
  page.getByRole('article', { name: `${Noun}: ${title}`, exact: true }).getByTestId('status-badge');

for (const kind of KINDS) {
  test.describe(`admin: ${kind.tab.toLowerCase()}`, () => {
    test.beforeEach(async ({ page }) => {
      await signIn(page);
      await openTab(page, kind.tab);
    });

    test('the active switch saves at once, updates the badge, and can be switched back', async ({ page }) => {
      const { title, switchControl } = await firstItem(page, kind.noun);
      const was = (await switchControl.getAttribute('aria-checked')) === 'true';
      const label = (on: boolean) => (on ? 'Active' : 'Inactive');

      const put = page.waitForRequest(
        (request) => request.method() === 'PUT' && /\/api\/(testimonials|services)\//.test(request.url()),
      );
      await switchControl.click();
      expect((await put).postDataJSON()).toEqual({ isActive: !was });
      await expectToast(page, 'Success', `${kind.Noun} updated successfully`);
      await expect(switchControl).toHaveAttribute('aria-checked', String(!was));
      await expect(badgeOf(page, kind.Noun, title)).toHaveText(label(!was));

      // The change was stored: a fresh page shows it too.
      await page.reload();
      await openTab(page, kind.tab);
      await expect(switchControl).toHaveAttribute('aria-checked', String(!was));

      await switchControl.click();
      await expectToast(page, 'Success', `${kind.Noun} updated successfully`);
      await expect(switchControl).toHaveAttribute('aria-checked', String(was));
      await expect(badgeOf(page, kind.Noun, title)).toHaveText(label(was));
    });

    test('delete asks first, then deletes for real and refreshes the list', async ({ page }) => {
      const disposable = page.getByRole('switch', { name: new RegExp(`^${SWITCH}${DISPOSABLE_TITLE}`) }).first();
      await expect(disposable).toBeVisible();
      const title = (await disposable.getAttribute('aria-label'))!.replace(SWITCH, '');
      const item = page.getByRole('article', { name: `${kind.Noun}: ${title}`, exact: true });
      const deleteButton = page.getByRole('button', { name: `Delete ${kind.noun}: ${title}`, exact: true });

      await deleteButton.click();
      const dialog = page.getByRole('dialog', { name: `Delete this ${kind.noun}?` });
      await expect(dialog).toContainText(title);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(item).toBeVisible();

      const refetch = page.waitForRequest(
        (request) => request.method() === 'GET' && request.url().includes(`/api/admin/${kind.tab.toLowerCase()}`),
      );
      await deleteButton.click();
      await dialog.getByRole('button', { name: `Delete ${kind.noun}` }).click();
      await expectToast(page, 'Success', `${kind.Noun} deleted successfully`);
      await refetch;
      await expect(item).toHaveCount(0);

      // Gone from the store, not only from the screen.
      await page.reload();
      await openTab(page, kind.tab);
      await expect(page.getByRole('switch', { name: new RegExp(`^${SWITCH}`) }).first()).toBeVisible();
      await expect(item).toHaveCount(0);
    });
  });
}
