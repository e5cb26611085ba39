/**
 * The client's side of a matter: the sign-in form, the update request, and what
 * `GET /api/my-matters` answers (a narrower view than staff's `MatterView`: no timeline, no
 * staff names beyond the responsible solicitor, no notices).
 */
import * as z from 'zod/mini';
import { TEXTS_MOBILE_MESSAGE } from '#src/content/client-texts.ts';
import { MATTER_SIDES } from '#src/content/matters.ts';
import { matterDeadlineSchema, milestoneSchema, nextDeadlineSchema } from './matter.ts';
import { requiredText } from './fields.ts';

export const CLIENT_MATTER_LIMITS = { email: 254, message: 2000 } as const;

export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const UPDATE_MESSAGE_REQUIRED = 'Please tell us what you would like to know';

/** `POST /api/matter-sign-in` */
export const matterSignInSchema = z.object({
  email: z
    .string(EMAIL_MESSAGE)
    .check(z.trim(), z.maxLength(CLIENT_MATTER_LIMITS.email, EMAIL_MESSAGE), z.email(EMAIL_MESSAGE)),
});

/** `POST /api/my-matters/{id}/update-requests` */
export const updateRequestSchema = z.object({
  message: requiredText(UPDATE_MESSAGE_REQUIRED, CLIENT_MATTER_LIMITS.message, { multiline: true }),
});

/**
 * An Australian mobile number in E.164 (`+614xxxxxxxx`), from the ways people write one
 * (`0412 345 678`, `+61 412 345 678`, `61412345678`, `(0412) 345-678`); null for anything
 * else, a landline included: texts go to mobiles only.
 */
export function australianMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  const match = /^(?:\+61|0061|61|0)(4\d{8})$/.exec(compact);
  return match ? `+61${match[1]}` : null;
}

/** `+61412345678` as Australians read it: `0412 345 678`. */
export const localMobile = (e164: string): string => {
  const digits = `0${e164.slice(3)}`;
  return `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
};

/**
 * `POST /api/my-matters/{id}/texts`: `{ texts: 'on', mobile }` asks for texts about the
 * matter at that mobile (normalised to E.164), `{ texts: 'off' }` stops them.
 */
export const textsChangeSchema = z
  .object({
    texts: z.enum(['on', 'off'], "texts must be 'on' or 'off'"),
    mobile: z.optional(z.string(TEXTS_MOBILE_MESSAGE).check(z.maxLength(40, TEXTS_MOBILE_MESSAGE))),
  })
  .check(
    z.refine((value) => value.texts === 'off' || australianMobile(value.mobile ?? '') !== null, {
      path: ['mobile'],
      message: TEXTS_MOBILE_MESSAGE,
    }),
  );
export type TextsChange = z.output<typeof textsChangeSchema>;

/** An address as sign-in compares it: the same mailbox whatever the case or spaces it was typed with. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** A deadline as the client reads it: staff's view without their own dates or the milestone it waits on. */
export const clientDeadlineSchema = z.pick(matterDeadlineSchema, {
  key: true,
  label: true,
  date: true,
  time: true,
  basis: true,
  confirmed: true,
  met: true,
  overdue: true,
  amount: true,
});
export type ClientDeadline = z.output<typeof clientDeadlineSchema>;

/** One update request of the client's and its answer, as the conversation on their page shows it. */
export const clientExchangeSchema = z.object({
  at: z.string(),
  /** Absent on the oldest requests, kept before the question was. */
  message: z.optional(z.string()),
  answeredAt: z.optional(z.string()),
  /** Absent when staff answered by phone or in person (no reply written). */
  reply: z.optional(z.string()),
});
export type ClientExchange = z.output<typeof clientExchangeSchema>;

/** The matter at a glance: who acts, for what, how far it has come, and what was said. */
export const clientMatterSummarySchema = z.object({
  /** The responsible solicitor or conveyancer by name, with their role in Settings when known. */
  responsible: z.object({ name: z.string(), role: z.optional(z.string()) }),
  /** Whole dollars, once staff recorded it. */
  price: z.optional(z.number()),
  contractDate: z.optional(z.string()),
  /** Milestones done of all the matter's milestones. */
  progress: z.object({ done: z.number(), total: z.number() }),
  /** The client's update requests and their answers, newest first. */
  conversation: z.array(clientExchangeSchema),
});
export type ClientMatterSummary = z.output<typeof clientMatterSummarySchema>;

/** A milestone as the client reads it: whether it follows a record is staff's to know. */
export const clientMilestoneSchema = z.omit(milestoneSchema, { recorded: true });
export type ClientMilestone = z.output<typeof clientMilestoneSchema>;

/** One entry of `GET /api/my-matters`. */
export const clientMatterSchema = z.object({
  id: z.string(),
  side: z.enum(MATTER_SIDES),
  property: z.nullable(z.string()),
  deadlines: z.array(clientDeadlineSchema),
  milestones: z.array(clientMilestoneSchema),
  next: z.nullable(nextDeadlineSchema),
  /** Extra, for the page: who acts, and what the practice needs from the client now. */
  responsible: z.string(),
  needs: z.array(z.string()),
  /** Sydney calendar days from today to `next` (negative when overdue). */
  daysToNext: z.nullable(z.number()),
  /** Update requests waiting for an answer. */
  updateRequests: z.number(),
  /** The mobile the client asked to be texted at (E.164), or null: no texts. */
  texts: z.nullable(z.object({ mobile: z.string() })),
  summary: clientMatterSummarySchema,
});
export type ClientMatter = z.output<typeof clientMatterSchema>;

/** What `POST /api/my-matters/{id}/update-requests` answers: the request, as kept. */
export const updateRequestedSchema = z.object({ id: z.string(), at: z.string() });

/** What `POST /api/my-matters/{id}/texts` answers: the mobile texted now, or null (texts off). */
export const textsChangedSchema = z.object({ texts: z.nullable(z.object({ mobile: z.string() })) });
