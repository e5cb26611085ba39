/** Staff accounts, password changes and the audit log, shared by islands and functions. */
import * as z from 'zod/mini';
import { isDateInRange, isIsoDate, toFieldErrors, type FieldErrors } from './fields.ts';
import {
  isReservedUsername,
  MIN_PASSWORD_LENGTH,
  RESERVED_USERNAME_MESSAGE,
  STAFF_ROLES,
  USERNAME_PATTERN,
} from './login.ts';

const newPassword = (label: string) =>
  z
    .string(`${label} is required`)
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, `${label} must be at least ${MIN_PASSWORD_LENGTH} characters`),
      z.maxLength(256, `${label} is too long`),
    );

const role = z.enum(STAFF_ROLES, 'Choose a role: principal or staff');

/** `POST /api/staff`: a new member of staff with an initial password they must change; `staff` unless a role is given. */
export const staffInputSchema = z.object({
  username: z.string('Username is required').check(
    z.trim(),
    z.regex(USERNAME_PATTERN, 'Use 3 to 64 letters, digits, dots, underscores or hyphens'),
    z.refine((username) => !isReservedUsername(username), RESERVED_USERNAME_MESSAGE),
  ),
  password: newPassword('Initial password'),
  role: z.optional(role),
});
export type StaffInput = z.input<typeof staffInputSchema>;

/** `PATCH /api/staff/{id}`: a principal changes an account's role. */
export const staffRoleSchema = z.object({ role });

/**
 * `PUT /api/user/email`: the address this account's own notices go to (a client's step on an
 * enquiry assigned to it); an empty string removes it, and the practice's alert address takes
 * them again.
 */
export const ownEmailSchema = z.object({
  email: z.string('Please enter a valid email address').check(
    z.trim(),
    z.maxLength(254, 'Please enter a valid email address'),
    z.refine((value) => value === '' || z.safeParse(z.email(), value).success, 'Please enter a valid email address'),
  ),
});

/** `PUT /api/user/password`. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string('Current password is required')
    .check(z.minLength(1, 'Current password is required'), z.maxLength(256, 'Current password is too long')),
  newPassword: newPassword('New password'),
});
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** One row of `GET /api/staff`: never the password hash. */
export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
  mustChangePassword: z.boolean(),
});
export type StaffMember = z.output<typeof staffMemberSchema>;

/** One entry of `GET /api/audit`; `id` is what `before` takes to page on. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The username at the time, or 'system' for the scheduled jobs. */
  by: z.string(),
  /** The account's id (usernames can be reused); null for the scheduled jobs. */
  byId: z.nullable(z.string()),
  action: z.string(),
  target: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last one. */
  next: z.nullable(z.string()),
});
export type AuditPage = z.output<typeof auditPageSchema>;
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 25;

/**
 * `GET /api/audit`'s filters, as the query string gives them: who (a username as recorded,
 * `system` for the scheduled jobs), what (an action such as `staff.remove`, or its family,
 * `staff`), and Sydney days from and to (both included).
 */
export const AUDIT_DATE_MESSAGE = 'Use a date like 2026-11-23';
/**
 * A real day, as a date alone (Date.parse takes 30 February as 2 March; a date with a time,
 * `2026-12-01T00:00`, is no day and must be refused here, before it is read as one).
 */
const isRealDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  isIsoDate(value) &&
  isDateInRange(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const auditDay = z.optional(z.string().check(z.refine(isRealDay, AUDIT_DATE_MESSAGE)));
const auditFilterFields = {
  by: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  action: z.optional(z.string().check(z.regex(/^[a-z-]+(\.[a-z-]+)*$/, 'Unknown action'), z.maxLength(60))),
  from: auditDay,
  to: auditDay,
};
const fromNotAfterTo = z.refine<{ from?: string; to?: string }>(
  (filter) => !filter.from || !filter.to || filter.from <= filter.to,
  {
    message: 'The first day must not be after the last',
    path: ['to'],
  },
);
export const auditFilterSchema = z.object(auditFilterFields).check(fromNotAfterTo);
export type AuditFilterInput = z.output<typeof auditFilterSchema>;

/** A key the audit store made (`timeKey`): what `before` may name. */
export const AUDIT_ID_PATTERN = /^[0-9a-z]{15}[0-9a-f]{12}$/;
export const AUDIT_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}`;
export const AUDIT_BEFORE_MESSAGE = 'before must be an audit entry id';

/** An empty parameter is no filter (a form's empty select sends one). */
const given = <S extends z.ZodMiniType<unknown, string | undefined>>(field: S) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => value || undefined),
    ),
    field,
  );

/**
 * `GET /api/audit?limit=&before=&by=&action=&from=&to=`: a page (25 entries unless `limit`
 * says, at most 100) older than `before`, narrowed by the filters.
 */
export const auditQuerySchema = z
  .object({
    limit: z.optional(
      z.pipe(
        z.string().check(
          z.refine((text) => {
            const limit = Number(text);
            return Number.isInteger(limit) && limit >= 1 && limit <= AUDIT_PAGE_MAX;
          }, AUDIT_LIMIT_MESSAGE),
        ),
        z.transform(Number),
      ),
    ),
    // It is compared with storage keys: only a well-formed one gets that far.
    before: z.optional(z.string().check(z.regex(AUDIT_ID_PATTERN, AUDIT_BEFORE_MESSAGE))),
    by: given(auditFilterFields.by),
    action: given(auditFilterFields.action),
    from: given(auditFilterFields.from),
    to: given(auditFilterFields.to),
  })
  .check(fromNotAfterTo);

/** A bad `limit` or `before` is refused by its own sentence (as first), the filters by field. */
export function auditQueryRefusal(error: z.core.$ZodError): { error: string; fieldErrors?: FieldErrors } {
  for (const name of ['limit', 'before']) {
    const issue = error.issues.find((candidate) => candidate.path[0] === name);
    if (issue) return { error: issue.message };
  }
  return { error: 'Please check the highlighted fields', fieldErrors: toFieldErrors(error) };
}
