/**
 * The one way out by SMTP (nodemailer), for the staff alerts, the staff notices and the
 * messages to clients: a connection per message, closed after it, and a time limit on every
 * step, so a mail server that does not answer fails the attempt (and the outbox retries it)
 * instead of holding a function until the platform stops it.
 */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';

/** Connecting, the greeting and every exchange after it each fail after this long. */
export const SEND_TIMEOUT_MS = 10_000;

/** Sends one message through the server at `smtpUrl`; throws when it was not accepted. */
export async function sendMail(smtpUrl: string, message: Mail.Options): Promise<void> {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
