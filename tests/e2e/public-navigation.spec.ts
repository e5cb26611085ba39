/** Header, drawer, anchors, /v2 and the floating pieces of the landing page. */
import { expect } from '@playwright/test';
import { test } from './fixtures.ts';
import { expectScrolledTo, hydrated, scrollToY } from './public-helpers.ts';
import { PRACTICE } from '#src/content/practice.ts';

// Not `team`: the shipped team is placeholders, left out until Settings names them (src/content/placeholders.ts).
const ANCHORS = ['home', 'hero-form', 'services', 'process', 'about', 'testimonials', 'faq', 'contact', 'blog'];
const SECTION_ITEMS = [
  ['About Us', 'about'],
  ['Testimonials', 'testimonials'],
  ['FAQ', 'faq'],
  ['Contact', 'contact'],
  ['Home', 'home'],
] as const;

// One page start for both: what the landing page's HTML holds (untagged: the same at every width).
test('the landing page has every section anchor, and the footer the section, blog and privacy links', async ({
  page,
}) => {
  await page.goto('/');
  for (const id of ANCHORS) await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [label, href] of [
    ['Services', '/#services'],
    ['Home', '/#home'],
    ['About Us', '/#about'],
    ['Testimonials', '/#testimonials'],
    ['Contact', '/#contact'],
    ['Blog', '/blog/'],
    ['Privacy Policy', '/privacy/'],
  ]) {
    await expect(footer.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href!);
  }
  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
});

test.describe('desktop header', () => {
  // Desktop only: desktop navigation. One landing page for the dropdown and the section items,
  // which each end on a section of it, and the Blog item then gives the other page the section
  // items are tried from: a step each, not a context and a page start each.
  test('the Services dropdown opens on hover and works with the keyboard; section items scroll to their sections, from the landing page and from another; Blog, phone and Get Quote work', async ({
    page,
  }) => {
    test.setTimeout(120_000); // about twenty smooth scrolls and two page starts
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await test.step('the Services dropdown opens on hover, and works with the keyboard', async () => {
      const menu = page.locator('#services-menu');
      await expect(menu).toBeHidden();
      await nav.getByRole('button', { name: 'Services' }).hover();
      await expect(menu).toBeVisible();
      for (const label of [
        'Residential Conveyancing',
        'Commercial Property',
        'Contract Review',
        'Settlements',
        'Off The Plan',
      ]) {
        await expect(menu.getByRole('link', { name: label })).toHaveAttribute('href', '#services');
      }
      await menu.getByRole('link', { name: 'Contract Review' }).click();
      await expectScrolledTo(page, 'services');
      // With the keyboard, on the same page (back at the top, the mouse away from the menu).
      await page.mouse.move(0, 0);
      await scrollToY(page, 0);
      await expect(menu).toBeHidden();
      const button = nav.getByRole('button', { name: 'Services' });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('link', { name: 'Residential Conveyancing' })).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('link', { name: 'Commercial Property' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', { name: 'Residential Conveyancing' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expectScrolledTo(page, 'services');
    });

    await test.step('section items scroll to their sections; Blog, phone and Get Quote work', async () => {
      for (const [label, id] of SECTION_ITEMS) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`#${id}$`));
        await expectScrolledTo(page, id);
      }
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: PRACTICE.phone.display })).toHaveAttribute(
        'href',
        PRACTICE.phone.href,
      );
      await banner.getByRole('link', { name: 'Get Quote' }).click();
      await expectScrolledTo(page, 'contact');
      await nav.getByRole('link', { name: 'Blog', exact: true }).click();
      await expect(page).toHaveURL(/\/blog\/?$/);
    });

    await test.step('from another page (the blog), section items lead to the landing page anchor', async () => {
      await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
      await expect(page).toHaveURL(/\/#faq$/);
      await expectScrolledTo(page, 'faq');
    });
  });
});

