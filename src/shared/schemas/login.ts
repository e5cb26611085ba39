/** Staff sign-in. */
import * as z from 'zod/mini';

export const loginSchema = z.object({
  username: z
    .string('Username is required')
    .check(z.minLength(1, 'Username is required'), z.maxLength(64, 'Username is too long')),
  password: z
    .string('Password is required')
    .check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Password is too long')),
});

export type LoginInput = z.input<typeof loginSchema>;

/**
 * What an account may do. A `principal` also manages staff accounts (and, as features come,
 * approves high-risk due diligence and keeps the suspicious-matter register); `staff` does
 * everything else on the desk. Decided on the server (docs/decisions/026-staff-roles.md).
 */
export const STAFF_ROLES = ['principal', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The signed-in staff member, as `/api/login` and `/api/user` answer. */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** Read from the store on every call, so a change of role applies from the next one. */
  role: z.enum(STAFF_ROLES),
  /** True until a member of staff added in the portal has changed their initial password. */
  mustChangePassword: z.optional(z.boolean()),
  /**
   * True while the practice requires passkeys and this session was started by password on
   * an account without one: every call but adding a passkey is refused until it has one.
   */
  passkeyRequired: z.optional(z.boolean()),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Usernames are case-sensitive; this keeps them safe to use as storage keys. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;
export const MIN_PASSWORD_LENGTH = 12;

/**
 * Names the site itself acts under in the audit log and an enquiry's activity (the
 * scheduled jobs, the public forms): no account may take one, in any case, or its entries
 * would pass for the site's.
 */
export const RESERVED_USERNAMES: readonly string[] = ['system', 'website'];
export const isReservedUsername = (username: string): boolean => RESERVED_USERNAMES.includes(username.toLowerCase());
export const RESERVED_USERNAME_MESSAGE = 'That username is reserved for the site itself. Please choose another.';
