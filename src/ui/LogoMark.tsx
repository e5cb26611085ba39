/**
 * The practice's mark (a house on the brand's navy), as the site's header draws it
 * (src/components/Logo.astro) and the pages the functions render repeat it, so a client who
 * follows a link from an e-mail lands on a page that plainly belongs to the same practice.
 * Decorative: the practice's name always stands beside it.
 */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width={size} height={size} className="shrink-0">
      <rect width="32" height="32" rx="7" fill="#122f52"></rect>
      <path d="M7 16.5 16 9l9 7.5V24a1 1 0 0 1-1 1h-5.5v-5h-5v5H8a1 1 0 0 1-1-1z" fill="#e0a43a"></path>
    </svg>
  );
}
