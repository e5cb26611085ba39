/**
 * A client's matter, staff's side (decision 054): opened from an instructed enquiry whose due
 * diligence is verified, its dates and deadlines (worked out from the rules, confirmed or
 * overridden by staff), its milestones and the answers to the client's update requests. The
 * client's own view of it is another resource.
 */
import * as z from 'zod/mini';
import {
  matterCreateSchema,
  matterPatchSchema,
  matterRowSchema,
  matterViewSchema,
  milestoneChangeSchema,
  updateAnswerSchema,
} from '../schemas/matter.ts';
import { route } from './contract.ts';

export const mattersRoutes = {
  open: route({
    method: 'POST',
    path: '/api/contact-requests/:id/matter',
    summary: 'Opens a matter from an enquiry whose due diligence is verified',
    access: 'staff',
    input: matterCreateSchema,
    output: matterViewSchema,
    status: 201,
    // 503 without CDD_ENCRYPTION_KEY: the customers' types decide the duty date.
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  list: route({
    method: 'GET',
    path: '/api/matters',
    summary: 'Every open matter (not yet settled), soonest next deadline first',
    access: 'staff',
    output: z.array(matterRowSchema),
    refusals: [401, 403],
  }),
  read: route({
    method: 'GET',
    path: '/api/matters/:id',
    summary: 'A matter with its deadlines, milestones, waiting update requests and timeline',
    access: 'staff',
    output: matterViewSchema,
    refusals: [401, 403, 404],
  }),
  change: route({
    method: 'PATCH',
    path: '/api/matters/:id',
    summary: 'Changes a matter’s details, dates or deadlines (the deadlines recomputed)',
    access: 'staff',
    input: matterPatchSchema,
    output: matterViewSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  setMilestone: route({
    method: 'POST',
    path: '/api/matters/:id/milestones/:key',
    summary: 'Ticks or unticks a milestone, with an optional note for the client',
    access: 'staff',
    input: milestoneChangeSchema,
    output: matterViewSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
  answerUpdateRequest: route({
    method: 'POST',
    path: '/api/matters/:id/update-requests/:requestId/answer',
    summary: 'Answers a client’s update request, e-mailing them any reply',
    access: 'staff',
    input: updateAnswerSchema,
    output: matterViewSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415],
  }),
} as const;
