/**
 * What each spec shares with the others on the one e2e server, and the lock that lets two
 * workers run side by side without stepping on each other (docs/decisions/040-two-e2e-workers.md).
 *
 * Every test takes the lock of its spec's kind before it starts (the `sharedState` fixture in
 * fixtures.ts) and gives it back when it ends. Two tests run at once only when their kinds
 * allow it:
 * - `alone`: moves the server's clock (sessions and engagements of every other test would
 *   expire), or changes what every page and journey reads (the practice's details, the duty
 *   rates), or reads the audit log's order, which every staff action writes to. Runs with
 *   nothing beside it.
 * - `site`: changes the public site through a rebuild (blog posts, services, testimonials,
 *   images). Runs beside `own` tests only: never beside another rebuild it could mistake for
 *   its own, nor beside a test reading the pages it changes.
 * - `reads-site`: reads the public pages, their sitemap and feed, or the admin lists that
 *   `site` tests change.
 * - `own`: works on records it made itself under a unique name (enquiries, engagements,
 *   due diligence, matters) and reads nothing a `site` test changes.
 *
 * A spec not listed below counts as `site` in both projects: safe, if slower, until it is
 * classified. A test that a spec skips in its body still takes its lock first, so where a
 * spec's tests all skip at one width it is listed as `own` there (the cheapest wait).
 */
import { mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type SharedStateKind = 'alone' | 'site' | 'reads-site' | 'own';

/** Which kinds may run at the same time. */
const COMPATIBLE: Record<SharedStateKind, readonly SharedStateKind[]> = {
  alone: [],
  site: ['own'],
  'reads-site': ['reads-site', 'own'],
  own: ['site', 'reads-site', 'own'],
};

type Kinds = { desktop: SharedStateKind; mobile: SharedStateKind };
const both = (kind: SharedStateKind): Kinds => ({ desktop: kind, mobile: kind });
/** A desktop-only spec (every test skips at 375 px): on the phone it only takes the lock to skip. */
const desktopOnly = (kind: SharedStateKind): Kinds => ({ desktop: kind, mobile: 'own' });

/** Each spec's kind in each project, by file name. */
export const SHARED_STATE: Record<string, Kinds> = {
  // The clock, the practice's details, the duty rates, the audit log's order.
  'admin-blog-schedule.spec.ts': desktopOnly('alone'),
  'admin-duty-indexation.spec.ts': desktopOnly('alone'),
  // On the phone only axe on the Settings tab runs, reading it.
  'admin-settings.spec.ts': { desktop: 'alone', mobile: 'reads-site' },
  'admin-staff.spec.ts': desktopOnly('alone'),
  // Rebuilds of the public site.
  'admin-blog-editor.spec.ts': desktopOnly('site'),
  'admin-blog-images.spec.ts': desktopOnly('site'),
  'admin-blog-revisions.spec.ts': desktopOnly('site'),
  'admin-blog-ux.spec.ts': desktopOnly('site'),
  'admin-blog.spec.ts': desktopOnly('site'),
  // On the phone only axe on the Services and Testimonials forms runs, reading the tabs.
  'admin-content.spec.ts': { desktop: 'site', mobile: 'reads-site' },
  'admin-media.spec.ts': desktopOnly('site'),
  'admin-toggles.spec.ts': desktopOnly('site'),
  'public-markdown-article.spec.ts': desktopOnly('site'),
  // A post with a featured image, on the phone only.
  'images.spec.ts': { desktop: 'own', mobile: 'site' },
  // The public pages, and the admin tabs the rebuilding specs change.
  'admin-tabs.spec.ts': both('reads-site'),
  'api-platform.spec.ts': both('reads-site'),
  'csp.spec.ts': both('reads-site'),
  'login-page.spec.ts': both('reads-site'),
  'login-session.spec.ts': both('reads-site'),
  'public-a11y.spec.ts': both('reads-site'),
  'public-blog.spec.ts': both('reads-site'),
  'public-first-tap.spec.ts': both('reads-site'),
  'public-forms-nojs.spec.ts': both('reads-site'),
  'public-forms.spec.ts': both('reads-site'),
  'public-hydration.spec.ts': both('reads-site'),
  'public-landing.spec.ts': both('reads-site'),
  'public-layout.spec.ts': both('reads-site'),
  'public-navigation.spec.ts': both('reads-site'),
  'public-quote.spec.ts': both('reads-site'),
  'public-weight.spec.ts': both('reads-site'),
  'public-launch-kit.spec.ts': both('reads-site'),
  'quote-email.spec.ts': both('reads-site'),
  'seo.spec.ts': both('reads-site'),
  // Their own enquiries, engagements, due diligence and matters.
  'admin-approvals.spec.ts': both('own'),
  'admin-cdd-agent.spec.ts': both('own'),
  'admin-contact-requests.spec.ts': both('own'),
  'admin-desk-table.spec.ts': both('own'),
  'admin-desk.spec.ts': both('own'),
  'admin-due-diligence.spec.ts': both('own'),
  'admin-engagement.spec.ts': both('own'),
  'admin-erasure.spec.ts': both('own'),
  'admin-matters.spec.ts': both('own'),
  'admin-rescreen.spec.ts': both('own'),
  'admin-suspicions.spec.ts': both('own'),
  'client-matter.spec.ts': both('own'),
  'engage-identity.spec.ts': both('own'),
  'engagement-joint-variation.spec.ts': both('own'),
  'engagement-journey.spec.ts': both('own'),
  'staff-guide.spec.ts': both('own'),
  // An account of its own, made for the test.
  'login-passkey.spec.ts': both('own'),
};

export function kindOf(file: string, project: string): SharedStateKind {
  const kinds = SHARED_STATE[path.basename(file)] ?? both('site');
  return project === 'mobile' ? kinds.mobile : kinds.desktop;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Runs `step` while holding the directory's mutex (a `mkdir`, atomic): the short moment in
 * which a worker reads the queue and changes it. A mutex left by a worker killed inside
 * that moment is taken back after ten seconds.
 */
async function withMutex<T>(directory: string, step: () => Promise<T>): Promise<T> {
  const mutex = path.join(directory, 'mutex');
  for (;;) {
    try {
      await mkdir(mutex);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(mutex).then(
        (found) => Date.now() - found.mtimeMs,
        () => 0,
      );
      if (age > 10_000) await rmdir(mutex).catch(() => {});
      await pause(10 + Math.random() * 20);
    }
  }
  try {
    return await step();
  } finally {
    await rmdir(mutex);
  }
}

/**
 * An entry of the queue: `{w|h|r}-{ticket}-{kind}-{pid}`: waiting, holding, or reserved (a
 * turn just given back by a test whose file has more tests, kept for them: see `Turn`).
 */
interface Entry {
  name: string;
  state: 'w' | 'h' | 'r';
  ticket: number;
  kind: SharedStateKind;
  pid: number;
}

const parse = (name: string): Entry | null => {
  const match = /^([whr])-(\d+)-([a-z-]+)-(\d+)$/.exec(name);
  return match
    ? {
        name,
        state: match[1] as Entry['state'],
        ticket: Number(match[2]),
        kind: match[3] as SharedStateKind,
        pid: Number(match[4]),
      }
    : null;
};

/**
 * How long a reserved turn waits for the next test of its file. Between two tests of one
 * file a worker only closes one browser context and opens the next (about a second on a busy
 * machine); a reservation older than this is taken for abandoned and removed.
 */
export const RESERVATION_MS = 5_000;

/** A turn held by a test. */
export interface Turn {
  /**
   * Gives the turn back. With `reserve`, the turn is kept, with its place in the queue, for
   * the next test of the same file, which takes it back at once by passing the returned name
   * to `takeTurn`: the tests of one `alone` or `site` file then run back to back instead of
   * each waiting for whatever the other worker started meanwhile (and that test for them).
   */
  release(options?: { reserve?: boolean }): Promise<string>;
}

/** Gives back a turn kept by `release({ reserve: true })` that no test of its file will take. */
export async function dropReservation(directory: string, reservation: string): Promise<void> {
  await rm(path.join(directory, reservation), { force: true });
}

/**
 * Waits for a turn of `kind` in `directory`'s queue. First come, first served: a test enters
 * when no test running conflicts with it and no test that asked earlier and conflicts is still
 * waiting (or holds a reservation), so a run of compatible tests never keeps a conflicting one
 * out for good. Entries of dead workers and stale reservations are removed. `reservation`, a
 * name `release({ reserve: true })` returned, takes that turn back at once if it still stands.
 */
export async function takeTurn(directory: string, kind: SharedStateKind, reservation?: string): Promise<Turn> {
  if (reservation) {
    const reclaimed = await withMutex(directory, async () => {
      const held = `h${reservation.slice(1)}`;
      if (parse(held)?.kind !== kind) return '';
      return rename(path.join(directory, reservation), path.join(directory, held)).then(
        () => held,
        () => '', // gone: it went stale, or the run's queue was cleared
      );
    });
    if (reclaimed) return turn(directory, reclaimed);
  }
  const mine = await withMutex(directory, async () => {
    const counter = path.join(directory, 'counter');
    const ticket = Number(await readFile(counter, 'utf8').catch(() => '0')) + 1;
    await writeFile(counter, String(ticket));
    const name = `w-${String(ticket).padStart(6, '0')}-${kind}-${process.pid}`;
    await writeFile(path.join(directory, name), '');
    return { ticket, name };
  });
  let holding = '';
  while (!holding) {
    holding = await withMutex(directory, async () => {
      const entries: Entry[] = [];
      for (const name of await readdir(directory)) {
        const entry = parse(name);
        if (!entry || entry.ticket === mine.ticket) continue;
        const stale =
          entry.state === 'r' &&
          (await stat(path.join(directory, name)).then(
            (found) => Date.now() - found.mtimeMs > RESERVATION_MS,
            () => true,
          ));
        if (stale || !alive(entry.pid)) await rm(path.join(directory, name), { force: true });
        else entries.push(entry);
      }
      // A reservation keeps its test's early ticket: it blocks as a turn being held does.
      const blocked = entries.some(
        (entry) =>
          (entry.state !== 'w' || entry.ticket < mine.ticket) &&
          !(COMPATIBLE[kind].includes(entry.kind) && COMPATIBLE[entry.kind].includes(kind)),
      );
      if (blocked) return '';
      const held = `h${mine.name.slice(1)}`;
      await rename(path.join(directory, mine.name), path.join(directory, held));
      return held;
    });
    if (!holding) await pause(100);
  }
  return turn(directory, holding);
}

function turn(directory: string, holding: string): Turn {
  return {
    async release({ reserve = false } = {}) {
      if (!reserve) {
        await rm(path.join(directory, holding), { force: true });
        return '';
      }
      // A new file, so the reservation's age starts now; under the mutex, so a waiting
      // worker never finds the turn gone in between.
      const reserved = `r${holding.slice(1)}`;
      await withMutex(directory, async () => {
        await writeFile(path.join(directory, reserved), '');
        await rm(path.join(directory, holding), { force: true });
      });
      return reserved;
    },
  };
}
