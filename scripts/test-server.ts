/**
 * An end-to-end tests' server: the production build on its own port over a throwaway
 * Blobs directory (never the developer's data), seeded with the demo content and the
 * test staff account. Playwright starts one per worker (playwright.config.ts, decision 050),
 * so each has its own store, site folder (netlify.toml and the dist/ it rebuilds), Astro
 * cache, secrets, clock and mailbox.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashPassword } from '../netlify/functions/_shared/http/auth.ts';
import { insertService } from '../netlify/functions/_shared/repositories/services-store.ts';
import { insertTestimonial } from '../netlify/functions/_shared/repositories/testimonials-store.ts';
import { upsertUser } from '../netlify/functions/_shared/repositories/users-store.ts';
import { DISPOSABLE_COUNT, DISPOSABLE_TITLE, STAFF } from './lib/test-seed.ts';
import { startMailCapture } from './lib/mail-capture.ts';
import { startSmsCapture } from './lib/sms-capture.ts';
import { startServer } from './lib/server.ts';

const directory = mkdtempSync(path.join(tmpdir(), 'e2e-blobs-'));
process.env.BLOBS_DIR = directory;
// The site this server builds and serves, beside nobody else's. Inside the checkout (in the
// git-ignored .e2e-sites/): Astro keeps a build's intermediate files in its output folder only
// when that is below the working directory, else in the one shared .astro/, where two
// servers' builds at once would remove each other's.
mkdirSync('.e2e-sites', { recursive: true });
const siteDir = mkdtempSync(path.resolve('.e2e-sites', 'site-'));
copyFileSync('netlify.toml', path.join(siteDir, 'netlify.toml'));
process.env.ASTRO_CACHE_DIR = path.join(siteDir, 'astro-cache');
// Throwaway keys for a throwaway store, never the checkout's own (.netlify/local-*).
process.env.SESSION_SECRET ??= randomBytes(48).toString('base64url');
process.env.CDD_ENCRYPTION_KEY ??= randomBytes(32).toString('base64');
process.env.REBUILD_MIN_INTERVAL_SECONDS ??= '2';
// Milestone e-mails gather the changes of 3 seconds, not 2 minutes (milestone-digest.ts).
process.env.MILESTONE_DIGEST_SECONDS ??= '3';
// Messages to clients go through a real SMTP server into E2E_MAIL_DIR (set by
// playwright.config.ts), where the tests read them. Staff alerts stay off (no ALERT_EMAIL_TO).
const mail = process.env.E2E_MAIL_DIR ? await startMailCapture({ directory: process.env.E2E_MAIL_DIR }) : null;
if (mail) {
  process.env.ALERT_SMTP_URL = mail.url;
  process.env.ALERT_EMAIL_FROM = 'website@example.test';
}

// Texts go to a local stand-in for ClickSend's API, so the client's page offers them (decision 033).
const sms = await startSmsCapture();
process.env.CLICKSEND_USERNAME = 'e2e';
process.env.CLICKSEND_API_KEY = 'e2e-key';
process.env.SMS_SENDER_ID = 'E2ETest';
process.env.CLICKSEND_API_URL = sms.url;

const server = await startServer({
  port: Number(process.env.PORT ?? 8890),
  projectDir: siteDir,
  scheduleEveryMs: 1000,
  // Set by playwright.config.ts: the tests move the site's clock (a scheduled post comes due).
  testClock: process.env.E2E_CLOCK_TOKEN ? { token: process.env.E2E_CLOCK_TOKEN } : undefined,
  // The same key: a test that changed the public site puts back the seeded one (fixtures.ts).
  testSeededSite: process.env.E2E_CLOCK_TOKEN ? { token: process.env.E2E_CLOCK_TOKEN } : undefined,
  // The local inbox over the same folder, as `npm start` has it: the newcomer's journey reads its mail there.
  devMail: process.env.E2E_MAIL_DIR ? { directory: process.env.E2E_MAIL_DIR } : undefined,
  prepare: async () => {
    await upsertUser(STAFF.username, await hashPassword(STAFF.password));
    // Records the delete journeys may really delete, leaving the demo ones in place.
    for (let n = 1; n <= DISPOSABLE_COUNT; n++) {
      const made = { createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), version: `e2e-${n}` };
      await insertTestimonial({
        id: `e2e-disposable-${n}`,
        title: `${DISPOSABLE_TITLE} testimonial ${n}`,
        content: 'Made by the e2e server.',
        source: 'E-mail',
        receivedAt: '2026-01-01',
        consent: true,
        isActive: true,
        ...made,
      });
      // Inactive, so the landing page keeps the practice's six services.
      await insertService({
        id: `e2e-disposable-${n}`,
        title: `${DISPOSABLE_TITLE} service ${n}`,
        description: 'Made by the e2e server.',
        icon: 'document',
        features: ['Disposable'],
        timeFrame: '1 day',
        serviceAreas: ['Nowhere'],
        order: 100 + n,
        isActive: false,
        ...made,
      });
    }
  },
});
console.log(`e2e server at ${server.url} (blobs in ${directory})`);

const stop = async () => {
  await server.stop();
  await mail?.stop();
  await sms.stop();
  rmSync(directory, { recursive: true, force: true });
  rmSync(siteDir, { recursive: true, force: true });
  process.exit(0);
};
// A signal's listener returns nothing: stop() ends the process itself.
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
