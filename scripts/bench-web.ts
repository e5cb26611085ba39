/**
 * `npm run bench:web`: Lighthouse (mobile preset) on the production build of `/`, `/blog`,
 * one article and `/quote`, several runs each, with the medians of the scores and of LCP,
 * TBT and CLS; plus the JavaScript each page loads (gzip), measured in Chromium at 375 px
 * (a phone, touch) and at 1280 px: on load, and after reading down to the end of the page
 * without touching anything (the public islands hydrate on first interaction, so this is
 * the JavaScript before any interaction). A second table gives those figures for every
 * public page (BENCH_JS_PAGES). A benchmark: it prints, it never fails on a figure.
 *
 * Env: BENCH_PAGES (comma-separated paths, `article` for the newest article; default
 * `/,/blog,article,/quote`; a page the build does not have is skipped with a note),
 * BENCH_JS_PAGES (JavaScript only; default every public page, a missing tag and a 404),
 * BENCH_RUNS (default 3), BENCH_PORT (default 8894), CHROMIUM_PATH (/usr/bin/chromium),
 * BENCH_AGAINST (the address of another build's server, e.g. an older commit's
 * `PORT=8896 node scripts/test-server.ts` in a worktree: its Lighthouse runs alternate with
 * this build's, so a before/after on this noisy shared machine compares like with like).
 * The server is the e2e server (scripts/test-server.ts): the production build over a
 * throwaway, seeded Blobs store, so the figures never depend on local data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request as PlaywrightRequest } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = (process.env.BENCH_PAGES ?? '/,/blog,article,/quote')
  .split(',')
  .map((page) => page.trim())
  .filter(Boolean);
const JS_PAGES = (
  process.env.BENCH_JS_PAGES ?? '/,/blog,article,/blog/tag/x,/quote,/privacy,/thanks,/enquiry-error,/no-such-page'
)
  .split(',')
  .map((page) => page.trim())
  .filter(Boolean);
const PORT = Number(process.env.BENCH_PORT ?? 8894);
const AGAINST = process.env.BENCH_AGAINST?.replace(/\/$/, '');
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

/** Everything the page can load at most (every island hydrated), read from the built HTML. */
function jsTotal(htmlFile: string): number {
  const html = readFileSync(htmlFile, 'utf8');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .filter((code) => code.trim() !== '');
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) moduleGraph(match[1]!, urls);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) moduleGraph(match[1]!, urls);
  for (const match of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    for (const name of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\b${name}="([^"]*)"`).exec(match[1]!)?.[1]?.replace(/&amp;/g, '&');
      if (url) moduleGraph(url, urls);
    }
  }
  return (
    inline.reduce((sum, code) => sum + gzipSize(code), 0) +
    [...urls].reduce((sum, url) => sum + gzipSize(readFileSync(path.join(DIST, url))), 0)
  );
}

interface Measured {
  /** Script bytes as sent (gzip) plus inline scripts gzipped, once the page has loaded. */
  load: number;
  /** The same after scrolling to the end of the page (below-the-fold islands hydrate). */
  read: number;
}

/** The JavaScript a visitor at this width really loads, without opening the menu. */
async function measureJs(page: Page, url: string): Promise<Measured> {
  const sizes: Promise<number>[] = [];
  const onFinished = (request: PlaywrightRequest) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((size) => size.responseBodySize));
  };
  page.on('requestfinished', onFinished);
  const inline = () =>
    page.evaluate(async () => {
      let total = 0;
      for (const script of document.querySelectorAll<HTMLScriptElement>('script:not([src])')) {
        if (script.type && !/^(module|text\/javascript)$/i.test(script.type)) continue;
        const gzip = new Blob([script.textContent ?? '']).stream().pipeThrough(new CompressionStream('gzip'));
        total += (await new Response(gzip).arrayBuffer()).byteLength;
      }
      return total;
    });
  const external = async () => (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
  // Generous limits: the machine may be busy; a benchmark waits rather than fails.
  page.setDefaultTimeout(180_000);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const load = (await inline()) + (await external());
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0; y <= height; y += 300) {
    await page.evaluate((top) => scrollTo({ top, behavior: 'instant' }), y);
    await page.waitForLoadState('networkidle');
  }
  await page.waitForLoadState('networkidle');
  const read = (await inline()) + (await external());
  page.off('requestfinished', onFinished);
  return { load, read };
}

