/**
 * The mobile menu (src/islands/MobileNav.tsx): a modal dialog labelled by its heading that
 * keeps Tab and Shift+Tab inside it, and closes (itself, as on Escape), on a click of the overlay and on
 * choosing an item, each time handing focus back to the hamburger.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test } from 'vitest';
import MobileNav from '#src/islands/MobileNav.tsx';

const ITEMS = [
  { label: 'Home', href: '#home' },
  { label: 'Services', href: '#services' },
  { label: 'FAQ', href: '#faq' },
];

function open() {
  const user = userEvent.setup({ delay: null });
  render(<MobileNav items={ITEMS} quoteHref="/quote/" phoneHref="tel:+61255500123" phoneDisplay="(02) 5550 0123" />);
  const hamburger = screen.getByRole('button', { name: 'Open menu' });
  const dialog = () => document.getElementById('mobile-menu') as HTMLDialogElement;
  return { user, hamburger, dialog };
}

test('opens as a modal dialog labelled Menu, and Tab and Shift+Tab stay inside it', async () => {
  const { user, hamburger, dialog } = open();
  expect(hamburger.getAttribute('aria-expanded')).toBe('false');
  expect(dialog().open).toBe(false);
  await user.click(hamburger);
  expect(dialog().open).toBe(true);
  expect(hamburger.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getByRole('dialog', { name: 'Menu' })).toBe(dialog());
  expect(document.documentElement.style.overflow).toBe('hidden');

  const close = screen.getByRole('button', { name: 'Close menu' });
  const call = screen.getByRole('link', { name: 'Call (02) 5550 0123' });
  call.focus();
  await user.tab();
  expect(document.activeElement).toBe(close);
  await user.tab({ shift: true });
  expect(document.activeElement).toBe(call);
});

// Escape itself is the browser's: a modal <dialog> closes on it (its close request), which no
// DOM library implements (decision 049), so tests/e2e/public-navigation.spec.ts presses it. Here:
// however the dialog closes itself, the island's state, the page's scroll and focus follow.
test('when the dialog closes itself (as on Escape), focus goes back to the hamburger', async () => {
  const { user, hamburger, dialog } = open();
  await user.click(hamburger);
  screen.getByRole('link', { name: 'Services' }).focus();
  act(() => dialog().close());
  expect(dialog().open).toBe(false);
  expect(hamburger.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(hamburger);
  expect(document.documentElement.style.overflow).toBe('');
});

test('a click on the overlay, the close button or an item closes it', async () => {
  const { user, hamburger, dialog } = open();
  await user.click(hamburger);
  // A click whose target is the <dialog> itself is on its backdrop.
  fireEvent.click(dialog());
  expect(dialog().open).toBe(false);
  expect(document.activeElement).toBe(hamburger);

  await user.click(hamburger);
  await user.click(screen.getByRole('button', { name: 'Close menu' }));
  expect(dialog().open).toBe(false);

  await user.click(hamburger);
  await user.click(screen.getByRole('link', { name: 'FAQ' }));
  expect(dialog().open).toBe(false);
  expect(hamburger.getAttribute('aria-expanded')).toBe('false');

  await user.click(hamburger);
  // A click inside the drawer (its heading) is not on the overlay.
  await user.click(screen.getByRole('heading', { name: 'Menu' }));
  expect(dialog().open).toBe(true);
});
