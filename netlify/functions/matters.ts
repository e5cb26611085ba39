/**
 * A client's matter, staff's side: opened from an instructed enquiry whose due diligence is
 * verified, its dates and deadlines (worked out from the rules, confirmed or overridden by
 * staff) and its milestones. The client's own view of it is a separate resource.
 */
import type { Config } from '@netlify/functions';
import { NOT_FOUND } from './_shared/enquiries/pipeline.ts';
import { requireStaff } from './_shared/http/auth.ts';
import { handle, HttpError, json, readJson } from './_shared/http/http.ts';
import {
  answerUpdateRequest,
  changeMatter,
  listOpenMatters,
  matterIdParam,
  openMatter,
  parseMatterCreate,
  parseMatterPatch,
  parseMilestoneChange,
  parseUpdateAnswer,
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

export default handle(config, {
  '/api/contact-requests/:id/matter': {
    POST: async (req, { params }) => {
      const staff = await requireStaff(req);
      const input = parseMatterCreate(await readJson(req));
      if (!params.id || !isEnquiryId(params.id)) throw new HttpError(404, NOT_FOUND);
      return json(await openMatter(params.id, input, staff), 201);
    },
  },
  '/api/matters': {
    GET: async (req) => {
      await requireStaff(req);
      return json(await listOpenMatters());
    },
  },
  '/api/matters/:id': {
    GET: async (req, { params }) => {
      await requireStaff(req);
      return json(await readMatter(matterId(params)));
    },
    PATCH: async (req, { params }) => {
      const staff = await requireStaff(req);
      const input = parseMatterPatch(await readJson(req));
      return json(await changeMatter(matterId(params), input, staff));
    },
  },
  '/api/matters/:id/milestones/:key': {
    POST: async (req, { params, waitUntil }) => {
      const staff = await requireStaff(req);
      const input = parseMilestoneChange(await readJson(req));
      return json(await tickMilestone(matterId(params), params.key ?? '', input, staff, waitUntil));
    },
  },
  '/api/matters/:id/update-requests/:requestId/answer': {
    POST: async (req, { params, waitUntil }) => {
      const staff = await requireStaff(req);
      const input = parseUpdateAnswer(await readJson(req));
      return json(await answerUpdateRequest(matterId(params), params.requestId ?? '', input, staff, waitUntil));
    },
  },
});
