/** The build's Content-Security-Policy (src/integrations/csp.mjs): what it hashes and what it refuses. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineSources, policyWith } from '../../src/integrations/csp.mjs';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineSources', () => {
  it('finds inline scripts and styles, but not external scripts or JSON-LD data', () => {
    const html = `<head><style>a{color:red}</style><script type="module">go()</script><script src="/_astro/x.js"></script>
      <script type="application/ld+json">{"@type":"Thing"}</script><script>(()=>1)()</script></head>`;
    expect(inlineSources(html)).toEqual({ scripts: ['go()', '(()=>1)()'], styles: ['a{color:red}'], problems: [] });
  });

  it('reports what no hash can allow: style attributes, inline handlers, javascript: links', () => {
    const { problems } = inlineSources(
      `<li style="--d:1ms">x</li><button onclick="go()">y</button><a href="javascript:go()">z</a><p data-style="ok">fine</p>`,
    );
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^style attribute/);
    expect(problems[1]).toMatch(/^inline event handler/);
    expect(problems[2]).toMatch(/^javascript: URL/);
  });

  it('does not mistake code inside a script for markup', () => {
    expect(inlineSources(`<script>el.innerHTML = '<b style="x">'</script>`).problems).toEqual([]);
  });
});

describe('policyWith', () => {
  it("allows 'self' plus exactly the hashes, never 'unsafe-inline', and keeps frame-ancestors", () => {
    const policy = policyWith({ scripts: ['go()', 'go()'], styles: ['a{color:red}'] });
    expect(policy).toContain(`script-src 'self' ${hash('go()')};`);
    expect(policy).toContain(`style-src 'self' ${hash('a{color:red}')};`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
  });
});
