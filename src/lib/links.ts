/**
 * Section links: on the landing page they are in-page anchors that scroll
 * smoothly; from any other page they lead to the landing page with the anchor.
 */
export const sectionHref = (anchor: string, onHome: boolean): string => (onHome ? `#${anchor}` : `/#${anchor}`);

/** `/v2/{section}`: the id to scroll to, or null. Keeps only [A-Za-z0-9_#-]. */
export function sectionFromPath(pathname: string): string | null {
  const match = /^\/v2\/(.+)$/.exec(pathname);
  if (!match?.[1]) return null;
  let raw = match[1];
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // Malformed escapes: use the raw text.
  }
  const id = raw.replace(/[^A-Za-z0-9_#-]/g, '');
  return id === '' ? null : id;
}
