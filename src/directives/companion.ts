/**
 * `client:companion`: hydrates an island as soon as another island on the page has
 * hydrated, and not before. For the toaster on public pages: only an island that has
 * woken up (an enquiry form someone is filling in) can show a toast, and by then React is
 * loaded anyway, so the toaster costs one small chunk instead of pulling React onto a
 * page nobody has touched. A toast set while the toaster is
 * still loading waits in its store and shows once the toaster is live.
 */
import type { ClientDirective } from 'astro';

const companion: ClientDirective = (load, _options, el) => {
  let started = false;
  const wake = async (event?: Event) => {
    if (started || event?.target === el) return;
    started = true;
    document.removeEventListener('astro:hydrate', onHydrate, { capture: true });
    const hydrate = await load();
    await hydrate();
  };
  const onHydrate = (event: Event) => void wake(event);
  // `astro:hydrate` does not bubble: a capturing listener on the document hears every island's.
  document.addEventListener('astro:hydrate', onHydrate, { capture: true });
  // An island that hydrated before this one was parsed (its code cached) counts too.
  if (document.querySelector('astro-island:not([ssr])')) void wake();
};

export default companion;
