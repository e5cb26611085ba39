/**
 * The one way out by SMTP (nodemailer), for the staff alerts, the staff notices and the
 * messages to clients: a connection per message, closed after it, and a time limit on every
 * step, so a mail server that does not answer fails the attempt (and the outbox retries it)
 * instead of holding a function until the platform stops it.
 *
 * Every message leaves as multipart/alternative: the plain text each caller wrote, and an
 * HTML part made from it here (mail-message.tsx) with the practice's name, the logo
 * (attached inline, so it shows without fetching anything: docs/decisions/035-html-mail.md)
 * and the text's main link as a button. A caller never writes HTML.
 */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { LOGO_CID, renderMailHtml } from './mail-message.tsx';
import { refuseBankDetails } from './bank-details-guard.ts';
import { MAIL_LOGO_PNG_BASE64 } from './mail-logo.ts';

/** Connecting, the greeting and every exchange after it each fail after this long. */
export const SEND_TIMEOUT_MS = 10_000;

export interface OutgoingMail extends Omit<Mail.Options, 'html' | 'text' | 'subject'> {
  subject: string;
  /** The plain-text part, and what the HTML part is made from. */
  text: string;
  /** The practice's name, beside the logo at the top of the HTML part. */
  practiceName: string;
  /** The label of the button the text's first line that is a web address becomes. */
  button?: string;
}

const logo: Mail.Attachment = {
  filename: 'logo.png',
  contentType: 'image/png',
  content: Buffer.from(MAIL_LOGO_PNG_BASE64, 'base64'),
  cid: LOGO_CID,
  contentDisposition: 'inline',
};

/**
 * Sends one message through the server at `smtpUrl`; throws when it was not accepted, and
 * `MessageRefused` before connecting when it holds bank details (bank-details-guard.ts).
 */
export async function sendMail(smtpUrl: string, message: OutgoingMail): Promise<void> {
  const { practiceName, button, attachments = [], ...options } = message;
  const subject = message.subject.replace(/[\r\n]+/g, ' ');
  const html = renderMailHtml({ subject, text: message.text, practiceName, ...(button ? { button } : {}) });
  refuseBankDetails({ subject, text: message.text, html });
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({
      ...options,
      subject,
      html,
      attachments: [...attachments, logo],
    });
  } finally {
    transport.close();
  }
}
