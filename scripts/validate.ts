/**
 * `npm run validate`: the validators search engines and auditors use, over every page of the
 * production build, failing on any error.
 *
 * - The Nu Html Checker (vnu-jar, the W3C validator) on every page as served, on the staff
 *   portal as the browser has built it with each tab open (its served HTML is an empty shell),
 *   and on /styles/site.css, the stylesheet of the pages the functions render (their HTML is
 *   checked in tests/functions, state by state).
 * - pa11y (HTML_CodeSniffer, WCAG 2 AA) on every page at 375 px (a phone) and at 1280 px, and
 *   on /admin signed in, with each tab opened in turn (panels stay mounted once opened, so the
 *   last run has all six in the document at once, where duplicate ids would show), and each
 *   section of Settings.
 *
 * The server is the end-to-end server (scripts/test-server.ts): the production build over a
 * throwaway, seeded Blobs store with the test staff account. VALIDATE_PORT (default 8895)
 * chooses its port; VALIDATE_URL checks a server that is already running instead (no build).
 * The browser is Debian's Chromium (CHROMIUM_PATH), driven by pa11y's puppeteer.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pa11y, { type Pa11yIssue } from 'pa11y';
import puppeteer, { type Browser, type Viewport } from 'puppeteer';
import { STAFF } from './lib/test-seed.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { signIn } from './lib/child-server.ts';

const DIST = path.resolve('dist');
const VNU_JAR = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
const PORT = Number(process.env.VALIDATE_PORT ?? 8895);
const BASE = process.env.VALIDATE_URL?.replace(/\/$/, '') ?? `http://localhost:${PORT}`;

const WIDTHS: Record<string, Viewport> = {
  '375px': { width: 375, height: 812, isMobile: true, hasTouch: true },
  '1280px': { width: 1280, height: 800 },
};

/**
 * vnu's CSS checker predates Tailwind 4: it reports `@property` rules and `margin-trim`, both
 * valid CSS the browsers support. Only those are set aside; every other message counts.
 */
const OUTDATED_CSS_CHECKER = /^CSS: .*(@property|margin-trim)/s;

interface Problem {
  where: string;
  tool: 'vnu' | 'pa11y';
  message: string;
  extract?: string;
}
const problems: Problem[] = [];

// ---- The server ----------------------------------------------------------------------

async function startServer(): Promise<ChildProcess | null> {
  if (process.env.VALIDATE_URL) return null;
  const child = spawn(process.execPath, ['scripts/test-server.ts'], {
    env: { ...process.env, PORT: String(PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    // Ready means the functions answer too (signed out, /api/user is 401), not just the files.
    const status = await fetch(`${BASE}/api/user`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 401) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start within 5 minutes');
}

async function stopServer(child: ChildProcess | null) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// ---- The pages -----------------------------------------------------------------------

/** Every page the build wrote, by the address it is served at. */
function builtPages(directory = DIST, prefix = '/'): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name !== '_astro')
        pages.push(...builtPages(path.join(directory, entry.name), `${prefix}${entry.name}/`));
    } else if (entry.name === 'index.html') pages.push(prefix);
    else if (entry.name.endsWith('.html')) pages.push(`${prefix}${entry.name}`);
  }
  return pages.sort();
}

