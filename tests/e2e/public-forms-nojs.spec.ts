/**
 * Both enquiry forms as real HTML forms: without JavaScript (which is also what a visitor
 * gets who submits before the island hydrates) they post to /api/contact and land on
 * /thanks or on the form again saying what to fix, with no personal details in any URL.
 * The menu and the FAQ filter work without JavaScript too.
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PRACTICE } from '#src/content/practice.ts';
import { STAFF, test } from './fixtures.ts';
import { unique } from './admin-helpers.ts';
import { expectNoAxeViolations, hydrated } from './public-helpers.ts';

// The first form post after the server starts loads the function cold on this shared
// machine; that is start-up cost, not behaviour under test.
test.describe.configure({ timeout: 120_000 });

const FORMS = [
  {
    name: 'hero',
    form: (page: Page) => page.locator('#hero-form form'),
    submit: 'Get My Free Quote',
    service: 'Residential Conveyancing',
    serviceValue: 'residential-conveyancing',
  },
  {
    name: 'contact',
    form: (page: Page) => page.locator('#contact form'),
    submit: 'Send Enquiry',
    service: 'Residential Purchase',
    serviceValue: 'residential-purchase',
  },
] as const;

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}
const person = (): Person => {
  const tag = unique();
  return { firstName: 'Nojs', lastName: `Visitor${tag}`, email: `nojs.${tag}@example.com`, phone: '0400 555 123' };
};

async function fill(form: Locator, who: Person, service: string) {
  await form.getByLabel('First name').fill(who.firstName);
  await form.getByLabel('Last name').fill(who.lastName);
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Phone').fill(who.phone);
  await form.getByLabel('Service').selectOption({ label: service });
  await form.getByLabel('Message').fill('Sent without JavaScript.');
}

/** The stored contact requests, read through the staff API as the e2e staff member. */
async function storedRequests(request: APIRequestContext, baseURL: string) {
  const login = await request.post('/api/login', { data: STAFF, headers: { origin: baseURL } });
  expect(login.status()).toBe(200);
  const list = await request.get('/api/contact-requests');
  expect(list.status()).toBe(200);
  return (await list.json()) as Record<string, string>[];
}

/** No personal detail in an address the browser visited. */
function expectNoDetails(urls: string[], who: Person) {
  for (const url of urls) {
    for (const value of [who.firstName, who.lastName, who.email, encodeURIComponent(who.email), '0400']) {
      expect(url).not.toContain(value);
    }
  }
}

