/** The build's Content-Security-Policy (src/integrations/csp.mjs): what it hashes and what it refuses. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineSources, policyWith } from '#src/integrations/csp.mjs';

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

  // Text staff write (a post title, the practice name, alt text) reaches pages in text and in
  // attribute values (meta tags, alt, title). None of it may stop the build or add a hash.
  it('lets a title starting "JavaScript:" through in meta tags and alt text', () => {
    const title = 'JavaScript: why the quote calculator needs it';
    const html = `<head><title>${title}</title><meta property="og:title" content="${title}"></head>
      <body><img src="/media/a.png" alt="${title}" width="1" height="1"><a href="/blog/js" title="${title}">${title}</a></body>`;
    expect(inlineSources(html)).toEqual({ scripts: [], styles: [], problems: [] });
  });

  it('reads markup-like staff text inside attribute values as text, not as tags', () => {
    const name = 'Smith <b onclick=alert(1)>Conveyancing</b>';
    const html = `<head><meta name="author" content="${name}"><meta property="og:site_name" content='${name}'></head>
      <body><img src="/media/a.png" alt="Keys; onload=alert(1) style=x" width="1" height="1"><p>Smith &lt;b onclick=alert(1)&gt;</p></body>`;
    expect(inlineSources(html).problems).toEqual([]);
  });

  it('never hashes a script written in staff text', () => {
    const html = `<head><meta name="author" content="<script>alert(1)</script>"><style>a{color:red}</style></head>
      <body><img alt="<style>b{}</style>" src="/a.png"><script type="module">go()</script></body>`;
    expect(inlineSources(html)).toEqual({ scripts: ['go()'], styles: ['a{color:red}'], problems: [] });
  });

  it('still finds a real handler or javascript: link whatever the quoting and case', () => {
    const { problems } = inlineSources(
      `<img src=/a.png OnLoad=go()><a href=" JavaScript:go()">x</a><svg><a xlink:href="javascript:go()"></a></svg>`,
    );
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'inline event handler',
      'javascript',
      'javascript',
    ]);
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
