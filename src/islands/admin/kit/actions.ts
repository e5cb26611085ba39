/** Runs one admin change with its success and failure toasts, then refreshes what it changed. */
import { showToast } from '../../../stores/toasts.ts';

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
