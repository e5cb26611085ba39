/**
 * The messages the e2e server sent, as its SMTP server kept them (scripts/lib/mail-capture.ts,
 * in E2E_MAIL_DIR): what a client would have received.
 */
import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface Mail {
  raw: string;
  to: string;
  subject: string;
  /** The plain-text part, quoted-printable decoded. */
  text: string;
  /** The first PDF attached, decoded, if any. */
  pdf?: Buffer;
}

const directory = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the tests through playwright.config.ts');
  return dir;
};

const header = (head: string, name: string) =>
  new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(head)?.[1]
    ?.replace(/\r?\n[ \t]/g, ' ')
    .trim() ?? '';

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Decodes an RFC 2047 subject such as `=?UTF-8?Q?...?=`. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );

/** One body part: its headers and decoded content. */
function parts(raw: string): { head: string; body: Buffer }[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const split = (part: string) => {
    const at = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, at);
    const content = part.slice(at).replace(/^\r?\n\r?\n/, '');
    const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
    const body =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? Buffer.from(decodeQuotedPrintable(content), 'utf8')
          : Buffer.from(content, 'latin1');
    return { head, body };
  };
  if (!boundary) return [split(raw)];
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => split(part.replace(/^\r?\n/, '')));
}

export function readMailbox(): Mail[] {
  return readdirSync(directory())
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = readFileSync(path.join(directory(), name), 'latin1');
      const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
      const all = parts(raw);
      const text = all.find((part) => /text\/plain/i.test(header(part.head, 'Content-Type')))?.body.toString('utf8');
      const pdf = all.find((part) => /application\/pdf/i.test(header(part.head, 'Content-Type')))?.body;
      return {
        raw,
        to: header(head, 'To'),
        subject: decodeWords(header(head, 'Subject')),
        text: text ?? '',
        ...(pdf ? { pdf } : {}),
      };
    });
}

/** Waits until a message to `to` matches, and returns it (the newest such). */
export async function waitForMail(to: string, matches: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox()
          .filter((mail) => mail.to.includes(to) && matches(mail))
          .at(-1);
        return Boolean(found);
      },
      { message: `an e-mail to ${to}` },
    )
    .toBe(true);
  return found!;
}
