/** Runs one admin change with its success and failure toasts, then refreshes what it changed. */
import { showToast } from '#src/stores/toasts.ts';

export interface ActionMessages {
  /** e.g. 'Testimonial updated successfully' */
  success: string;
  /** e.g. 'Failed to update testimonial' */
  failure: string;
}

/** Returns true when the change succeeded. The refresh runs only after a success. */
export async function runAction(
  change: () => Promise<unknown>,
  messages: ActionMessages,
  refresh?: () => unknown,
): Promise<boolean> {
  try {
    await change();
  } catch (error) {
    console.error(messages.failure, error);
    showToast({ title: 'Error', description: messages.failure, variant: 'destructive' });
    return false;
  }
  showToast({ title: 'Success', description: messages.success });
  await refresh?.();
  return true;
}

/** The error toast for a change that failed: the server's reason, or `fallback` when it gave none. */
export const toastFailure = (caught: unknown, fallback: string) =>
  showToast({
    title: 'Error',
    description: caught instanceof Error && caught.message ? caught.message : fallback,
    variant: 'destructive',
  });
