/**
 * /quote's 'Email me this quote' (issue 25): an address alone sends the quote at once, a
 * lasting confirmation on the page says where it went (focus moved to it), a call back is
 * one tap away, the e-mail arrives with the figures and the contract date, and the desk
 * files it as a quote lead. The quote names its contract date, a first home buyer's full duty
 * and saving, and the price keeps its separators as typed. Without JavaScript the form posts
 * and the contact function answers with a page. The confirmation is checked at both widths
 * (the phone's floating pieces must not cover it); the rest does not depend on the width.
 */
import { expect, type Page } from '@playwright/test';
import { signIn, test } from './fixtures.ts';
import { openTab, unique } from './admin-helpers.ts';
import { waitForMail } from './mailbox.ts';
import { expectNoAxeViolations, hydrated } from './public-helpers.ts';
import { contractDateLine, formatIsoDay } from '#src/shared/quote.ts';
import { sydneyToday } from '#src/shared/sydney-time.ts';

// The first form post after the server starts loads the function cold on this shared machine.
test.describe.configure({ timeout: 120_000 });

const output = (page: Page, label: string) =>
  page.locator('[data-quote-outputs] dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function openCalculator(page: Page) {
  await page.goto('/quote');
  const price = page.getByLabel('Property price');
  await hydrated(price);
  return price;
}

/** True when nothing else is drawn over the middle of `selector`'s element (a floating bar, say). */
const uncovered = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && (element === top || element.contains(top));
  });

test(
  'an address alone sends the quote, and the page says where it went, with a call back one tap away',
  { tag: '@phone' },
  async ({ page }) => {
    await openCalculator(page);
    const email = `quote.${unique()}@example.com`;
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    const button = page.getByRole('button', { name: 'Email me this quote' });
    await button.scrollIntoViewIfNeeded();
    await button.click();

    const status = page.getByRole('status').filter({ hasText: 'on its way' });
    await expect(status).toContainText(`We have e-mailed your quote to ${email}.`);
    await expect(status).toBeFocused();
    // Still on /quote: nothing jumps to the home page's form.
    await expect(page).toHaveURL(/\/quote\/?$/);
    const callBack = page.getByRole('link', { name: 'Request a call back' });
    await expect(callBack).toHaveAttribute('href', '/#hero-form');
    await callBack.scrollIntoViewIfNeeded();
    expect(await uncovered(page, '[data-quote-email] a[href="/#hero-form"]')).toBe(true);
    await status.scrollIntoViewIfNeeded();
    expect(await uncovered(page, '[data-quote-email-status]')).toBe(true);
    await expectNoAxeViolations(page);

    // Lasting: it stays until the person asks to send it again.
    await page.mouse.wheel(0, -400);
    await expect(status).toBeVisible();
    await page.getByRole('button', { name: 'E-mail it to another address' }).click();
    const again = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(again).toBeVisible();
    // Enter in the address sends too (the form's first button is 'See my estimate', which
    // would otherwise take it): the focus, not the submitter, says where it came from.
    const other = `quote.${unique()}@example.com`;
    await again.fill(other);
    await again.press('Enter');
    await expect(status).toContainText(`We have e-mailed your quote to ${other}.`);
  },
);

