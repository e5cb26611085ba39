/**
 * The one way out by SMS: ClickSend's REST API (`POST {apiUrl}/sms/send`, HTTP Basic with the
 * API username and key), called with `fetch`. Its npm client still depends on the deprecated
 * `request` package, so this small call stands in for it (docs/decisions/033-text-messages.md).
 * A time limit on the call, so a provider that does not answer fails the attempt (and the
 * outbox retries it) instead of holding a function until the platform stops it.
 */
import type { SmsEnv } from '../platform/env.ts';
import { refuseBankDetails } from './bank-details-guard.ts';

export const SMS_TIMEOUT_MS = 10_000;

/** What we send ClickSend, and nothing more: the number, the text, our sender ID and a reference. */
export interface OutgoingText {
  /** E.164, e.g. +61412345678. */
  to: string;
  body: string;
  /** Our id for the message (the outbox entry's), echoed in ClickSend's reports. */
  reference: string;
}

interface SendAnswer {
  response_code?: string;
  data?: { messages?: { status?: string }[] };
}

/**
 * Sends one text; throws when ClickSend did not accept it (the error names codes, never the
 * number or text), and `MessageRefused` before calling it when the text holds bank details.
 */
export async function sendSms(env: SmsEnv, text: OutgoingText): Promise<void> {
  refuseBankDetails({ text: text.body });
  const response = await fetch(`${env.apiUrl}/sms/send`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${env.username}:${env.apiKey}`, 'utf8').toString('base64')}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({
      messages: [
        {
          source: 'conveyancing-site',
          from: env.senderId,
          to: text.to,
          body: text.body,
          custom_string: text.reference,
        },
      ],
    }),
    signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
  });
  let answer: SendAnswer = {};
  try {
    answer = (await response.json()) as SendAnswer;
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  // The request as a whole, then the one message: ClickSend answers 200 with a per-message status.
  const status = answer.data?.messages?.[0]?.status;
  if (!response.ok || answer.response_code !== 'SUCCESS' || status !== 'SUCCESS') {
    throw new Error(
      `ClickSend refused the text: HTTP ${response.status}, ${answer.response_code ?? 'no response code'}, message ${status ?? 'no status'}`,
    );
  }
}
