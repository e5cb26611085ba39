/**
 * The error summary's scroll into view (src/ui/ErrorSummary.tsx, `takeFocus`): it takes focus
 * and scrolls smoothly; when scrolling ends soon after with the summary off the screen's top
 * half (a later scroll cut the smooth one short), it is brought back at once; after two
 * seconds, scrolling is the person's own and is left alone.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ErrorSummary } from '#src/ui/ErrorSummary.tsx';

afterEach(() => vi.restoreAllMocks());

/** Renders a summary whose top is `top` px, and counts its scrolls into view. */
function summaryAt(top: number) {
  const scrolls: ScrollIntoViewOptions[] = [];
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation((options) => {
    scrolls.push(options as ScrollIntoViewOptions);
  });
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
  render(<ErrorSummary items={[{ message: 'Enter your last name', field: 'last-name' }]} />);
  return { scrolls, summary: screen.getByRole('alert') };
}

test('takes focus and scrolls smoothly; left above the screen when scrolling ends, it is brought back at once', () => {
  const { scrolls, summary } = summaryAt(-290);
  expect(document.activeElement).toBe(summary);
  expect(scrolls).toEqual([{ block: 'start', behavior: 'smooth' }]);
  window.dispatchEvent(new Event('scrollend'));
  expect(scrolls).toEqual([
    { block: 'start', behavior: 'smooth' },
    { block: 'start', behavior: 'instant' },
  ]);
  // Once: the next scroll is the person's.
  window.dispatchEvent(new Event('scrollend'));
  expect(scrolls).toHaveLength(2);
});

test('in view when scrolling ends, it stays where it is', () => {
  const { scrolls } = summaryAt(96);
  window.dispatchEvent(new Event('scrollend'));
  expect(scrolls).toHaveLength(1);
});

test('two seconds on, a scroll is the person’s own and the summary is left alone', () => {
  const at = vi.spyOn(performance, 'now').mockReturnValue(1000);
  const { scrolls } = summaryAt(-290);
  at.mockReturnValue(3001);
  window.dispatchEvent(new Event('scrollend'));
  expect(scrolls).toHaveLength(1);
});