async function measureAtWidths(urls: string[]): Promise<Map<string, { phone: Measured; desktop: Measured }>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const results = new Map<string, { phone: Measured; desktop: Measured }>();
  try {
    const widths = {
      phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      desktop: { viewport: { width: 1280, height: 800 } },
    };
    for (const url of urls) {
      const measured: Partial<Record<keyof typeof widths, Measured>> = {};
      for (const [name, options] of Object.entries(widths) as [
        keyof typeof widths,
        (typeof widths)[keyof typeof widths],
      ][]) {
        // A fresh context each time: nothing cached from another page.
        const context = await browser.newContext(options);
        measured[name] = await measureJs(await context.newPage(), url);
        await context.close();
      }
      results.set(url, measured as { phone: Measured; desktop: Measured });
    }
  } finally {
    await browser.close();
  }
  return results;
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
    (entry) =>
      entry.isDirectory() && entry.name !== 'not-found' && existsSync(path.join(blog, entry.name, 'index.html')),
  )?.name;
  return slug ? `/blog/${slug}` : null;
}

// ---- Main -------------------------------------------------------------------------------

const server = await startServer();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  const pages: { name: string; path: string; html: string }[] = [];
  const skipped: string[] = [];
  for (const wanted of PAGES) {
    const pagePath = wanted === 'article' ? firstArticle() : wanted;
    const html = pagePath ? path.join(DIST, pagePath, 'index.html') : '';
    if (!pagePath || !existsSync(html)) {
      skipped.push(`${wanted}: not in this build, skipped`);
      continue;
    }
    pages.push({ name: wanted === 'article' ? `article (${pagePath})` : pagePath, path: pagePath, html });
  }
  // Every public page, for JavaScript only; served as a visitor gets it (a 404 included).
  const jsPages = JS_PAGES.map((wanted) => (wanted === 'article' ? firstArticle() : wanted)).filter(
    (page): page is string => page !== null,
  );
  const measured = await measureAtWidths(
    [...new Set([...pages.map((page) => page.path), ...jsPages])].map((page) => `${BASE}${page}`),
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const page of pages) {
      const builds = AGAINST ? [AGAINST, BASE] : [BASE];
      const runs = new Map<string, Run[]>(builds.map((base) => [base, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const base of builds) {
          runs.get(base)!.push(await audit(chrome.port, `${base}${page.path}`));
          process.stderr.write('.');
        }
      }
      const js = measured.get(`${BASE}${page.path}`)!;
      for (const base of builds) {
        const m = (key: keyof Run) => median(runs.get(base)!.map((run) => run[key]));
        rows.push({
          page: AGAINST ? `${page.name} ${base === BASE ? 'this build' : 'against'}` : page.name,
          Perf: m('performance'),
          A11y: m('accessibility'),
          BP: m('bestPractices'),
          SEO: m('seo'),
          'LCP ms': Math.round(m('lcp')),
          'TBT ms': Math.round(m('tbt')),
          CLS: Number(m('cls').toFixed(3)),
          ...(base === BASE
            ? {
                'JS 375 load': kb(js.phone.load),
                'JS 375 read': kb(js.phone.read),
                'JS 1280 load': kb(js.desktop.load),
                'JS 1280 read': kb(js.desktop.read),
                'JS all': kb(jsTotal(page.html)),
              }
            : {}),
        });
      }
    }
  } finally {
    chrome.kill();
  }
  process.stderr.write('\n');
  console.log(`Lighthouse ${RUNS} run(s) per page, mobile preset, medians. JS = gzip of what the page loads, measured`);
  if (AGAINST)
    console.log(`Runs alternate between this build and the one at ${AGAINST} ("against"); JS is this build's.`);
  console.log('in Chromium at 375 px (touch) and 1280 px: on load, and after reading to the end without opening the');
  console.log('menu; "JS all" = every island hydrated, from the built HTML.');
  console.table(rows);
  for (const note of skipped) console.log(`Note: ${note}.`);
  console.log('JavaScript before any interaction (gzip; loaded, then read to the end untouched), every public page:');
  console.table(
    jsPages.map((page) => {
      const js = measured.get(`${BASE}${page}`)!;
      const before = Math.max(js.phone.read, js.desktop.read);
      return {
        page,
        'JS 375 read': kb(js.phone.read),
        'JS 1280 read': kb(js.desktop.read),
        '<= 10 KB': before <= 10 * 1024 ? 'yes' : 'NO',
      };
    }),
  );
  console.log(
    'Targets: Performance 100 and TBT <= 50 ms on /, /blog, the article and /quote; Accessibility, Best Practices,',
  );
  console.log('SEO 100; <= 10 KB of JavaScript before any interaction on every public page, at both widths.');
} finally {
  await stopServer(server);
}
