import { z } from 'zod';
import { route } from './api.js';
import { listResult } from './list.js';
import {
  changePullsResponse,
  codehostInfoSchema,
  codehostLabelSchema,
  codehostPullsQuery,
  codehostReleaseSchema,
  createDevopsReleaseBody,
  createReleaseChangeBody,
  createReleaseTicketBody,
  deployStarted,
  devopsReleaseListQuery,
  devopsReleaseResponse,
  devopsReleaseSchema,
  releaseIdParam,
  pullDetailSchema,
  pullSummarySchema,
  releaseChangeListQuery,
  releaseChangeResponse,
  releaseChangeSchema,
  releaseNoteBody,
  releaseTicketListQuery,
  releaseTicketResponse,
  releaseTicketSchema,
  updateDevopsReleaseBody,
  updateReleaseChangeBody,
  updateTicketStatusBody,
  verifyChangeBody,
} from './release.js';

/** The releases area's routes (spec §7 "release changes, releases and tickets" and the code host); schemas, states and
 * messages are in release.ts. */
// ---- routes (§7) ---------------------------------------------------------------------------------------------------
const R = '/api/v1/devops/releases';
const releaseParams = z.object({ release_id: releaseIdParam });
const changeParams = z.object({ release_id: releaseIdParam, change_id: releaseIdParam });
const ticketParams = z.object({ release_id: releaseIdParam, name: z.string().trim().min(1).max(64) });

const changeAction = <const P extends string>(action: P) =>
  route({
    method: 'POST',
    path: `${R}/:release_id/changes/:change_id/${action}`,
    access: 'release.write',
    params: changeParams,
    body: releaseNoteBody,
    response: releaseChangeResponse,
  });

export const releaseApi = {
  list: route({
    method: 'GET',
    path: R,
    access: 'release.read',
    query: devopsReleaseListQuery,
    response: listResult(devopsReleaseSchema),
  }),
  create: route({
    method: 'POST',
    path: R,
    access: 'release.write',
    status: 201,
    body: createDevopsReleaseBody,
    response: devopsReleaseResponse,
  }),
  detail: route({
    method: 'GET',
    path: `${R}/:release_id`,
    access: 'release.read',
    params: releaseParams,
    response: devopsReleaseResponse,
  }),
  update: route({
    method: 'PUT',
    path: `${R}/:release_id`,
    access: 'release.write',
    params: releaseParams,
    body: updateDevopsReleaseBody,
    response: devopsReleaseResponse,
  }),
  /** prod: asks for the release's approval (its scope freezes); deploys wait until it is APPROVED. */
  requestApproval: route({
    method: 'POST',
    path: `${R}/:release_id/request_approval`,
    access: 'release.write',
    params: releaseParams,
    body: releaseNoteBody,
    response: devopsReleaseResponse,
  }),
  /** Withdraws a pending approval request: back to planning. */
  cancelApproval: route({
    method: 'POST',
    path: `${R}/:release_id/cancel_approval`,
    access: 'release.write',
    params: releaseParams,
    body: releaseNoteBody,
    response: devopsReleaseResponse,
  }),

  changes: route({
    method: 'GET',
    path: `${R}/:release_id/changes`,
    access: 'release.read',
    params: releaseParams,
    query: releaseChangeListQuery,
    response: listResult(releaseChangeSchema),
  }),
  createChange: route({
    method: 'POST',
    path: `${R}/:release_id/changes`,
    access: 'release.write',
    status: 201,
    params: releaseParams,
    body: createReleaseChangeBody,
    response: releaseChangeResponse,
  }),
  change: route({
    method: 'GET',
    path: `${R}/:release_id/changes/:change_id`,
    access: 'release.read',
    params: changeParams,
    response: releaseChangeResponse,
  }),
  updateChange: route({
    method: 'PUT',
    path: `${R}/:release_id/changes/:change_id`,
    access: 'release.write',
    params: changeParams,
    body: updateReleaseChangeBody,
    response: releaseChangeResponse,
  }),
  /** The change's pull requests as the code host has them now. */
  changePulls: route({
    method: 'GET',
    path: `${R}/:release_id/changes/:change_id/pulls`,
    access: 'release.read',
    params: changeParams,
    response: changePullsResponse,
  }),
  submit: changeAction('submit'),
  cancel: changeAction('cancel'),
  close: changeAction('close'),
  checkReady: changeAction('check_ready'),
  deploy: route({
    method: 'POST',
    path: `${R}/:release_id/changes/:change_id/deploy`,
    access: 'release.write',
    params: changeParams,
    body: releaseNoteBody,
    response: deployStarted,
  }),
  verify: route({
    method: 'POST',
    path: `${R}/:release_id/changes/:change_id/verify`,
    access: 'release.write',
    params: changeParams,
    body: verifyChangeBody,
    response: releaseChangeResponse,
  }),

  tickets: route({
    method: 'GET',
    path: `${R}/:release_id/tickets`,
    access: 'release.read',
    params: releaseParams,
    query: releaseTicketListQuery,
    response: listResult(releaseTicketSchema),
  }),
  createTicket: route({
    method: 'POST',
    path: `${R}/:release_id/tickets`,
    access: 'release.write',
    status: 201,
    params: releaseParams,
    body: createReleaseTicketBody,
    response: releaseTicketResponse,
  }),
  ticket: route({
    method: 'GET',
    path: `${R}/:release_id/tickets/:name`,
    access: 'release.read',
    params: ticketParams,
    response: releaseTicketResponse,
  }),
  updateTicketStatus: route({
    method: 'PUT',
    path: `${R}/:release_id/tickets/:name/status`,
    access: 'release.write',
    params: ticketParams,
    body: updateTicketStatusBody,
    response: releaseTicketResponse,
  }),
};

const C = '/api/v1/devops/codehost';
export const codehostApi = {
  info: route({ method: 'GET', path: C, access: 'release.read', response: codehostInfoSchema }),
  labels: route({
    method: 'GET',
    path: `${C}/labels`,
    access: 'release.read',
    response: listResult(codehostLabelSchema),
  }),
  pulls: route({
    method: 'GET',
    path: `${C}/pulls`,
    access: 'release.read',
    query: codehostPullsQuery,
    response: listResult(pullSummarySchema),
  }),
  pull: route({
    method: 'GET',
    path: `${C}/pulls/:number`,
    access: 'release.read',
    params: z.object({ number: z.coerce.number().int().min(1).max(1_000_000_000) }),
    response: z.object({ pull: pullDetailSchema }),
  }),
  releases: route({
    method: 'GET',
    path: `${C}/releases`,
    access: 'release.read',
    response: listResult(codehostReleaseSchema),
  }),
};
