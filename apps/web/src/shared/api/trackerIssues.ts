import type { IssueSubjectType } from '@portal/contract';

/**
 * The query keys of the tracker issues linked to a portal object (`issueTrackerApi.list` with subject_type and
 * subject_id), read by shared/ui/TrackerIssuesPanel on the pages of the areas whose objects link issues (incidents,
 * remediation tickets). Refresh one object's with `trackerIssuesKeys.linked(type, id)`, every one with `.all`.
 */
export const trackerIssuesKeys = {
  all: ['tracker_issues'] as const,
  linked: (subjectType: IssueSubjectType, subjectId: string) =>
    ['tracker_issues', 'linked', subjectType, subjectId] as const,
};
