import { issueTrackerApi } from '@portal/contract';
import { principalOf } from '../../platform/auth.js';
import { defineFeature } from '../../platform/context.js';
import * as service from './service.js';
import { issueTrackerFor } from './tracker.js';

export {
  embeddedIssueTracker,
  EMBEDDED_PROJECT,
  issueTrackerFor,
  jiraIssueTracker,
  type Issue,
  type IssueSearch,
  type IssueTracker,
  type IssueTransitionTarget,
  type JiraIssueTrackerOptions,
  type NewIssue,
} from './tracker.js';
export {
  createLinkedIssue,
  issueSubjects,
  linkedIssues,
  linkIssue,
  listIssueLinks,
  unlinkIssue,
  type IssueSubject,
  type NewLinkedIssue,
  type Subject,
} from './links.js';
export { trackerIssues, trackerLinks } from './schema.js';

/**
 * The issue tracker (spec §7 devops "issues from an issue tracker"): search the team's tracker, create issues in it
 * and link them to incidents and remediation tickets. Other features use the exports above inside their own
 * transactions (`createLinkedIssue`, `linkIssue`, `linkedIssues`, `tracker.transition`) and tell the routes which of
 * their objects exist by contributing `issueSubjects.provide({ type, exists })`.
 */
export const issueTrackerFeature = defineFeature({
  name: 'issuetracker',
  routes: (r, ctx) => {
    const deps: service.IssueDeps = { db: ctx.db, tracker: issueTrackerFor(ctx.config), registry: ctx.registry };
    const who = (req: Parameters<typeof principalOf>[0]) => principalOf(req).email;
    r.add(issueTrackerApi.list, (req) => service.listIssues(deps, req.query));
    r.add(issueTrackerApi.info, () => service.trackerInfo(deps.tracker));
    r.add(issueTrackerApi.detail, async (req) => ({ issue: await service.getIssue(deps, req.params.key) }));
    r.add(issueTrackerApi.create, (req) => service.createIssue(deps, who(req), req.body));
    r.add(issueTrackerApi.link, (req) => service.linkExisting(deps, who(req), req.body));
    r.add(issueTrackerApi.unlink, async (req) => ({
      link: await service.unlink(deps, who(req), req.params.id),
      deleted: true as const,
    }));
  },
});
