/**
 * A client's matter, staff's side: opened from an instructed enquiry whose due diligence is
 * verified, its dates and deadlines (worked out from the rules, confirmed or overridden by
 * staff) and its milestones. The client's own view of it is a separate resource. Declared in
 * src/shared/api/matters.ts.
 */
import type { Config } from '@netlify/functions';
import { mattersRoutes } from '#src/shared/api/matters.ts';
import { NOT_FOUND } from './_shared/enquiries/pipeline.ts';
import { handle, HttpError } from './_shared/http/http.ts';
import { declared } from './_shared/http/serve.ts';
import {
  answerUpdateRequest,
  changeMatter,
  listOpenMatters,
  matterIdParam,
  openMatter,
  readMatter,
  tickMilestone,
} from './_shared/matters/matter-workflow.ts';
import { isEnquiryId } from './_shared/repositories/enquiries-store.ts';

export const config: Config = {
  path: [
    '/api/contact-requests/:id/matter',
    '/api/matters',
    '/api/matters/:id',
    '/api/matters/:id/milestones/:key',
    '/api/matters/:id/update-requests/:requestId/answer',
  ],
};

const matterId = matterIdParam;

export default handle(
  config,
  declared(mattersRoutes, {
    open: async ({ params, body, user: staff }) => {
      if (!isEnquiryId(params.id)) throw new HttpError(404, NOT_FOUND);
      return openMatter(params.id, body, staff);
    },
    list: async () => listOpenMatters(),
    read: async ({ params }) => readMatter(matterId(params)),
    change: async ({ params, body, user: staff }) => changeMatter(matterId(params), body, staff),
    setMilestone: async ({ params, body, user: staff, context }) =>
      tickMilestone(matterId(params), params.key, body, staff, context.waitUntil),
    answerUpdateRequest: async ({ params, body, user: staff, context }) =>
      answerUpdateRequest(matterId(params), params.requestId, body, staff, context.waitUntil),
  }),
);