/** Every URL the page navigates to, in order. */
function visited(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  page.on('request', (request) => {
    if (request.isNavigationRequest()) urls.push(request.url());
  });
  return urls;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const spec of FORMS) {
    test(`the ${spec.name} form posts, lands on /thanks and the enquiry is stored`, async ({
      page,
      request,
      baseURL,
    }) => {
      const urls = visited(page);
      const who = person();
      await page.goto('/');
      const form = spec.form(page);
      await expect(form).toHaveAttribute('method', 'post');
      await expect(form).toHaveAttribute('action', '/api/contact');
      await fill(form, who, spec.service);
      await form.getByRole('button', { name: spec.submit }).click();

      await expect(page).toHaveURL(/\/thanks\/?$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote Request Submitted');
      await expect(page.getByText("We'll respond to your inquiry within 2 hours during business hours.")).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: '(02) 5550 0123' })).toHaveAttribute(
        'href',
        'tel:+61255500123',
      );
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

      const stored = (await storedRequests(request, baseURL!)).find((entry) => entry.lastName === who.lastName);
      expect(stored).toMatchObject({ ...who, serviceType: spec.serviceValue, message: 'Sent without JavaScript.' });
      expectNoDetails(urls, who);
    });
  }

  test('the FAQ filters by category; a refused post is answered with the form again: values kept, only the failed fields marked', async ({
    page,
    request,
    baseURL,
  }) => {
    const urls = visited(page);
    const who = person();
    await page.goto('/');

    // The FAQ's filter without JavaScript, on the same visit of the landing page: its links
    // only change the address's fragment, so the form below is the one just loaded.
    const faq = page.locator('#faq');
    await expect(faq.getByRole('button', { name: 'Process', exact: true })).toBeHidden();
    await faq.getByRole('navigation', { name: 'Questions by category' }).getByRole('link', { name: 'Process' }).click();
    await expect(page).toHaveURL(/#faq-process$/);
    await expect(faq.locator('li[data-faq-category]:visible:not([data-faq-category="Process"])')).toHaveCount(0);
    await expect(faq.locator('li[data-faq-category="Process"]').first()).toBeVisible();
    await faq.getByRole('link', { name: 'All', exact: true }).click();
    await expect(faq.locator('summary:visible')).toHaveCount(await faq.locator('summary').count());

    const form = spec('contact').form(page);
    await fill(form, { ...who, email: 'not-an-email' }, spec('contact').service);
    await form.getByLabel('Phone').fill('   ');
    await form.getByRole('button', { name: 'Send Enquiry' }).click();

    // The function's page, at the address the form posted to: nothing typed is in it.
    await expect(page).toHaveURL(/\/api\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please check your enquiry');
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link')).toHaveText([
      'Please enter a valid email address',
      'Phone number is required',
    ]);
    const again = page.locator('form[action="/api/contact"]');
    await expect(again.getByLabel('First name')).toHaveValue(who.firstName);
    await expect(again.getByLabel('Email')).toHaveValue('not-an-email');
    await expect(again.getByLabel('Service')).toHaveValue(spec('contact').serviceValue);
    await expect(again.getByLabel('Message')).toHaveValue('Sent without JavaScript.');
    // Only what failed is marked: the blank property address (optional) and the names are not.
    await expect(again.locator('[aria-invalid="true"]')).toHaveCount(2);
    await expect(again.getByLabel('Property address')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByText('or call us on (02) 5550 0123.', { exact: false })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect((await storedRequests(request, baseURL!)).some((entry) => entry.lastName === who.lastName)).toBe(false);

    // Fixed and sent from that page, it is stored.
    await again.getByLabel('Email').fill(who.email);
    await again.getByLabel('Phone').fill(who.phone);
    await again.getByRole('button', { name: 'Send Enquiry' }).click();
    await expect(page).toHaveURL(/\/thanks\/?$/);
    const stored = (await storedRequests(request, baseURL!)).find((entry) => entry.lastName === who.lastName);
    expect(stored).toMatchObject({ ...who, serviceType: spec('contact').serviceValue });
    expectNoDetails(urls, who);
  });

  test('the menu opens without JavaScript', { tag: '@phone-only' }, async ({ page }) => {
    // Phone only: the menu button exists below 1024 px.
    await page.goto('/blog');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const menu = page.locator('[data-nav-fallback]');
    await menu.locator('summary').click();
    const links = menu.getByRole('navigation', { name: 'Mobile' }).getByRole('link');
    await expect(links.first()).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Quote' })).toBeVisible();
    await links.filter({ hasText: 'FAQ' }).first().click();
    await expect(page).toHaveURL(/\/#faq$/);
  });

  test('a post over 64 KB lands on the error page, not on a JSON answer', async ({ page }) => {
    await page.goto('/');
    const form = spec('hero').form(page);
    await fill(form, person(), spec('hero').service);
    await form.getByLabel('Message').fill('x'.repeat(70_000));
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(page).toHaveURL(/\/enquiry-error\/?\?reason=too-large$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please check your enquiry');
  });
});

test.describe('the error page with JavaScript', () => {
  test('shows only the fields its address names and the way back to that form; explains a post that was too large, or that we could not store', async ({
    page,
  }) => {
    await page.goto('/enquiry-error?form=hero&fields=email,callbackTime,<b>bogus</b>');
    await expect(page.getByText('Please fix the following, then send it again:')).toBeVisible();
    const visible = page.locator('[data-field]:visible');
    await expect(visible).toHaveCount(2);
    await expect(visible.nth(0)).toContainText('Please enter a valid email address');
    await expect(visible.nth(1)).toContainText('Please choose Morning, Afternoon or Evening');
    await expect(page.getByRole('link', { name: 'Back to the quote form' })).toHaveAttribute('href', '/#hero-form');
    await expect(page.getByRole('link', { name: 'Back to the enquiry form' })).toBeHidden();
    await expect(page.locator('body')).not.toContainText('bogus');

    await page.goto('/enquiry-error?reason=too-large');
    await expect(page.getByText('it was too long for us to receive', { exact: false })).toBeVisible();
    await expect(page.locator('[data-field]:visible')).toHaveCount(0);
    await page.goto('/enquiry-error?form=contact&reason=unavailable');
    await expect(page.getByText('something went wrong on our side', { exact: false })).toBeVisible();
    await expect(page.locator('[data-field]:visible')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to the enquiry form' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the quote form' })).toBeHidden();
  });
});

