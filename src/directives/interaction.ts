/**
 * `client:interaction`: hydrates an island only when someone reaches for it (pointerdown,
 * focus, a key or input on anything inside it), so a public page loads no framework until
 * it is used (the header drawer, the enquiry forms, the FAQ and
 * the /quote calculator). Hovering is not reaching: a mouse passing over the hero form
 * on its way down the page does not fetch React.
 *
 * The island's server HTML is already usable: the menu button, real forms that post
 * without JavaScript, the calculator's controls, the FAQ's <details>. What someone does
 * before hydration must count exactly once:
 * - text typed or boxes ticked stay in the controls, and the islands read them on hydration;
 * - a click the browser acts on itself (a link navigates, a checkbox ticks, a label or a
 *   <summary> toggles) is left to the browser and never replayed: a replay would untick
 *   the box or toggle back;
 * - a form submitted before the island is live (a tap on Submit, Enter in a field) is held:
 *   the browser does not post it, and once the island is live its submit button is clicked
 *   again, so the island checks and sends it as it would any submit (the enquiry forms
 *   name each missing field in place; the calculator shows its estimate). Posting it as the
 *   plain form would take a visitor who has JavaScript to the no-JavaScript error page. If
 *   the island's code cannot load, the same click posts the plain form, as without
 *   JavaScript;
 * - a click on a plain `<button type="button">` does nothing without the island, so it is
 *   remembered and dispatched again once the island is live: the first tap on the menu
 *   button or on an FAQ filter still works (and a link is always left to the browser).
 */
import type { ClientDirective } from 'astro';

const WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'input'] as const;

/**
 * What to click again for a held submit: the button that submitted it, or the one the
 * browser would use for Enter (the form's first submit button). Clicking it, rather than
 * calling requestSubmit, matters: React hydrates an island at once for a click on it, but
 * not for a submit event, which would reach a tree React has not hydrated yet and post.
 */
function submitButton(event: SubmitEvent): Element | null {
  if (event.submitter) return event.submitter;
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  return form?.querySelector('button[type="submit"], button:not([type]), input[type="submit"]') ?? null;
}

/** The nearest element a click would act on, if it is one the browser has no action for. */
function plainButton(target: EventTarget | null): Element | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest('a[href], label, input, select, textarea, summary, button');
  return control?.matches('button[type="button"]') ? control : null;
}

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let replay: Element | null = null;

  // A listener returns nothing: wake settles its own failure (the catch below).
  const onWake = () => void wake();
  const onClick = (event: Event) => {
    replay = plainButton(event.target) ?? replay;
    void wake();
  };
  const onSubmit = (event: Event) => {
    const button = submitButton(event as SubmitEvent);
    // A form with no button to click again cannot be replayed: the browser posts it.
    if (!button) return;
    event.preventDefault();
    replay = button;
    void wake();
  };
  const stopListening = () => {
    for (const type of WAKE_EVENTS) el.removeEventListener(type, onWake);
    el.removeEventListener('click', onClick);
    el.removeEventListener('submit', onSubmit);
  };

  async function wake() {
    if (started) return;
    started = true;
    try {
      const hydrate = await load();
      await hydrate();
    } catch (error) {
      // A failed download (a dropped connection) is retried on the next interaction; a
      // held submit is posted as the plain form.
      started = false;
      if ((replay instanceof HTMLButtonElement || replay instanceof HTMLInputElement) && replay.type === 'submit') {
        el.removeEventListener('submit', onSubmit);
        replay.form?.requestSubmit(replay);
      }
      replay = null;
      throw error;
    }
    stopListening();
    // The framework's root is in place: this click is now delivered to the island.
    replay?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
    replay = null;
  }

  for (const type of WAKE_EVENTS) el.addEventListener(type, onWake, { passive: true });
  el.addEventListener('click', onClick);
  el.addEventListener('submit', onSubmit);
};

export default interaction;
