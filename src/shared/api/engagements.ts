/**
 * Engagements (decision 054): the costs disclosure and costs agreement staff preview and send
 * from an enquiry, then resend, revoke, switch reminders on or off, vary once accepted (an
 * updated disclosure), correct a client's address (a principal) and download signed. Every
 * figure is the server's own quote; nothing a browser sends is trusted.
 */
import {
  clientAddressSchema,
  engagementPatchSchema,
  engagementPreviewSchema,
  engagementSendSchema,
  engagementSentSchema,
  engagementSummarySchema,
  engagementVariationSchema,
  issuedLinksSchema,
} from '../schemas/engagement.ts';
import { route } from './contract.ts';
import { madeResponse } from './made-response.ts';

export const engagementsRoutes = {
  send: route({
    method: 'POST',
    path: '/api/contact-requests/:id/engagement',
    summary: 'Sends an enquiry’s client(s) the costs disclosure and agreement, each by their own link',
    access: 'staff',
    input: engagementSendSchema,
    output: engagementSentSchema,
    status: 201,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  preview: route({
    method: 'POST',
    path: '/api/contact-requests/:id/engagement/preview',
    summary: 'What sending would show the client, with the server’s figures; nothing is stored',
    access: 'staff',
    input: engagementSendSchema,
    output: engagementPreviewSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  setReminders: route({
    method: 'PATCH',
    path: '/api/engagements/:id',
    summary: 'Switches the engagement’s reminders on or off',
    access: 'staff',
    input: engagementPatchSchema,
    output: engagementSummarySchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  resend: route({
    method: 'POST',
    path: '/api/engagements/:id/resend',
    summary: 'Ends the engagement’s links and issues each client a new one',
    access: 'staff',
    output: issuedLinksSchema,
    refusals: [401, 403, 404, 409, 503],
  }),
  revoke: route({
    method: 'POST',
    path: '/api/engagements/:id/revoke',
    summary: 'Ends the engagement’s links: the client can no longer read or accept it',
    access: 'staff',
    output: engagementSummarySchema,
    refusals: [401, 403, 404, 409, 503],
  }),
  vary: route({
    method: 'POST',
    path: '/api/engagements/:id/variation',
    summary: 'Sends an updated disclosure for an accepted engagement, saying what changed and why',
    access: 'staff',
    input: engagementVariationSchema,
    output: engagementSentSchema,
    status: 201,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  previewVariation: route({
    method: 'POST',
    path: '/api/engagements/:id/variation/preview',
    summary: 'What a variation would show the client; nothing is stored',
    access: 'staff',
    input: engagementVariationSchema,
    output: engagementPreviewSchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  changeClientAddress: route({
    method: 'POST',
    path: '/api/engagements/:id/clients/:index/address',
    summary: 'Changes an accepted client’s address (a principal, with a reason; the old address is told)',
    access: 'principal',
    input: clientAddressSchema,
    output: engagementSummarySchema,
    refusals: [400, 401, 403, 404, 409, 413, 415, 503],
  }),
  document: route({
    method: 'GET',
    path: '/api/engagements/:id/document.pdf',
    summary: 'The signed costs agreement (PDF), byte for byte as accepted',
    access: 'staff',
    output: madeResponse,
    answerType: 'application/pdf',
    refusals: [401, 403, 404, 503],
  }),
} as const;
