/**
 * `client:interaction`: hydrates an island only when someone reaches for it (pointerdown,
 * focus or a key on anything inside it), so a page whose only island is the header
 * drawer loads no framework until the menu is used (issue 9, "Mobile weight").
 *
 * The island's server HTML already holds its real trigger (the menu button). A tap
 * fires pointerdown and then click long before the framework has loaded, so a click that
 * lands before hydration is remembered and dispatched again once the island is live:
 * the first tap, Enter or Space still opens the drawer. Clicks after hydration are the
 * island's own; the listeners are gone by then, so nothing is replayed twice.
 */
import type { ClientDirective } from 'astro';

const WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'mouseover'] as const;

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let replay: EventTarget | null = null;

  const remember = (event: Event) => {
    replay = event.target;
    wake();
  };
  const stopListening = () => {
    for (const type of WAKE_EVENTS) el.removeEventListener(type, wake);
    el.removeEventListener('click', remember);
  };

  async function wake() {
    if (started) return;
    started = true;
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      // A failed download (a dropped connection) is retried on the next interaction.
      started = false;
      replay = null;
      throw error;
    }
    stopListening();
    // The framework's root is in place: this click is now delivered to the island.
    replay?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
  }

  for (const type of WAKE_EVENTS) el.addEventListener(type, wake, { passive: true });
  el.addEventListener('click', remember);
};

export default interaction;
