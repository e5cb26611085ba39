/**
 * The scroll-reveal stagger (100 ms per sibling position) as a class rather
 * than a style attribute: the Content-Security-Policy allows no inline style attributes.
 * The class names are written out in full so Tailwind generates them.
 */
const DELAYS = [
  '[--reveal-delay:0ms]',
  '[--reveal-delay:100ms]',
  '[--reveal-delay:200ms]',
  '[--reveal-delay:300ms]',
  '[--reveal-delay:400ms]',
  '[--reveal-delay:500ms]',
] as const;

export const revealDelay = (position: number): string => DELAYS[Math.min(Math.max(position, 0), DELAYS.length - 1)]!;
