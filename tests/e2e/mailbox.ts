/**
 * The messages this worker's e2e server sent, as its SMTP server kept them (scripts/lib/mail-capture.ts,
 * in E2E_MAIL_DIR/{parallelIndex}): what a client would have received. Read with `mailparser`, a kept MIME
 * parser, so encodings, folded headers and nested parts are decoded as a mail client would.
 */
import { expect } from '@playwright/test';
import { simpleParser, type AddressObject } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from './fixtures.ts';
import { e2eServer } from './servers.ts';

export interface Mail {
  raw: string;
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The first PDF attached, decoded, if any. */
  pdf?: Buffer;
}

/** This worker's server's mail (tests/e2e/servers.ts). */
const directory = () => e2eServer(test.info().parallelIndex).mailDir;

const addresses = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).map((group) => group.text).join(', ');

// A kept file never changes (the capture renames it into place whole), so each is parsed once.
const parsed = new Map<string, Mail>();

async function read(name: string): Promise<Mail> {
  const known = parsed.get(name);
  if (known) return known;
  const source = readFileSync(path.join(directory(), name));
  const message = await simpleParser(source);
  const pdf = message.attachments.find((attachment) => attachment.contentType === 'application/pdf')?.content;
  const mail: Mail = {
    raw: source.toString('latin1'),
    to: addresses(message.to),
    subject: message.subject ?? '',
    text: message.text ?? '',
    ...(pdf ? { pdf } : {}),
  };
  parsed.set(name, mail);
  return mail;
}

/** Every message kept so far, oldest first. */
export async function readMailbox(): Promise<Mail[]> {
  const names = readdirSync(directory())
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(names.map(read));
}

/** Waits until a message to `to` matches, and returns it (the newest such). */
export async function waitForMail(to: string, matches: (mail: Mail) => boolean): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMailbox()).filter((mail) => mail.to.includes(to) && matches(mail)).at(-1);
        return Boolean(found);
      },
      { message: `an e-mail to ${to}` },
    )
    .toBe(true);
  return found!;
}
