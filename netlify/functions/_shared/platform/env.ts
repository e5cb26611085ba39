/**
 * Server configuration from the environment, parsed once, lazily, in this one place.
 * Nothing here falls back to a default secret: a deploy without SESSION_SECRET refuses
 * the staff calls (503) instead of signing sessions with something guessable.
 */
import * as z from 'zod/mini';

/**
 * The deploy lacks a setting it needs (or has one that does not parse). The platform sits
 * below HTTP (decision 055), so it names the refusal and http.ts's `asHttpError` answers it
 * 503 with this message, the one place that maps the lower rooms' failures to statuses.
 */
export class ConfigurationMissing extends Error {
  override name = 'ConfigurationMissing';
}

const schema = z.object({
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32))),
  NETLIFY_BUILD_HOOK_URL: z.optional(z.url()),
});

type ServerEnv = z.output<typeof schema>;
let cached: ServerEnv | undefined;

function env(): ServerEnv {
  if (!cached) {
    const result = schema.safeParse({
      SESSION_SECRET: process.env.SESSION_SECRET || undefined,
      NETLIFY_BUILD_HOOK_URL: process.env.NETLIFY_BUILD_HOOK_URL || undefined,
    });
    if (!result.success) {
      console.error(
        '[env] invalid configuration:',
        result.error.issues.map((i) => i.path.join('.')),
      );
      throw new ConfigurationMissing('The server is not configured correctly. Please contact the site administrator.');
    }
    cached = result.data;
  }
  return cached;
}

/** The key that signs session tokens; 503 when the deploy has none. */
export function sessionSecret(): Uint8Array {
  const secret = env().SESSION_SECRET;
  if (!secret) {
    throw new ConfigurationMissing('Staff sign-in is not configured on this site yet (SESSION_SECRET is missing).');
  }
  return new TextEncoder().encode(secret);
}

export const buildHookUrl = (): string | undefined => env().NETLIFY_BUILD_HOOK_URL;

/** For tests that change the environment between cases. */
export const resetEnvCache = () => {
  cached = undefined;
};

/**
 * The lead desk's settings, parsed apart from the rest so that a mistyped alert address
 * never takes staff sign-in down with it: a bad value is logged and that channel is off.
 */
const leadDeskSchema = z.object({
  ALERT_SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  ALERT_EMAIL_TO: z.optional(z.string().check(z.minLength(3))),
  ALERT_EMAIL_FROM: z.optional(z.string().check(z.minLength(3))),
  ALERT_WEBHOOK_URL: z.optional(z.url({ protocol: /^https?$/ })),
  SITE_URL: z.optional(z.url({ protocol: /^https?$/ })),
  ENQUIRY_RETENTION_DAYS: z._default(z.coerce.number().check(z.int(), z.positive()), 730),
});

export interface LeadDeskEnv {
  email: { smtpUrl: string; to: string; from: string } | null;
  /** Messages to clients: the same server and sender, any recipient. */
  clientEmail: { smtpUrl: string; from: string } | null;
  webhookUrl: string | null;
  /** SITE_URL (else Netlify's URL) when set and valid, without a trailing slash. Links use linkOrigin(). */
  configuredSiteUrl: string | null;
  retentionDays: number;
}

let leadDeskCached: LeadDeskEnv | undefined;

export function leadDeskEnv(): LeadDeskEnv {
  if (leadDeskCached) return leadDeskCached;
  const raw = {
    ALERT_SMTP_URL: process.env.ALERT_SMTP_URL || undefined,
    ALERT_EMAIL_TO: process.env.ALERT_EMAIL_TO || undefined,
    ALERT_EMAIL_FROM: process.env.ALERT_EMAIL_FROM || undefined,
    ALERT_WEBHOOK_URL: process.env.ALERT_WEBHOOK_URL || undefined,
    SITE_URL: process.env.SITE_URL || process.env.URL || undefined,
    ENQUIRY_RETENTION_DAYS: process.env.ENQUIRY_RETENTION_DAYS || undefined,
  };
  let parsed = leadDeskSchema.safeParse(raw);
  if (!parsed.success) {
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    console.error('[env] ignoring invalid lead-desk settings:', [...bad].join(', '));
    parsed = leadDeskSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([key]) => !bad.has(key))));
  }
  const data = parsed.success ? parsed.data : { ENQUIRY_RETENTION_DAYS: 730 };
  const {
    ALERT_SMTP_URL: smtpUrl,
    ALERT_EMAIL_TO: to,
    ALERT_EMAIL_FROM: from,
  } = data as z.output<typeof leadDeskSchema>;
  if (smtpUrl && !from) console.error('[env] ALERT_SMTP_URL is set without ALERT_EMAIL_FROM: no e-mail is sent');
  else if (smtpUrl && !to) console.warn('[env] ALERT_EMAIL_TO is not set: staff get no e-mail alerts');
  leadDeskCached = {
    email: smtpUrl && to && from ? { smtpUrl, to, from } : null,
    clientEmail: smtpUrl && from ? { smtpUrl, from } : null,
    webhookUrl: (data as z.output<typeof leadDeskSchema>).ALERT_WEBHOOK_URL ?? null,
    configuredSiteUrl: (data as z.output<typeof leadDeskSchema>).SITE_URL?.replace(/\/+$/, '') ?? null,
    retentionDays: data.ENQUIRY_RETENTION_DAYS,
  };
  return leadDeskCached;
}

