/**
 * The local inbox of `npm start` and `npm run dev`: with no SMTP server set, every e-mail the
 * site sends goes through its real SMTP path (nodemailer) into the tests' capture
 * (mail-capture.ts), kept as `.eml` files in `.netlify/dev-mail/`; with no text-message
 * provider set, every text goes to the local stand-in for ClickSend (sms-capture.ts), kept
 * beside them as `.sms.json`. `/_dev/mail` on the local server shows them, newest first.
 *
 * Only the local servers serve that page (scripts/lib/server.ts, and astro.config.mjs's
 * dev-only middleware): nothing under netlify/ or src/pages/ knows of it, so the deployed site
 * has no such address (404). Nothing is delivered to anyone.
 */
import { simpleParser, type AddressObject } from 'mailparser';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startMailCapture, type MailCapture } from './mail-capture.ts';
import { startSmsCapture, type SmsCapture } from './sms-capture.ts';
import { sydneyFormat } from '#src/shared/sydney-time.ts';

/** When a message came, as the inbox lists it: Sydney's clock, as toLocaleString wrote it. */
const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/** The inbox's address on the local server. */
export const DEV_MAIL_PATH = '/_dev/mail';
/** Where the local inbox keeps its messages (git-ignored with the rest of .netlify/). */
export const DEV_MAIL_DIR = path.resolve('.netlify', 'dev-mail');

export interface DevInbox {
  directory: string;
  /** What is captured: e-mail unless an SMTP server is set, texts unless a provider is. */
  mail: boolean;
  texts: boolean;
  stop(): Promise<void>;
}

/**
 * Starts the captures the environment leaves room for and points the site at them (the
 * environment variables the functions read), or returns null when both are really set up
 * (or LOCAL_INBOX=off).
 */
