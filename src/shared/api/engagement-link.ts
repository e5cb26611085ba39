/**
 * The client's side of an engagement, through their personal link (decision 054): the page
 * `/engage/{token}` (server-rendered, no JavaScript needed), the same content as JSON, the
 * acceptance (JSON, or the page's plain form post), and the PDFs: the draft as sent, and the
 * signed copy once accepted. The link is the credential (`public`: no session is read); an
 * unknown link answers 404 (429 past the guesses a network may make), an ended one 410.
 */
import { engagementAcceptedSchema, engagementAcceptSchema, engagementViewSchema } from '../schemas/engagement.ts';
import { route } from './contract.ts';
import { madeResponse } from './made-response.ts';

export const engagementLinkRoutes = {
  page: route({
    method: 'GET',
    path: '/engage/:token',
    summary: 'The client’s engagement page: the costs disclosure and agreement, and its acceptance form',
    access: 'public',
    output: madeResponse,
    answerType: 'text/html',
    // Unknown, ended and throttled links are pages in the client's words.
    refusals: [],
  }),
  view: route({
    method: 'GET',
    path: '/api/engage/:token',
    summary: 'What the client reads on their link, as JSON (nothing staff-only); marks it viewed',
    access: 'public',
    output: engagementViewSchema,
    refusals: [404, 410, 429],
  }),
  accept: route({
    method: 'POST',
    path: '/api/engage/:token/accept',
    summary: 'The client accepts the costs agreement (their own acceptance, for joint clients)',
    access: 'public',
    input: engagementAcceptSchema,
    formPost: true,
    output: engagementAcceptedSchema,
    refusals: [400, 404, 409, 410, 413, 415, 429],
  }),
  signedPdf: route({
    method: 'GET',
    path: '/api/engage/:token/document.pdf',
    summary: 'The signed costs agreement (before every joint client accepted: this client’s own acceptance)',
    access: 'public',
    output: madeResponse,
    answerType: 'application/pdf',
    refusals: [404, 410, 429],
  }),
  draftPdf: route({
    method: 'GET',
    path: '/api/engage/:token/draft.pdf',
    summary: 'The costs disclosure and agreement as sent, marked a draft, to keep before deciding',
    access: 'public',
    output: madeResponse,
    answerType: 'application/pdf',
    refusals: [404, 410, 429],
  }),
} as const;