test('the e-mail arrives with the figures and the contract date, and the desk files it as a quote lead', async ({
  page,
}) => {
  const price = await openCalculator(page);
  await price.fill('900,000');
  await page.getByLabel('First home buyer').check();
  await page.getByLabel('Contract date (optional)').fill('2026-12-11');
  await expect(output(page, 'Transfer duty')).toHaveText('$19,706');
  const lastName = `Quoted${unique()}`;
  const email = `${lastName.toLowerCase()}@example.com`;
  await page.getByLabel('Name (optional)').fill(`Ann ${lastName}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/contact') && request.method() === 'POST');
  await page.getByRole('button', { name: 'Email me this quote' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    form: 'quote',
    email,
    quote: { price: 900_000, firstHomeBuyer: true, contractDate: '2026-12-11' },
  });
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();

  const mail = await waitForMail(email, (message) => message.subject.startsWith('Your conveyancing quote'));
  expect(mail.text).toContain('Dear Ann,');
  expect(mail.text).toContain('worked out for a contract signed on Friday 11 December 2026.');
  expect(mail.text).toContain(
    'Transfer duty: $19,706 (first home buyer concession; full duty $34,912, you save $15,206)',
  );
  expect(mail.text).toContain('Estimated total:');

  await signIn(page);
  await openTab(page, 'Contact Requests');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Search name, e-mail or phone').fill(lastName);
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  const enquiry = page.getByRole('article', { name: `Contact request from Ann ${lastName}` });
  await expect(enquiry.getByTestId('quote-lead')).toHaveText('Quote lead');
  await expect(enquiry.getByRole('group', { name: /^Instant quote/ }).first()).toContainText(
    'Buying an established home at $900,000 (contract dated 11 December 2026); first home buyer',
  );
});

test('names the contract date beside the duty, and a first home buyer’s full duty and saving', async ({ page }) => {
  const price = await openCalculator(page);
  const today = sydneyToday();
  const line = page.locator('[data-contract-date-line]');
  await expect(line).toHaveText(`For a contract signed today, ${formatIsoDay(today)}.`);
  expect(contractDateLine(today, today)).toContain('today');
  await page.getByLabel('Contract date (optional)').fill('2026-12-11');
  await expect(line).toHaveText('For a contract signed on Friday 11 December 2026.');

  await page.getByLabel('First home buyer').check();
  await price.fill('900,000');
  await expect(output(page, 'Transfer duty')).toHaveText('$19,706');
  await expect(page.locator('[data-first-home-saving]')).toHaveText('Full duty $34,912: you save $15,206.');
  await price.fill('700,000');
  await expect(output(page, 'Transfer duty')).toHaveText('$0');
  await expect(page.locator('[data-first-home-saving]')).toHaveText('Full duty $25,912: you save $25,912.');
  await page.getByLabel('First home buyer').uncheck();
  await expect(page.locator('[data-first-home-saving]')).toHaveCount(0);
});

test('the price keeps its thousands separators as it is typed, the caret where it was', async ({ page }) => {
  const price = await openCalculator(page);
  await price.fill('');
  await price.pressSequentially('1250000');
  await expect(price).toHaveValue('1,250,000');
  await expect(output(page, 'Professional fee')).toHaveText('$1,850');
  // Where the caret is once the keystroke's own work is done (React's included, which it
  // finishes in a microtask), before any later frame: a caret put back only in a later frame
  // is undone by a person who moves it first, as on a slow phone (the next digit then lands
  // at the end).
  await price.evaluate((input: HTMLInputElement) => {
    window.addEventListener('input', () =>
      queueMicrotask(() => {
        input.dataset.caretAfterInput = String(input.selectionStart);
      }),
    );
  });
  // A digit typed in the middle lands where it was typed, and the caret stays after it.
  await price.press('Home');
  for (let step = 0; step < 3; step++) await price.press('ArrowRight');
  await price.press('5');
  await expect(price).toHaveValue('12,550,000');
  await expect(price).toHaveAttribute('data-caret-after-input', '4');
  expect(await price.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(4);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts the price as typed and the address, and a page says where the quote went', async ({ page }) => {
    await page.goto('/quote');
    await page.getByLabel('Property price').fill('1,250,000');
    const email = `nojs.${unique()}@example.com`;
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Email me this quote' }).click();

    // Refused: the request again, only the address marked, the rest kept, nothing in the URL.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please check your request');
    expect(page.url()).not.toContain('not-an-address');
    const address = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(address).toHaveValue('not-an-address');
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
    await expect(page.locator('#retry-quote-email-error')).toHaveText('Please enter a valid email address');

    await address.fill(email);
    await page.getByRole('button', { name: 'Email me this quote' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your quote is on its way');
    await expect(page.getByRole('status')).toContainText(`We have e-mailed your quote to ${email}.`);
    await expect(page.locator('main')).toContainText('Buying an established home at $1,250,000');
    await expect(page.getByRole('link', { name: 'Request a call back' })).toBeVisible();
    expect(page.url()).not.toContain(email);
    const mail = await waitForMail(email, (message) => message.subject.startsWith('Your conveyancing quote'));
    expect(mail.text).toContain('Buying an established home at $1,250,000');
  });
});

test('the pages the function answers a plain post with pass axe', async ({ page }) => {
  // Axe needs JavaScript: the form is posted as the browser would without it, past the island.
  await page.goto('/quote');
  await page.locator('form[action="/api/contact"]').evaluate((form: HTMLFormElement) => {
    (form.elements.namedItem('email') as HTMLInputElement).value = 'not-an-address';
    HTMLFormElement.prototype.submit.call(form);
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please check your request');
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`axe.${unique()}@example.com`);
  await page.getByRole('button', { name: 'Email me this quote' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your quote is on its way');
  await expectNoAxeViolations(page);
});
