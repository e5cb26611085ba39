/**
 * Toasts: one shown at a time, for 5 seconds. A new toast replaces the
 * current one. Any island may call `showToast`; the Toaster island renders it. While focus
 * is in a toast (someone tabbed to its close button), it stays (WCAG 2.2.1), and its
 * 5 seconds start again when focus leaves. Not on hover: a toast over the button someone
 * points at would then never go away by itself.
 */
import { atom } from 'nanostores';

export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(toast: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }) {
  clearTimeout(timer);
  const shown: Toast = { variant: 'default', ...toast, id: nextId++ };
  $toast.set(shown);
  timer = setTimeout(() => dismissToast(shown.id), TOAST_DURATION_MS);
}

export function dismissToast(id?: number) {
  if (id === undefined || $toast.get()?.id === id) {
    clearTimeout(timer);
    $toast.set(null);
  }
}

/** Keeps toast `id` on screen while someone is reading or using it. */
export function holdToast(id: number) {
  if ($toast.get()?.id === id) clearTimeout(timer);
}

/** Toast `id` is no longer held: it goes in another 5 seconds. */
export function releaseToast(id: number) {
  if ($toast.get()?.id !== id) return;
  clearTimeout(timer);
  timer = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
}
