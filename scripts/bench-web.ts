/**
 * `npm run bench:web`: Lighthouse (mobile preset) on the production build of `/`, `/blog`
 * and one article, several runs each, with the medians of the scores and of LCP, TBT and
 * CLS; plus the gzip size of the JavaScript each page loads, read from the built HTML.
 * A benchmark: it prints, it never fails on a figure.
 *
 * Env: BENCH_RUNS (default 3), BENCH_PORT (default 8894), CHROMIUM_PATH (/usr/bin/chromium).
 * The server is the e2e server (scripts/test-server.ts): the production build over a
 * throwaway, seeded Blobs store, so the figures never depend on local data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 8894);
const DIST = path.resolve('dist');
const BASE = `http://localhost:${PORT}`;

// ---- The server ----------------------------------------------------------------------

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/test-server.ts'], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${BASE}/`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start within 4 minutes');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

// ---- JavaScript weight, from the built HTML --------------------------------------------

interface JsWeight {
  /** Everything the page can load at most (all islands hydrated). */
  total: number;
  /** What a desktop visitor loads before scrolling: no client:visible, no mobile-only islands. */
  desktopInitial: number;
  /** What a 375 px visitor loads before scrolling. */
  mobileInitial: number;
}

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** A built file and its static imports, transitively (dynamic imports are lazy: left out). */
function moduleGraph(url: string, seen = new Set<string>()): Set<string> {
  if (seen.has(url) || !url.startsWith('/')) return seen;
  const file = path.join(DIST, url);
  if (!existsSync(file)) return seen;
  seen.add(url);
  const code = readFileSync(file, 'utf8');
  const imports = /(?:^|[;}\s])(?:import|export)\s*(?:[^'"()]*?\bfrom\s*)?["']([^"']+\.m?js)["']/g;
  for (const match of code.matchAll(imports)) {
    const target = match[1]!;
    const resolved = target.startsWith('/') ? target : path.posix.join(path.posix.dirname(url), target);
    moduleGraph(resolved, seen);
  }
  return seen;
}

function jsWeight(htmlFile: string): JsWeight {
  const html = readFileSync(htmlFile, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .filter((code) => code.trim() !== '');
  const inlineBytes = inline.reduce((sum, code) => sum + gzipSize(code), 0);

  const always = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) moduleGraph(match[1]!, always);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) moduleGraph(match[1]!, always);

  const desktop = new Set(always);
  const mobile = new Set(always);
  const all = new Set(always);
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attributes = match[1]!;
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1]?.replace(/&amp;/g, '&');
    const directive = attribute('client') ?? 'load';
    let media = '';
    try {
      media = String((JSON.parse((attribute('opts') ?? '{}').replace(/&quot;/g, '"')) as { value?: unknown }).value ?? '');
    } catch {
      // No options: not a media island.
    }
    const island = new Set<string>();
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(name);
      if (url) moduleGraph(url, island);
    }
    const maxWidth = Number(/max-width:\s*(\d+)px/.exec(media)?.[1] ?? Infinity);
    const minWidth = Number(/min-width:\s*(\d+)px/.exec(media)?.[1] ?? 0);
    const matches = (width: number) => width <= maxWidth && width >= minWidth;
    for (const url of island) all.add(url);
    const initial = directive === 'load' || directive === 'idle' || directive === 'only';
    if (initial || (directive === 'media' && matches(1280))) for (const url of island) desktop.add(url);
    if (initial || (directive === 'media' && matches(375))) for (const url of island) mobile.add(url);
  }
  const sum = (urls: Set<string>) =>
    [...urls].reduce((total, url) => total + gzipSize(readFileSync(path.join(DIST, url))), 0) + inlineBytes;
  return { total: sum(all), desktopInitial: sum(desktop), mobileInitial: sum(mobile) };
}

// ---- Lighthouse -------------------------------------------------------------------------

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function audit(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
  };
}

function firstArticle(): string | null {
  const blog = path.join(DIST, 'blog');
  if (!existsSync(blog)) return null;
  const slug = readdirSync(blog, { withFileTypes: true }).find(
    (entry) => entry.isDirectory() && entry.name !== 'not-found' && existsSync(path.join(blog, entry.name, 'index.html')),
  )?.name;
  return slug ? `/blog/${slug}` : null;
}

// ---- Main -------------------------------------------------------------------------------

const server = await startServer();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  const article = firstArticle();
  const pages = [
    { name: '/', path: '/', html: path.join(DIST, 'index.html') },
    { name: '/blog', path: '/blog', html: path.join(DIST, 'blog', 'index.html') },
    ...(article ? [{ name: `article (${article})`, path: article, html: path.join(DIST, article, 'index.html') }] : []),
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const page of pages) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await audit(chrome.port, `${BASE}${page.path}`));
        process.stderr.write('.');
      }
      const m = (key: keyof Run) => median(runs.map((run) => run[key]));
      const js = jsWeight(page.html);
      rows.push({
        page: page.name,
        Perf: m('performance'),
        A11y: m('accessibility'),
        BP: m('bestPractices'),
        SEO: m('seo'),
        'LCP ms': Math.round(m('lcp')),
        'TBT ms': Math.round(m('tbt')),
        CLS: Number(m('cls').toFixed(3)),
        'JS all': kb(js.total),
        'JS desktop': kb(js.desktopInitial),
        'JS mobile': kb(js.mobileInitial),
      });
    }
  } finally {
    chrome.kill();
  }
  process.stderr.write('\n');
  console.log(`Lighthouse ${RUNS} run(s) per page, mobile preset, medians. JS = gzip of what the page loads`);
  console.log('(all = every island hydrated; desktop/mobile = before scrolling, at 1280 px / 375 px).');
  console.table(rows);
  console.log('Targets: Performance >= 98; Accessibility, Best Practices, SEO 100; JS on / <= 110 KB; article at desktop <= 10 KB.');
} finally {
  await stopServer(server);
}
