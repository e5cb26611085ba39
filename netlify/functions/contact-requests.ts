/** Staff: the list of enquiries and deleting one. */
import type { Config } from '@netlify/functions';
import { requireStaff } from './_shared/auth.ts';
import { HttpError, json, noContent, router } from './_shared/http.ts';
import {
  deleteContactRequest,
  listContactRequests,
} from './_shared/repositories/contact-requests.ts';

export default router({
  'GET /api/contact-requests': async (req) => {
    await requireStaff(req);
    return json(await listContactRequests());
  },
  'DELETE /api/contact-requests/:id': async (req, { id }) => {
    await requireStaff(req);
    if (!(await deleteContactRequest(id!))) throw new HttpError(404, 'That contact request no longer exists');
    return noContent();
  },
});

export const config: Config = { path: ['/api/contact-requests', '/api/contact-requests/:id'] };
