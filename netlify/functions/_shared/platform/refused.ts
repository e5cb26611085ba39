/**
 * A domain room's refusal: the rule that said no, in the rule's own words, without HTTP.
 * The rooms under the routes (the enquiry, the engagement, due diligence, the desk, the
 * matter, the payout, the site) throw `Refused`; http.ts's `asHttpError` answers it with
 * the status its kind stands for, the one place a refusal becomes an HTTP answer
 * (decision 055). Lint keeps `new HttpError` out of those rooms.
 */
import type { FieldErrors } from '#src/shared/schemas/fields.ts';
import type { CddRefusalCode } from '#src/shared/states/due-diligence.ts';
import type { EngagementRefusalCode } from '#src/shared/states/engagement.ts';
import type { EnquiryRefusalCode } from '#src/shared/states/enquiry.ts';
import type { MatterRefusalCode } from '#src/shared/states/matter.ts';

/**
 * What a route may branch on when it catches an error: a state table's refusal, or one of
 * the few other answers a caller handles (never the message, which is for people and may
 * be reworded). `unknown-link`: a token no engagement was ever sent with (the only answer
 * that counts as a guess).
 */
export type ErrorCode =
  EngagementRefusalCode | CddRefusalCode | EnquiryRefusalCode | MatterRefusalCode | 'unknown-link';

/** Each kind of refusal and the HTTP status that answers it (RFC 9110 §15). */
export const REFUSAL_STATUS = {
  /** The input breaks a rule (its fields say which). */
  invalid: 400,
  /** Nobody is signed in, or the session ended. */
  'signed-out': 401,
  /** Signed in, but this person may not do this. */
  forbidden: 403,
  /** No such thing, or not one this caller may know of. */
  'not-found': 404,
  /** The thing exists but is in a state that does not allow this now. */
  conflict: 409,
  /** The thing existed and is gone for good (an ended link). */
  gone: 410,
  /** More than the rule allows in one go. */
  'too-large': 413,
  /** A file of a kind the rule does not take. */
  'unsupported-type': 415,
  /** Too many tries: wait (its Retry-After says how long). */
  'too-many': 429,
  /** Something the rule needs cannot be had just now. */
  unavailable: 503,
} as const;

export type RefusalKind = keyof typeof REFUSAL_STATUS;

export interface RefusedOptions {
  readonly code?: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;
}

export class Refused extends Error {
  override name = 'Refused';
  readonly kind: RefusalKind;
  readonly code?: ErrorCode;
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;
  constructor(kind: RefusalKind, message: string, options: RefusedOptions = {}) {
    super(message);
    this.kind = kind;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

const KIND_OF_STATUS = new Map(
  Object.entries(REFUSAL_STATUS).map(([kind, status]) => [status as number, kind as RefusalKind]),
);

/** The kind a state table's refusal stands for: its tables name the status (src/shared/states). */
export function refusalKind(status: number): RefusalKind {
  const kind = KIND_OF_STATUS.get(status);
  if (!kind) throw new Error(`No kind of refusal answers ${status}`);
  return kind;
}
