/**
 * The client's side of a matter: the sign-in form, the update request, and what
 * `GET /api/my-matters` answers (a narrower view than staff's `MatterView`: no timeline, no
 * staff names beyond the responsible solicitor, no notices).
 */
import * as z from 'zod/mini';
import type { MatterSide } from '../../content/matters.ts';
import type { NextDeadline } from './matter.ts';
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

/** An address as sign-in compares it: the same mailbox whatever the case or spaces it was typed with. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export interface ClientDeadline {
  key: string;
  label: string;
  date: string;
  time?: string;
  basis: string;
  confirmed: boolean;
  met: boolean;
  overdue: boolean;
}

export interface ClientMilestone {
  key: string;
  label: string;
  done: boolean;
  doneAt?: string;
  note?: string;
}

/** One entry of `GET /api/my-matters`. */
export interface ClientMatter {
  id: string;
  side: MatterSide;
  property: string | null;
  deadlines: ClientDeadline[];
  milestones: ClientMilestone[];
  next: NextDeadline | null;
  /** Extra, for the page: who acts, and what the practice needs from the client now. */
  responsible: string;
  needs: string[];
  /** Sydney calendar days from today to `next` (negative when overdue). */
  daysToNext: number | null;
  /** Update requests waiting for an answer. */
  updateRequests: number;
}