// One landing page at each width for what floats over it or moves it as it scrolls: each
// step starts from the top of the page, and the call to action's dismissal (kept for the
// session) comes last.
test(
  'on scroll the header becomes fixed and condensed, CONTACT US focuses the hero form, back-to-top returns to the top, and the sticky call to action jumps to contact and can be dismissed',
  { tag: '@phone' },
  async ({ page }) => {
    test.setTimeout(90_000); // four journeys of the same page, each with smooth scrolls
    await page.goto('/');

    await test.step('the header becomes fixed, translucent and condensed on scroll without moving the page', async () => {
      const header = page.locator('[data-site-header]');
      const heroTop = () => page.evaluate(() => document.getElementById('home')!.getBoundingClientRect().top + scrollY);
      const before = await heroTop();
      await expect(header).not.toHaveAttribute('data-scrolled');
      await scrollToY(page, 80);
      await expect(header).toHaveAttribute('data-scrolled');
      await expect(header).not.toHaveAttribute('data-condensed');
      await expect(header).toHaveCSS('position', 'fixed');
      await scrollToY(page, 400);
      await expect(header).toHaveAttribute('data-condensed');
      await expect(header).toHaveCSS('backdrop-filter', /blur/);
      expect(await heroTop()).toBe(before);
      await scrollToY(page, 0);
      await expect(header).not.toHaveAttribute('data-scrolled');
    });

    await test.step('CONTACT US scrolls to the hero form and focuses its first input', async () => {
      await hydrated(page.locator('#hero-firstName'));
      await scrollToY(page, 0);
      await page.getByRole('link', { name: 'CONTACT US' }).click();
      await expectScrolledTo(page, 'hero-form');
      await expect(page.locator('#hero-firstName')).toBeFocused();
    });

    const backToTop = page.getByRole('link', { name: 'Back to top' });
    await test.step('the back-to-top button appears after 320 px and returns to the top', async () => {
      await scrollToY(page, 0);
      await expect(backToTop).toBeHidden();
      await scrollToY(page, 300);
      await expect(backToTop).toBeHidden();
      // Well past 320 px, with no form on screen (the floating pieces step aside for forms).
      await page.locator('#process').scrollIntoViewIfNeeded();
      await expect(backToTop).toBeVisible();
      await backToTop.click();
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
      await expect(backToTop).toBeHidden();
    });

    await test.step('the sticky call to action shows its texts, jumps to contact and can be dismissed', async () => {
      const cta = page.getByRole('complementary', { name: 'Free quote' });
      await expect(cta).toBeHidden();
      await page.locator('#services').scrollIntoViewIfNeeded();
      await expect(cta).toBeVisible();
      await expect(cta).toContainText('Ready to move forward? Secure your free Conveyancing Launch Kit in two clicks.');
      await expect(cta.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', PRACTICE.phone.href);
      // The back-to-top button covers none of its controls (on a phone it sits in the bar's row,
      // in the room the bar keeps for it; above, it floats clear of the card).
      await expect(backToTop).toBeVisible();
      await expect
        .poll(async () => {
          const b = (await backToTop.boundingBox())!;
          const controls = await cta.locator('a, button').all();
          const boxes = await Promise.all(controls.map(async (control) => (await control.boundingBox())!));
          return boxes.some(
            (a) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
          );
        })
        .toBe(false);
      await cta.getByRole('link', { name: 'Get My Quote' }).click();
      await expectScrolledTo(page, 'contact');
      // Over the contact form it steps aside, and comes back once the form is out of view.
      await expect(cta).toBeHidden();
      await expect(backToTop).toBeHidden();
      await page.locator('#process').scrollIntoViewIfNeeded();
      await expect(cta).toBeVisible();
      await cta.getByRole('button', { name: 'Dismiss call to action' }).click();
      await expect(cta).toBeHidden();
      await page.locator('#process').scrollIntoViewIfNeeded();
      await expect(cta).toBeHidden();
    });
  },
);

test.describe('mobile drawer', { tag: '@phone-only' }, () => {
  // Phone only: the drawer exists below 1024 px. One page for every way it opens and closes.
  test('replaces the desktop navigation; opens as a labelled dialog that traps focus, and closes on Escape, an overlay click and choosing an item', async ({
    page,
  }) => {
    test.setTimeout(90_000); // eight items chosen, each with a smooth scroll
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const hamburger = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });

    await test.step('opens as a labelled dialog that traps focus and closes on Escape', async () => {
      // No waiting for hydration: the island hydrates on this first tap, which still opens it.
      await hamburger.click();
      await expect(drawer).toBeVisible();
      const box = (await drawer.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(375 * 0.75 + 1);
      expect(Math.round(box.x + box.width)).toBe(375);
      for (const label of ['Home', 'Blog', 'Services', 'About Us', 'Testimonials', 'FAQ', 'Contact', 'Get Quote']) {
        await expect(drawer.getByRole('link', { name: label, exact: true })).toBeVisible();
      }
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press('Tab');
        expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Shift+Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(hamburger).toBeFocused();
    });

    await test.step('closes on an overlay click and on choosing an item', async () => {
      await hamburger.click();
      await expect(drawer).toBeVisible();
      await page.mouse.click(20, 400);
      await expect(drawer).toBeHidden();
      await expect(hamburger).toBeFocused();

      for (const [label, id] of [...SECTION_ITEMS, ['Services', 'services'] as const]) {
        await hamburger.click();
        await drawer.getByRole('link', { name: label, exact: true }).click();
        await expect(drawer).toBeHidden();
        await expectScrolledTo(page, id);
      }
      await hamburger.click();
      await drawer.getByRole('link', { name: 'Get Quote' }).click();
      await expect(drawer).toBeHidden();
      await expectScrolledTo(page, 'contact');
      await hamburger.click();
      await drawer.getByRole('link', { name: 'Blog', exact: true }).click();
      await expect(page).toHaveURL(/\/blog\/?$/);
    });
  });
});

test.describe('/v2', () => {
  // What /v2/{section} keeps of the path is sectionFromPath's (tests/unit/links.test.ts); here,
  // once at desktop width, that the page is served and its script scrolls to what it names.
  test('/v2 serves the landing page; /v2/{section} scrolls to the cleaned id, and to nothing without a match', async ({
    page,
  }) => {
    test.setTimeout(120_000); // three page starts, each with a smooth scroll
    // That /v2 is the landing page is in what the server sends: no page start needed for it.
    const response = await page.request.get('/v2');
    expect(response.status()).toBe(200);
    expect((await response.text()).match(/\sid="hero-form"/g)).toHaveLength(1);
    expect((await page.goto('/v2/faq'))?.status()).toBe(200);
    await expectScrolledTo(page, 'faq');
    await page.goto('/v2/pro!ce(ss)');
    await expectScrolledTo(page, 'process');
    await page.goto('/v2/nothing-here');
    await expect(page.locator('#home')).toBeVisible();
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  test('/v2/faq scrolls to the FAQ on a phone', { tag: '@phone-only' }, async ({ page }) => {
    const response = await page.goto('/v2/faq');
    expect(response?.status()).toBe(200);
    await expectScrolledTo(page, 'faq');
  });
});
