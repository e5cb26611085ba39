/**
 * Staff accounts in the portal: GET/POST /api/staff, PATCH/DELETE /api/staff/:id. Anyone
 * signed in may list them; only a principal adds, changes roles and removes. Never one's
 * own account, never the last account, never the last principal
 * (docs/decisions/026-staff-roles.md). Declared in src/shared/api/staff.ts.
 */
import type { Config } from '@netlify/functions';
import { staffRoutes } from '#src/shared/api/staff.ts';
import type { StaffMember } from '#src/shared/schemas/staff.ts';
import { hashPassword } from './_shared/http/auth.ts';
import { HttpError, handle } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import {
  createUser,
  LAST_PRINCIPAL_MESSAGE,
  listUsers,
  removeUser,
  setRole,
  type StaffUser,
} from './_shared/repositories/users-store.ts';

const member = (user: StaffUser): StaffMember => ({
  id: user.id,
  username: user.username,
  role: user.role,
  createdAt: user.createdAt,
  lastSignInAt: user.lastSignInAt ?? null,
  mustChangePassword: user.mustChangePassword,
});

const gone = () => new HttpError(404, 'That staff account no longer exists');

export const config: Config = { path: ['/api/staff', '/api/staff/:id'] };

export default handle(
  config,
  declared(staffRoutes, {
    list: async () => (await listUsers()).map(member),
    add: async ({ body: { username, password, role = 'staff' }, user: principal }) => {
      const user = await createUser(username, await hashPassword(password), role);
      if (!user) {
        const message = 'That username is already taken';
        throw new HttpError(409, message, { fieldErrors: { username: [message] } });
      }
      // A principal added is a grant of power the audit must show as such.
      await recordAudit({
        by: principal,
        action: role === 'principal' ? 'staff.add.principal' : 'staff.add',
        target: user.id,
      });
      return member(user);
    },
    setRole: async ({ body: { role }, params: { id }, user: principal }) => {
      const changed = await setRole(id, role);
      switch (changed.outcome) {
        case 'not-found':
          throw gone();
        case 'last-principal':
          throw new HttpError(409, LAST_PRINCIPAL_MESSAGE);
        case 'changed':
          await recordAudit({ by: principal, action: `staff.role.${role}`, target: id });
          return member(changed.user);
        case 'unchanged':
          return member(changed.user);
      }
    },
    remove: async ({ params: { id }, user: principal }) => {
      switch (await removeUser(id, principal.id)) {
        case 'self':
          throw new HttpError(403, 'You cannot remove your own account');
        case 'last':
          throw new HttpError(409, 'The last staff account cannot be removed');
        case 'last-principal':
          throw new HttpError(409, LAST_PRINCIPAL_MESSAGE);
        case 'not-found':
          throw gone();
        case 'removed':
          await recordAudit({ by: principal, action: 'staff.remove', target: id });
          return undefined;
      }
    },
  }),
);
