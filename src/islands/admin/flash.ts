/**
 * A toast that survives one full-page navigation (login → /admin, logout → /login).
 * The toast store lives in memory, so a toast shown just before `location.assign` would
 * vanish; the next page shows it instead.
 */
import { showToast } from '../../stores/toasts.ts';

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
  let raw: string | null = null;
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
  if (toast && typeof toast.title === 'string') afterToasterHydrates(() => showToast(toast));
}

/**
 * The Toaster island hydrates later (client:idle). A toast set before then would make its
 * first render differ from the server HTML (a React hydration error), so wait for Astro's
 * `astro:hydrate` event on its island, plus a moment for React to finish hydrating.
 */
function afterToasterHydrates(run: () => void) {
  const island = document.querySelector('astro-island[component-url*="Toaster"]');
  if (!island || !island.hasAttribute('ssr')) {
    run();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    setTimeout(run, 50);
  };
  island.addEventListener('astro:hydrate', once, { once: true });
  setTimeout(once, 4000); // never lose the toast, whatever happens to the Toaster
}