export async function startDevInbox(directory = DEV_MAIL_DIR): Promise<DevInbox | null> {
  // The API tools' servers (child-server.ts) keep nothing: their messages are not anyone's to read.
  if (process.env.LOCAL_INBOX === 'off') return null;
  let mail: MailCapture | null = null;
  let sms: SmsCapture | null = null;
  mkdirSync(directory, { recursive: true });
  if (!process.env.ALERT_SMTP_URL) {
    mail = await startMailCapture({ directory });
    process.env.ALERT_SMTP_URL = mail.url;
    process.env.ALERT_EMAIL_FROM ||= 'website@localhost.test';
    // Staff alerts too, so the inbox holds every message the site sends.
    process.env.ALERT_EMAIL_TO ||= 'practice@localhost.test';
  }
  if (!process.env.CLICKSEND_USERNAME && !process.env.CLICKSEND_API_KEY) {
    sms = await startSmsCapture({
      onText: (text) => {
        const name = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.sms.json`;
        writeFileSync(path.join(directory, `${name}.part`), JSON.stringify(text.body));
        renameSync(path.join(directory, `${name}.part`), path.join(directory, name));
      },
    });
    process.env.CLICKSEND_USERNAME = 'local';
    process.env.CLICKSEND_API_KEY = 'local';
    process.env.SMS_SENDER_ID ||= 'LocalInbox';
    process.env.CLICKSEND_API_URL = sms.url;
  }
  if (!mail && !sms) return null;
  return {
    directory,
    mail: Boolean(mail),
    texts: Boolean(sms),
    async stop() {
      await mail?.stop();
      await sms?.stop();
    },
  };
}

/** The console's one line about the inbox. */
export const announceDevInbox = (inbox: DevInbox, siteUrl: string) =>
  `  ${inbox.mail && inbox.texts ? 'E-mails and texts' : inbox.mail ? 'E-mails' : 'Texts'} the site sends are kept, not delivered: read them at ${siteUrl}${DEV_MAIL_PATH}`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain text with its web addresses as links. */
const linked = (text: string) =>
  escape(text).replace(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((group) => group.text).join(', ');

interface Entry {
  at: number;
  name: string;
  html: string;
}

async function mailEntry(file: string, at: number, name: string): Promise<Entry> {
  const message = await simpleParser(readFileSync(file));
  let html = typeof message.html === 'string' ? message.html : '';
  // Inline images (the logo) travel as cid: parts; shown in place from the message itself.
  for (const attachment of message.attachments) {
    if (attachment.cid)
      html = html.replaceAll(
        `cid:${attachment.cid}`,
        `data:${attachment.contentType};base64,${attachment.content.toString('base64')}`,
      );
  }
  const files = message.attachments.filter((attachment) => !attachment.related);
  const subject = message.subject ?? '(no subject)';
  const when = sydneyFormat('en-AU', WHEN).format(message.date ?? new Date(at));
  return {
    at,
    name,
    html: `<article aria-labelledby="m-${name}">
  <h2 id="m-${name}">${escape(subject)}</h2>
  <dl>
    <dt>To</dt><dd>${escape(addresses(message.to))}</dd>
    <dt>From</dt><dd>${escape(addresses(message.from))}</dd>
    <dt>Sent</dt><dd>${escape(when)} (Sydney)</dd>
    ${files.length ? `<dt>Attached</dt><dd>${files.map((file) => escape(file.filename ?? file.contentType)).join(', ')}</dd>` : ''}
  </dl>
  ${html ? `<h3>As the client sees it (HTML)</h3>\n  <iframe title="${escape(subject)}, HTML" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(`<base target="_blank">${html}`)}"></iframe>` : ''}
  <h3>Text</h3>
  <pre>${linked(message.text ?? '')}</pre>
</article>`,
  };
}

function textEntry(file: string, at: number, name: string): Entry {
  let body: { messages?: { to?: string; from?: string; body?: string }[] } = {};
  try {
    body = JSON.parse(readFileSync(file, 'utf8')) as typeof body;
  } catch {
    // A text that could not be read: shown as empty, not hidden.
  }
  const when = sydneyFormat('en-AU', WHEN).format(new Date(at));
  return {
    at,
    name,
    html: (body.messages ?? [])
      .map(
        (text, index) => `<article aria-labelledby="t-${name}-${index}">
  <h2 id="t-${name}-${index}">Text message to ${escape(text.to ?? '')}</h2>
  <dl><dt>From</dt><dd>${escape(text.from ?? '')}</dd><dt>Sent</dt><dd>${escape(when)} (Sydney)</dd></dl>
  <pre>${linked(text.body ?? '')}</pre>
</article>`,
      )
      .join('\n'),
  };
}

const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#111}
article{border:1px solid #bbb;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{margin:0 0 .5rem;font-size:1.2rem}h3{font-size:1rem;margin:1rem 0 .25rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:0 1rem;margin:0}dt{font-weight:600}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;background:#f4f4f4;padding:.75rem;margin:0}
iframe{width:100%;height:32rem;border:1px solid #ddd}a{color:#0645ad}`;

/** The inbox page: every kept e-mail and text, newest first. */
export async function renderDevInbox(directory = DEV_MAIL_DIR): Promise<string> {
  let names: string[] = [];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.eml') || name.endsWith('.sms.json'));
  } catch {
    // No folder yet: nothing sent.
  }
  const entries = await Promise.all(
    names.map(async (name) => {
      const file = path.join(directory, name);
      const at = statSync(file).mtimeMs;
      return name.endsWith('.eml') ? await mailEntry(file, at, name.replace(/\W/g, '-')) : textEntry(file, at, name);
    }),
  );
  // Newest first; the capture's zero-padded names break ties within a millisecond.
  entries.sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox</title><style>${PAGE_STYLE}</style></head>
<body>
<main>
<h1>Local inbox</h1>
<p>Every e-mail and text the site sent while running on this machine, newest first. Nothing here was delivered to anyone. Reload to see new messages.</p>
${entries.length ? entries.map((entry) => entry.html).join('\n') : '<p>Nothing has been sent yet.</p>'}
</main>
</body>
</html>`;
}

/** The inbox page as a response (no caching: it changes with every message). */
export async function devInboxResponse(directory = DEV_MAIL_DIR): Promise<Response> {
  return new Response(await renderDevInbox(directory), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // The messages' own HTML runs in a sandboxed frame without scripts; the page has none.
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; frame-src 'self'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    },
  });
}
