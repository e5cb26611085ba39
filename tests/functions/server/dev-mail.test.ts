/**
 * The local inbox (scripts/lib/dev-mail.ts): with no SMTP server and no text provider set,
 * what the site sends through its real transports is kept and shown at /_dev/mail on the
 * local server, newest first, with each message's text (links clickable) and HTML; a server
 * not told of the inbox (as the deployed site never is) has no such page.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSms } from '#server/mail/sms-transport.ts';
import { sendMail } from '#server/mail/transport.ts';
import { resetLeadDeskEnv, smsEnv } from '#server/platform/env.ts';
import { announceDevInbox, DEV_MAIL_PATH, startDevInbox, type DevInbox } from '#scripts/lib/dev-mail.ts';
import { startServer } from '#scripts/lib/server.ts';
import { TEST_SECRET } from '../harness.ts';

const SETTINGS = [
  'ALERT_SMTP_URL',
  'ALERT_EMAIL_FROM',
  'ALERT_EMAIL_TO',
  'CLICKSEND_USERNAME',
  'CLICKSEND_API_KEY',
  'SMS_SENDER_ID',
  'CLICKSEND_API_URL',
  'LOCAL_INBOX',
] as const;

describe('the local inbox', () => {
  let inbox: DevInbox;
  let inboxDir: string;
  let project: string;
  let blobsDir: string;
  let withInbox: Awaited<ReturnType<typeof startServer>>;
  const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    for (const name of SETTINGS) delete process.env[name];
    resetLeadDeskEnv();
    process.env.SESSION_SECRET = TEST_SECRET;
    blobsDir = mkdtempSync(path.join(tmpdir(), 'dev-mail-blobs-'));
    process.env.BLOBS_DIR = blobsDir;
    inboxDir = mkdtempSync(path.join(tmpdir(), 'dev-mail-'));
    project = mkdtempSync(path.join(tmpdir(), 'dev-mail-site-'));
    copyFileSync('netlify.toml', path.join(project, 'netlify.toml'));
    mkdirSync(path.join(project, 'dist'));
    writeFileSync(path.join(project, 'dist', 'index.html'), '<!doctype html><title>Home</title>');
    writeFileSync(path.join(project, 'dist', '404.html'), '<!doctype html><title>Not found</title>');
    inbox = (await startDevInbox(inboxDir))!;
    withInbox = await startServer({ port: 0, build: false, projectDir: project, devMail: { directory: inboxDir } });
  });
  afterAll(async () => {
    await withInbox?.stop();
    await inbox?.stop();
    for (const name of SETTINGS) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetLeadDeskEnv();
    for (const dir of [inboxDir, project, blobsDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('points the site at its captures when nothing is set, and is announced with its address', () => {
    expect(inbox.mail).toBe(true);
    expect(inbox.texts).toBe(true);
    expect(process.env.ALERT_SMTP_URL).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(process.env.ALERT_EMAIL_FROM).toBeTruthy();
    expect(process.env.ALERT_EMAIL_TO).toBeTruthy();
    expect(smsEnv()?.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v3$/);
    expect(announceDevInbox(inbox, 'http://localhost:9000')).toContain('http://localhost:9000/_dev/mail');
  });

  it('shows every e-mail and text sent, newest first, with their text, HTML and clickable links', async () => {
    await sendMail(process.env.ALERT_SMTP_URL!, {
      from: process.env.ALERT_EMAIL_FROM,
      to: 'first@client.test',
      subject: 'The older message',
      text: 'Read it here:\nhttp://localhost:9000/engage/abc\n\nThanks.',
      practiceName: 'Hills District Conveyancing',
      button: 'Read and accept',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sendMail(process.env.ALERT_SMTP_URL!, {
      from: process.env.ALERT_EMAIL_FROM,
      to: 'second@client.test',
      subject: 'The newer message & more',
      text: 'Follow your matter: http://localhost:9000/matter/',
      practiceName: 'Hills District Conveyancing',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sendSms(smsEnv()!, {
      to: '+61412345678',
      body: 'Contracts exchanged. http://localhost:9000/matter/',
      reference: 'r1',
    });
    expect(readdirSync(inboxDir).filter((name) => name.endsWith('.eml'))).toHaveLength(2);

    const page = await fetch(`${withInbox.url}${DEV_MAIL_PATH}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    const text = html.indexOf('Text message to +61412345678');
    const newer = html.indexOf('The newer message &amp; more');
    const older = html.indexOf('The older message');
    expect(text).toBeGreaterThan(-1);
    expect(newer).toBeGreaterThan(text);
    expect(older).toBeGreaterThan(newer);
    expect(html).toContain('<a href="http://localhost:9000/engage/abc">http://localhost:9000/engage/abc</a>');
    expect(html).toContain('<a href="http://localhost:9000/matter/">');
    // The HTML part, in a frame without scripts whose links open on their own, its logo inline.
    expect(html).toMatch(
      /<iframe title="The older message, HTML" sandbox="allow-popups[^"]*" srcdoc="&lt;base target=&quot;_blank&quot;&gt;/,
    );
    expect(html).toContain('data:image/png;base64,');
    expect(html).toContain('Read and accept');
    expect((await fetch(`${withInbox.url}${DEV_MAIL_PATH}/`)).status).toBe(200);
    expect((await fetch(`${withInbox.url}${DEV_MAIL_PATH}`, { method: 'POST' })).status).toBe(405);
  });

  it('goes on numbering after the messages of an earlier run instead of writing over them', async () => {
    const again = await startDevInbox(inboxDir);
    // Everything is set now (by the first inbox): nothing more to capture.
    expect(again).toBeNull();
    const { startMailCapture } = await import('#scripts/lib/mail-capture.ts');
    const capture = await startMailCapture({ directory: inboxDir });
    try {
      await sendMail(capture.url, {
        from: 'a@b.test',
        to: 'third@client.test',
        subject: 'After a restart',
        text: 'Hello',
        practiceName: 'P',
      });
    } finally {
      await capture.stop();
    }
    expect(readdirSync(inboxDir).filter((name) => name.endsWith('.eml'))).toEqual([
      '000001.eml',
      '000002.eml',
      '000003.eml',
    ]);
  });

  it('keeps nothing for the API tools (LOCAL_INBOX=off)', async () => {
    const before = { ...process.env };
    for (const name of SETTINGS) delete process.env[name];
    process.env.LOCAL_INBOX = 'off';
    try {
      expect(await startDevInbox(inboxDir)).toBeNull();
      expect(process.env.ALERT_SMTP_URL).toBeUndefined();
    } finally {
      for (const name of SETTINGS) process.env[name] = before[name];
      if (before.LOCAL_INBOX === undefined) delete process.env.LOCAL_INBOX;
    }
  });

  it('is no page of a server not told of it, as the deployed site never is', async () => {
    const plain = await startServer({ port: 0, build: false, projectDir: project });
    try {
      const page = await fetch(`${plain.url}${DEV_MAIL_PATH}`);
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain('Local inbox');
    } finally {
      await plain.stop();
    }
  });
});

describe('the deployed site', () => {
  it('has no function and no page that knows the local inbox', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
    const known = [...files('netlify'), ...files('src')].filter((file) => readFileSync(file, 'utf8').includes('_dev/'));
    expect(known).toEqual([]);
    // Astro never routes a page whose name starts with "_", and there is none anyway.
    expect(files('src/pages').filter((file) => file.includes('_dev'))).toEqual([]);
  });
});