test('the refused form page passes axe', async ({ page }) => {
  // Axe needs JavaScript: the form is posted as the browser would without it, past the island.
  await page.goto('/');
  await page.locator('#contact form').evaluate((form: HTMLFormElement) => {
    (form.elements.namedItem('firstName') as HTMLInputElement).value = 'Axe';
    (form.elements.namedItem('email') as HTMLInputElement).value = 'not-an-email';
    HTMLFormElement.prototype.submit.call(form);
  });
  await expect(page).toHaveURL(/\/api\/contact$/);
  await expect(page.getByRole('alert').getByRole('link')).toHaveCount(4);
  await expectNoAxeViolations(page);
});

test(
  '/thanks, /enquiry-error and /enquiry-limited pass axe; the rate-limit page says what happened and gives the phone',
  { tag: '@phone' },
  async ({ page }) => {
    for (const path of [
      '/thanks',
      '/enquiry-error',
      '/enquiry-limited',
      '/enquiry-error?form=contact&fields=email,phone',
      '/enquiry-error?reason=unavailable',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/enquiry-limited') {
        await expect(page.getByRole('heading', { level: 1, name: 'Please try again in a minute' })).toBeVisible();
        await expect(
          page.locator('#enquiry-limited').getByRole('link', { name: PRACTICE.phone.display }),
        ).toHaveAttribute('href', PRACTICE.phone.href);
      }
      await expectNoAxeViolations(page);
    }
  },
);

test('/thanks, /enquiry-error and /enquiry-limited are noindex and in no sitemap', async ({ request }) => {
  for (const path of ['/thanks', '/enquiry-error', '/enquiry-limited']) {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()['x-robots-tag']).toContain('noindex');
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/);
  }
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).not.toMatch(/\/(thanks|enquiry-error|enquiry-limited)\/?</);
});

test('text typed before the island hydrates is what the hydrated form sends', async ({ page, request, baseURL }) => {
  // Hold the hero island's code back until the visitor has typed, as on a slow phone.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/HeroForm[^/]*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  const who = person();
  await page.goto('/');
  const form = spec('hero').form(page);
  await expect(form.locator('xpath=ancestor::astro-island[1]')).toHaveAttribute('ssr');
  await fill(form, who, spec('hero').service);
  release();
  await hydrated(form.getByLabel('First name'));
  await form.getByRole('button', { name: 'Get My Free Quote' }).click();
  await expect(page.getByRole('status').getByTestId('toast')).toContainText('Quote Request Submitted', {
    timeout: 30_000,
  });
  await expect(form.getByLabel('First name')).toHaveValue('');
  const stored = (await storedRequests(request, baseURL!)).find((entry) => entry.lastName === who.lastName);
  expect(stored).toMatchObject({ ...who, serviceType: 'residential-conveyancing' });
});

function spec(name: (typeof FORMS)[number]['name']) {
  return FORMS.find((entry) => entry.name === name)!;
}