/**
 * SMTP for messages to clients (acknowledgements, engagement links): the alerts' server and
 * sender. The client is the recipient, so ALERT_EMAIL_TO is not needed. Null without either.
 */
export const clientMailEnv = (): LeadDeskEnv['clientEmail'] => leadDeskEnv().clientEmail;

/** For tests that change the lead desk's environment. */
export const resetLeadDeskEnv = () => {
  leadDeskCached = undefined;
};

/** 1 GB: Blobs has room for far more, but a library that big is a mistake or an abuse. */
export const MEDIA_LIBRARY_DEFAULT_BYTES = 1024 ** 3;
const mediaLibrarySchema = z.coerce.number().check(z.int(), z.positive());

/**
 * The most the image library may hold in all (`MEDIA_LIBRARY_MAX_BYTES`, bytes). Read on
 * every upload (the setting is cheap to parse, and tests change it); a bad value is logged
 * and the default applies, so a typo never turns uploads off.
 */
export function mediaLibraryMaxBytes(): number {
  const raw = process.env.MEDIA_LIBRARY_MAX_BYTES;
  if (!raw) return MEDIA_LIBRARY_DEFAULT_BYTES;
  const parsed = mediaLibrarySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  console.error('[env] ignoring invalid MEDIA_LIBRARY_MAX_BYTES (a whole number of bytes)');
  return MEDIA_LIBRARY_DEFAULT_BYTES;
}

/**
 * Text messages to clients through ClickSend's REST API (docs/decisions/033-text-messages.md):
 * all of CLICKSEND_USERNAME, CLICKSEND_API_KEY and SMS_SENDER_ID, or texts are off and
 * everything goes by e-mail alone. The sender ID is 3 to 11 letters and digits with at
 * least one letter (registered on ACMA's SMS Sender ID Register) or a number in E.164.
 * CLICKSEND_API_URL is for tests and the local capture only.
 */
const smsSchema = z.object({
  CLICKSEND_USERNAME: z.string().check(z.minLength(1)),
  CLICKSEND_API_KEY: z.string().check(z.minLength(1)),
  SMS_SENDER_ID: z.string().check(z.regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$|^\+\d{8,15}$/)),
  CLICKSEND_API_URL: z._default(z.url({ protocol: /^https?$/ }), 'https://rest.clicksend.com/v3'),
});

export interface SmsEnv {
  username: string;
  apiKey: string;
  senderId: string;
  /** Without a trailing slash. */
  apiUrl: string;
}

let smsCached: { raw: string; env: SmsEnv | null } | undefined;

/** The SMS provider's settings, or null: not set up (or set up wrongly, which is logged once). */
export function smsEnv(): SmsEnv | null {
  const names = ['CLICKSEND_USERNAME', 'CLICKSEND_API_KEY', 'SMS_SENDER_ID', 'CLICKSEND_API_URL'] as const;
  const raw = Object.fromEntries(names.map((name) => [name, process.env[name] || undefined]));
  const key = JSON.stringify(raw);
  // Read on every call (tests change it) but parsed, and complained about, once per value.
  if (smsCached?.raw === key) return smsCached.env;
  let env: SmsEnv | null = null;
  if (raw.CLICKSEND_USERNAME || raw.CLICKSEND_API_KEY || raw.SMS_SENDER_ID) {
    const parsed = smsSchema.safeParse(raw);
    if (parsed.success) {
      env = {
        username: parsed.data.CLICKSEND_USERNAME,
        apiKey: parsed.data.CLICKSEND_API_KEY,
        senderId: parsed.data.SMS_SENDER_ID,
        apiUrl: parsed.data.CLICKSEND_API_URL.replace(/\/+$/, ''),
      };
    } else {
      const bad = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].join(', ');
      console.error(`[env] text messages are off: ${bad} missing or invalid`);
    }
  }
  smsCached = { raw: key, env };
  return env;
}
