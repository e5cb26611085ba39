/**
 * A toast that survives one full-page navigation (login → /admin, logout → /login).
 * The toast store lives in memory, so a toast shown just before `location.assign` would
 * vanish; the next page shows it instead.
 */
import { showToast } from '#src/stores/toasts.ts';

const KEY = 'staff-portal:flash-toast';

type FlashToast = Parameters<typeof showToast>[0];

export function flashToast(toast: FlashToast) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toast));
  } catch {
    // Storage unavailable (private mode): show it now; it may be cut short by the navigation.
    showToast(toast);
  }
}

/** Shows the toast left by the previous page, if any. Call once on mount. */
export function showFlashedToast() {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!raw) return;
  let toast: FlashToast;
  try {
    toast = JSON.parse(raw) as FlashToast;
  } catch {
    return; // A damaged entry is simply dropped.
  }
  if (toast && typeof toast.title === 'string') showToast(toast);
}
