// @ts-check
/**
 * A strict Content-Security-Policy for every built page, with no 'unsafe-inline'.
 * See docs/decisions/003-content-security-policy.md.
 *
 * Astro inlines small scripts (the island runtime, its client directives, short
 * component scripts) and, with `inlineStylesheets: 'always'`, the stylesheet. Once the
 * build is done this integration reads every built HTML page, hashes each inline script
 * and style, and writes one policy with all those hashes to `_headers` in the output
 * folder, which Netlify (and the local server, through @netlify/headers) applies to
 * every path. One site-wide policy, rather than one per page, also covers the pages
 * served for other paths (404s, /v2/* rewrites, the article not-found page), and any
 * page someone adds later.
 *
 * Hashes cannot allow inline event handlers (`onclick=`), `javascript:` links or style
 * attributes, so the build fails if a page has one: it would break in the browser.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'parse5';
import { BASE_POLICY, serializePolicy } from '../shared/csp-policy.ts';

/** Script types the browser runs (others, such as JSON-LD, are data and need no hash). */
const EXECUTABLE = /^(|module|text\/javascript|application\/javascript)$/i;

/** Attributes whose value the browser follows as a URL: there a `javascript:` value runs. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'data',
  'poster',
  'cite',
  'background',
]);

/** @param {string} text */
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * @typedef {import('parse5').DefaultTreeAdapterMap['element']} Element
 * @typedef {import('parse5').DefaultTreeAdapterMap['parentNode']} ParentNode
 */

/** The raw text of a script or style element, as the browser hashes it. */
const textOf = (/** @type {Element} */ element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/** @param {Element} element @param {string} name */
const attribute = (element, name) => element.attrs.find((attr) => attr.name === name)?.value;

/** @param {Element} element @param {{ name: string; value: string }} attr */
const describe = (element, attr) => `<${element.tagName} ${attr.name}="${attr.value}">`.slice(0, 120);

/**
 * The inline scripts and styles of a page, and what no hash can allow in it. The page is
 * parsed as the browser parses it (parse5 follows the HTML standard), so only real
 * `<script>` and `<style>` elements count, and only real attributes: text staff wrote
 * (a title, a practice name, alt text) sits in text nodes or attribute values, where it can
 * neither add a hash to the policy nor be mistaken for a handler and stop the build.
 * @param {string} html
 * @returns {{ scripts: string[]; styles: string[]; problems: string[] }}
 */
export function inlineSources(html) {
  /** @type {string[]} */
  const scripts = [];
  /** @type {string[]} */
  const styles = [];
  /** @type {string[]} */
  const problems = [];
  /** @param {ParentNode} node */
  const visit = (node) => {
    for (const child of node.childNodes) {
      if (!('tagName' in child)) continue;
      if (child.tagName === 'style') styles.push(textOf(child));
      if (child.tagName === 'script' && attribute(child, 'src') === undefined) {
        if (EXECUTABLE.test((attribute(child, 'type') ?? '').trim())) scripts.push(textOf(child));
      }
      for (const attr of child.attrs) {
        if (attr.name === 'style') problems.push(`style attribute: ${describe(child, attr)}`);
        if (attr.name.startsWith('on')) problems.push(`inline event handler: ${describe(child, attr)}`);
        // The browser drops control characters and spaces around a URL, and tabs and line
        // breaks inside it, before it reads the scheme.
        // eslint-disable-next-line no-control-regex -- the characters a browser strips are control characters
        if (URL_ATTRIBUTES.has(attr.name) && /^javascript:/i.test(attr.value.replace(/[\u0000-\u0020]/g, ''))) {
          problems.push(`javascript: URL: ${describe(child, attr)}`);
        }
      }
      visit(child);
      if ('content' in child) visit(/** @type {import('parse5').DefaultTreeAdapterMap['template']} */ (child).content);
    }
  };
  visit(parse(html));
  return { scripts, styles, problems };
}

/**
 * @param {{ scripts: Iterable<string>; styles: Iterable<string> }} inline
 * @returns {string}
 */
export function policyWith({ scripts, styles }) {
  const directives = structuredClone(BASE_POLICY);
  directives['script-src'].push(...[...new Set([...scripts].map(sha256))].sort());
  directives['style-src'].push(...[...new Set([...styles].map(sha256))].sort());
  return serializePolicy(directives);
}

/** @param {string} dir */
async function htmlFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** @returns {import('astro').AstroIntegration} */
export default function contentSecurityPolicy() {
  return {
    name: 'content-security-policy',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = fileURLToPath(dir);
        const scripts = new Set();
        const styles = new Set();
        const problems = [];
        for (const file of await htmlFiles(outDir)) {
          const found = inlineSources(await readFile(file, 'utf8'));
          found.scripts.forEach((script) => scripts.add(script));
          found.styles.forEach((style) => styles.add(style));
          problems.push(...found.problems.map((problem) => `${path.relative(outDir, file)}: ${problem}`));
        }
        if (problems.length) {
          throw new Error(
            `The Content-Security-Policy would block parts of these pages; use a class or a script instead:\n${problems.join('\n')}`,
          );
        }
        const policy = policyWith({ scripts, styles });
        const headers = [
          '# Written by the build (src/integrations/csp.mjs): the policy carries the hashes of',
          '# every inline script and style of this build. Other headers are in netlify.toml.',
          '/*',
          `  Content-Security-Policy: ${policy}`,
          '',
        ].join('\n');
        await writeFile(path.join(outDir, '_headers'), headers);
        logger.info(`_headers: Content-Security-Policy with ${scripts.size} script and ${styles.size} style hashes`);
      },
    },
  };
}