// ---- vnu -----------------------------------------------------------------------------

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** Checks every file in one run of the checker (one JVM start), collecting its errors. */
function runVnu(files: Map<string, string>) {
  const directory = mkdtempSync(path.join(tmpdir(), 'validate-'));
  const names = new Map<string, string>();
  try {
    let n = 0;
    for (const [where, html] of files) {
      const file = path.join(directory, `${++n}.html`);
      writeFileSync(file, html);
      names.set(`file:${file}`, where);
    }
    const run = spawnSync(
      'java',
      ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...[...names.keys()].map((url) => url.slice(5))],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.error) throw run.error;
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    for (const message of messages) {
      if (message.type !== 'error' && message.type !== 'non-document-error') continue;
      if (OUTDATED_CSS_CHECKER.test(message.message)) continue;
      const where = names.get(message.url ?? '') ?? message.url ?? '?';
      problems.push({
        where: message.lastLine ? `${where} (line ${message.lastLine})` : where,
        tool: 'vnu',
        message: message.message,
        extract: message.extract?.trim(),
      });
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

// ---- pa11y ---------------------------------------------------------------------------

const PA11Y = { standard: 'WCAG2AA', runners: ['htmlcs'], timeout: 60_000 } as const;

function recordPa11y(where: string, issues: Pa11yIssue[]) {
  for (const issue of issues) {
    if (issue.type !== 'error') continue;
    problems.push({
      where,
      tool: 'pa11y',
      message: `${issue.message} [${issue.code}]`,
      extract: `${issue.selector}: ${issue.context}`,
    });
  }
}

async function checkPublicPage(browser: Browser, page: string, width: string) {
  const results = await pa11y(`${BASE}${page}`, { ...PA11Y, browser, viewport: WIDTHS[width]! });
  recordPa11y(`${page} at ${width}`, results.issues);
}

/**
 * Signs in, opens /admin and each of its tabs in turn, and checks the page with each tab open.
 * Returns the portal's DOM with each tab open, for vnu.
 */
async function checkAdmin(browser: Browser, cookie: string, width: string): Promise<Map<string, string>> {
  const snapshots = new Map<string, string>();
  const page = await browser.newPage();
  try {
    await page.setViewport(WIDTHS[width]!);
    const [name, ...value] = cookie.split('=');
    await page
      .browserContext()
      .setCookie({ name: name!, value: value.join('='), domain: new URL(BASE).hostname, path: '/' });
    await page.goto(`${BASE}/admin`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[role="tab"]');
    const tabs = await page.$$eval('[role="tab"]', (elements) =>
      elements.map((element) => element.id.replace(/^tab-/, '')),
    );
    /** Waits until the panel shows with nothing loading, then checks the page as it is. */
    const checkShown = async (tab: string, where: string) => {
      await page.waitForFunction(
        (id: string) => {
          const panel = document.getElementById(`panel-${id}`);
          if (!panel || panel.hidden || panel.childElementCount === 0) return false;
          return ![...panel.querySelectorAll('[role="status"]')].some((status) =>
            /Loading/.test(status.textContent ?? ''),
          );
        },
        { timeout: 30_000 },
        tab,
      );
      await page.waitForNetworkIdle({ idleTime: 300 });
      const results = await pa11y(`${BASE}/admin`, {
        ...PA11Y,
        browser,
        page,
        ignoreUrl: true,
        viewport: WIDTHS[width]!,
      });
      recordPa11y(where, results.issues);
      snapshots.set(where, `<!doctype html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`);
    };
    for (const tab of tabs) {
      await page.click(`#tab-${tab}`);
      // Open and loaded: the panel shows, and no 'Loading…' status is left in it.
      await checkShown(tab, `/admin, tab ${tab}, at ${width}`);
      // Settings shows one section at a time (decision 039): each is checked as shown.
      const sections = await page.$$eval(`#panel-${tab} nav[aria-label="Settings sections"] a`, (links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).searchParams.get('section') ?? ''),
      );
      for (const section of sections.slice(1)) {
        await page.click(`#panel-${tab} nav[aria-label="Settings sections"] a[href$="section=${section}"]`);
        await checkShown(tab, `/admin, tab ${tab}, section ${section}, at ${width}`);
      }
    }
  } finally {
    await page.close();
  }
  return snapshots;
}

// ---- Run -----------------------------------------------------------------------------

const started = performance.now();
const server = await startServer();
let browser: Browser | undefined;
try {
  const pages = builtPages();
  console.log(`Validating ${pages.length} pages and /admin's tabs at ${BASE}`);

  // vnu reads each page as served: the bytes a crawler gets, before any script runs.
  const served = new Map<string, string>();
  for (const page of pages) {
    const response = await fetch(`${BASE}${page}`);
    served.set(page, await response.text());
  }

  browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  for (const page of pages) {
    // The portal sends signed-out visitors to /login: it is checked signed in, below.
    if (/^\/admin\b/.test(page)) continue;
    for (const width of Object.keys(WIDTHS)) await checkPublicPage(browser, page, width);
  }
  const cookie = await signIn(BASE, STAFF.username, STAFF.password);
  for (const width of Object.keys(WIDTHS)) {
    for (const [where, html] of await checkAdmin(browser, cookie, width)) served.set(where, html);
  }
  // The stylesheet the functions' pages link (decision 023), checked as a page's own <style> is.
  const stylesheet = await (await fetch(`${BASE}/styles/site.css`)).text();
  served.set(
    '/styles/site.css',
    `<!doctype html>\n<html lang="en"><head><title>site.css</title><style>${stylesheet}</style></head><body></body></html>`,
  );
  runVnu(served);
} finally {
  await browser?.close();
  await stopServer(server);
}

for (const problem of problems) {
  console.log(
    `\n[${problem.tool}] ${problem.where}\n  ${problem.message}${problem.extract ? `\n  ${problem.extract.replace(/\s+/g, ' ').slice(0, 300)}` : ''}`,
  );
}
const seconds = Math.round((performance.now() - started) / 1000);
const count = (tool: Problem['tool']) => problems.filter((problem) => problem.tool === tool).length;
console.log(`\nvnu: ${count('vnu')} errors; pa11y: ${count('pa11y')} errors (${seconds} s)`);
process.exitCode = problems.length ? 1 : 0;
