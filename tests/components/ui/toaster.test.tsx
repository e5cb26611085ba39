/**
 * The toasts (src/ui/Toaster.tsx on src/stores/toasts.ts): one at a time, a new one replacing
 * the last; polite for news, assertive for errors; gone after 5 seconds unless focus is in it
 * (WCAG 2.2.1), then 5 seconds after focus leaves; and closed by its button.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { showToast, TOAST_DURATION_MS } from '#src/stores/toasts.ts';
import Toaster from '#src/ui/Toaster.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

function open() {
  render(
    <>
      <button type="button">Elsewhere</button>
      <Toaster placement="bottom" />
    </>,
  );
}

const toasts = () => screen.queryAllByTestId('toast');

test('one toast at a time: a new one replaces the last, in the live region its kind belongs in', () => {
  open();
  expect(toasts()).toEqual([]);
  act(() => showToast({ title: 'Success', description: 'Service created successfully' }));
  expect(screen.getByRole('status').textContent).toContain('Service created successfully');
  act(() => showToast({ title: 'Error', description: 'Failed to delete service', variant: 'destructive' }));
  expect(toasts()).toHaveLength(1);
  expect(screen.getByRole('status').textContent).toBe('');
  expect(screen.getByRole('alert').textContent).toContain('Failed to delete service');
});

test('goes after 5 seconds, and the replaced toast’s timer does not cut the new one short', () => {
  open();
  act(() => showToast({ title: 'First' }));
  act(() => {
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
  });
  act(() => showToast({ title: 'Second' }));
  act(() => {
    vi.advanceTimersByTime(1500);
  });
  expect(toasts()[0]?.textContent).toContain('Second');
  act(() => {
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1500);
  });
  expect(toasts()).toEqual([]);
});

test('stays while focus is in it, and goes 5 seconds after focus leaves', () => {
  open();
  act(() => showToast({ title: 'Error', description: 'Logout failed', variant: 'destructive' }));
  const close = screen.getByRole('button', { name: 'Close notification' });
  act(() => close.focus());
  act(() => {
    vi.advanceTimersByTime(TOAST_DURATION_MS * 3);
  });
  expect(toasts()).toHaveLength(1);
  act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
  act(() => {
    vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
  });
  expect(toasts()).toHaveLength(1);
  act(() => {
    vi.advanceTimersByTime(100);
  });
  expect(toasts()).toEqual([]);
});

test('its close button closes it at once', () => {
  open();
  act(() => showToast({ title: 'Success' }));
  fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
  expect(toasts()).toEqual([]);
});
