/**
 * Staff accounts in the portal: GET/POST /api/staff, DELETE /api/staff/:id. Anyone signed
 * in may manage them (the practice has no roles); never their own, never the last one.
 */
import type { Config } from '@netlify/functions';
import { staffInputSchema, type StaffMember } from '../../src/shared/schemas/staff.ts';
import { hashPassword, requireStaff } from './_shared/http/auth.ts';
import { HttpError, handle, json, noContent, readJson, validate } from './_shared/http/http.ts';
import { recordAudit } from './_shared/repositories/audit-store.ts';
import { createUser, listUsers, removeUser, type StaffUser } from './_shared/repositories/users-store.ts';

const member = (user: StaffUser): StaffMember => ({
  id: user.id,
  username: user.username,
  createdAt: user.createdAt,
  lastSignInAt: user.lastSignInAt ?? null,
  mustChangePassword: user.mustChangePassword,
});

export const config: Config = { path: ['/api/staff', '/api/staff/:id'] };

export default handle(config, {
  '/api/staff': {
    GET: async (req) => {
      await requireStaff(req);
      return json((await listUsers()).map(member));
    },
    POST: async (req) => {
      const staff = await requireStaff(req);
      const { username, password } = validate(staffInputSchema, await readJson(req));
      const user = await createUser(username, await hashPassword(password));
      if (!user) {
        const message = 'That username is already taken';
        throw new HttpError(409, message, { fieldErrors: { username: [message] } });
      }
      await recordAudit({ by: staff, action: 'staff.add', target: user.id });
      return json(member(user), 201);
    },
  },
  '/api/staff/:id': {
    DELETE: async (req, { params: { id } }) => {
      const staff = await requireStaff(req);
      switch (await removeUser(id!, staff.id)) {
        case 'self':
          throw new HttpError(403, 'You cannot remove your own account');
        case 'last':
          throw new HttpError(409, 'The last staff account cannot be removed');
        case 'not-found':
          throw new HttpError(404, 'That staff account no longer exists');
        case 'removed':
          await recordAudit({ by: staff, action: 'staff.remove', target: id! });
          return noContent();
      }
    },
  },
});
