/** The islands' <style> moves from <body> (invalid HTML there) into <head> after the build. */
import { describe, expect, it } from 'vitest';
import { islandStyleToHead } from '#src/integrations/island-style-in-head.mjs';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

describe('islandStyleToHead', () => {
  it('moves the style from the body to the end of the head, once', () => {
    const page = `<html><head><title>x</title></head><body><div>${STYLE}<script>1</script><astro-island></astro-island></div></body></html>`;
    expect(islandStyleToHead(page)).toBe(
      `<html><head><title>x</title>${STYLE}</head><body><div><script>1</script><astro-island></astro-island></div></body></html>`,
    );
  });

  it('leaves pages without islands, or already moved, as they are', () => {
    const plain = '<html><head></head><body><p>x</p></body></html>';
    expect(islandStyleToHead(plain)).toBe(plain);
    const moved = `<html><head>${STYLE}</head><body></body></html>`;
    expect(islandStyleToHead(moved)).toBe(moved);
  });
});
