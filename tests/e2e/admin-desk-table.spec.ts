/**
 * The desk's compact table (issue 25): the view switch remembered, sorting by keyboard with
 * aria-sort, the next action, an address per enquiry with Back and Forward, the quote shown
 * once, and a delete the law refuses disabled with its reason beside it (the chips' counts
 * of a search are tests/components/admin/desk/enquiries-tab.test.tsx's). Desktop only: the table is the same at every width
 * (it scrolls sideways inside its own box on a phone), the cards are unchanged.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, openTab, unique } from './admin-helpers.ts';
import { signIn, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const lastName = `Table${unique()}`;
const ids: Record<string, string> = {};
let page: Page;

test.beforeAll(async ({ browser }) => {
  // A context of its own (axe needs one), signed in once for the file.
  page = await (await browser.newContext()).newPage();
  // Three people with one surname, so a search shows exactly them; Bea sent a quote.
  for (const [firstName, extra] of [
    ['Cleo', {}],
    ['Abe', {}],
    [
      'Bea',
      {
        quote: { price: 750_000, role: 'buying', propertyType: 'established' },
        message: 'Please email me this quote.\nProfessional fee: $1 including GST\nWe settle in March.',
      },
    ],
  ] as const) {
    const response = await page.request.post('/api/contact', {
      data: {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
        phone: '0400 123 456',
        serviceType: 'residential-purchase',
        ...extra,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids[firstName] = (await response.json()).id;
  }
  await signIn(page);
  // Cleo is named in the suspicious-matter register: the law keeps her enquiry.
  const recorded = await page.request.post(`/api/contact-requests/${ids.Cleo}/suspicion`, {
    data: { kind: 'other', grounds: 'Wanted to pay the deposit in cash from a third party' },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
});

test.afterAll(async () => {
  await page?.context().close();
});

/** The table view (remembered, but each test says what it needs, so it also runs alone). */
const showTable = (on: Page) =>
  on.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Table' }).click();

const names = async (table: ReturnType<Page['getByTestId']>) =>
  (await table.locator('tbody tr[data-enquiry-row] th').allTextContents()).map((name) => name.split(' ')[0]);

test('the table sorts by keyboard, names the next action and remembers the choice', async () => {
  const panel = await openTab(page, 'Contact Requests');
  await panel.getByLabel('Search name, e-mail or phone').fill(lastName);
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await panel.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Table' }).click();
  const table = panel.getByTestId('desk-table');
  await expect(table.locator('tbody tr[data-enquiry-row]')).toHaveCount(3);
  // Newest first, as the cards.
  await expect(table.getByRole('columnheader', { name: 'Received' })).toHaveAttribute('aria-sort', 'descending');
  expect(await names(table)).toEqual(['Bea', 'Abe', 'Cleo']);
  await expect(table.locator(`tr[data-enquiry-row="${ids.Abe}"]`).getByTestId('next-action')).toHaveText('Call back');

  // Sorting by name from the keyboard: Tab to the header's button, Enter, Enter again.
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await nameHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('columnheader', { name: 'Received' })).not.toHaveAttribute('aria-sort');
  expect(await names(table)).toEqual(['Abe', 'Bea', 'Cleo']);
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await names(table)).toEqual(['Cleo', 'Bea', 'Abe']);

  // Up and Down move between the rows' Open buttons.
  await table.getByRole('button', { name: `Open enquiry: Cleo ${lastName}` }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(table.getByRole('button', { name: `Open enquiry: Bea ${lastName}` })).toBeFocused();

  await page.reload();
  await openTab(page, 'Contact Requests');
  await expect(page.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Table' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('each enquiry has an address; Back and Forward open and close it', async () => {
  await page.goto('/admin/');
  const panel = await openTab(page, 'Contact Requests');
  await panel.getByLabel('Search name, e-mail or phone').fill(lastName);
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await showTable(page);
  const table = panel.getByTestId('desk-table');
  await table.getByRole('button', { name: `Open enquiry: Bea ${lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]enquiry=${ids.Bea}$`));
  const bea = table.getByRole('region', { name: `Desk for Bea ${lastName}` });
  await expect(bea.getByText('Enquiry received through the website')).toBeVisible();
  // The quote once: its figures, and the message without the copy pasted into it.
  await expect(bea.locator('[data-quote-summary]')).toHaveCount(1);
  await expect(bea.getByText('We settle in March.')).toBeVisible();
  await expect(bea.getByText('Professional fee: $1 including GST')).toHaveCount(0);

  await table.getByRole('button', { name: `Open enquiry: Abe ${lastName}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]enquiry=${ids.Abe}$`));
  await expect(table.getByRole('region', { name: `Desk for Abe ${lastName}` })).toBeVisible();
  await expect(bea).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]enquiry=${ids.Bea}$`));
  await expect(table.getByRole('region', { name: `Desk for Bea ${lastName}` })).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/enquiry=/);
  await expect(table.getByRole('region')).toHaveCount(0);
  await page.goForward();
  await expect(table.getByRole('region', { name: `Desk for Bea ${lastName}` })).toBeVisible();
});

test('a delete the law refuses is disabled, with the reason beside it', async () => {
  await page.goto(`/admin/?enquiry=${ids.Cleo}`);
  await showTable(page);
  const table = page.getByTestId('desk-table');
  const cleo = table.getByRole('region', { name: `Desk for Cleo ${lastName}` });
  const remove = cleo.getByRole('button', { name: `Delete contact request: Cleo ${lastName}` });
  await expect(remove).toBeDisabled();
  await expect(cleo.getByTestId('kept-reason')).toHaveText(
    /^Kept by law: it is named in the suspicious matter register\. Kept until \d{1,2} [A-Z][a-z]{2} \d{4} \(AML\/CTF Act 2006 s 111 \(suspicious matter register\): 7 years after the suspicion was recorded\)\.$/,
  );
  await expect(remove).toHaveAccessibleDescription(/Kept by law/);
  // The cards say the same; another enquiry's delete still works.
  await page.getByRole('group', { name: 'Show as' }).getByRole('button', { name: 'Cards' }).click();
  const card = page.getByRole('article', { name: `Contact request from Cleo ${lastName}` });
  await expect(card.getByRole('button', { name: `Delete contact request: Cleo ${lastName}` })).toBeDisabled();
  await expect(card.getByTestId('kept-reason')).toBeVisible();
  await expectNoAxeViolations(page);
});
