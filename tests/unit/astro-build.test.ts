/** The reason staff read when a local rebuild fails: the first error line of `astro build`. */
import { describe, expect, it } from 'vitest';
import { firstErrorLine } from '#scripts/lib/astro-build.ts';

describe('firstErrorLine', () => {
  it("takes Astro's first error line without colours or timestamp, with the cause its hook wrapper hides", () => {
    const output = [
      '\u001b[2m15:22:13\u001b[22m \u001b[31m[ERROR]\u001b[39m [content-security-policy] An unhandled error occurred while running the "astro:build:done" hook',
      'The Content-Security-Policy would block parts of these pages; use a class or a script instead:',
      'index.html: style attribute: <li style="--d:1ms">',
      '  Stack trace:',
      '    at Error (file:///x.mjs:1:1)',
    ].join('\n');
    expect(firstErrorLine(output)).toBe(
      '[ERROR] [content-security-policy] An unhandled error occurred while running the "astro:build:done" hook: The Content-Security-Policy would block parts of these pages; use a class or a script instead:',
    );
  });

  it('takes a plain error as it is, and says nothing when there is no error line', () => {
    expect(firstErrorLine('warning: slow\n[ERROR] [content] Could not read Netlify Blobs: fetch failed\nmore')).toBe(
      '[ERROR] [content] Could not read Netlify Blobs: fetch failed',
    );
    expect(firstErrorLine('npm warn something\n')).toBeNull();
  });

  it("takes the cause under Astro's configuration notice", () => {
    expect(firstErrorLine('[config] Astro found issue(s) with your configuration:\n\n! Invalid URL\n')).toBe(
      '[config] Astro found issue(s) with your configuration: ! Invalid URL',
    );
  });
});
