/** The toast the Toaster (src/ui/Toaster.tsx) shows, read as a screen reader hears it. */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits for the one toast, and checks its words and its live region: an error toast is in
 * the assertive `alert` region, any other in the polite `status` one.
 */
export async function expectToast(title: string, description: string, variant: 'default' | 'destructive') {
  const card = await waitFor(() => {
    const shown = screen.getByTestId('toast');
    expect(shown.textContent).toContain(title);
    return shown;
  });
  expect(card.textContent).toContain(description);
  expect(card.dataset.variant).toBe(variant);
  expect(card.parentElement?.getAttribute('role')).toBe(variant === 'destructive' ? 'alert' : 'status');
  return card;
}

/** Waits until one of the toasts showing (an earlier one may still be up) says `text`. */
export async function expectAnyToastSaying(text: string) {
  await waitFor(() =>
    expect(
      screen
        .getAllByTestId('toast')
        .map((toast) => toast.textContent)
        .join('\n'),
    ).toContain(text),
  );
}
