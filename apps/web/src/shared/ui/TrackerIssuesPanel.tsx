import { useState } from 'react';
import { Button, Flex, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ISSUE_MESSAGES, ISSUE_STATUS_COLORS, issueTrackerApi } from '@portal/contract';
import type { IssueSubjectType, TrackerIssue } from '@portal/contract';
import { trackerIssuesKeys } from '../api/trackerIssues';
import { api } from '../lib/api';
import { feedback } from '../lib/feedback';
import { useCan } from '../lib/useCan';
import { ConfirmButton } from './ConfirmButton';
import { DataTable } from './DataTable';
import type { DataColumns } from './DataTable';
import { DateText } from './Formatted';
import { lazyDialog } from './lazyDialog';
import { Text } from './Typography';

// The dialogs (antd Form, Modal, Input and the contract's field schemas) load when first opened.
const loadDialogs = () => import('./TrackerIssueDialogs');
const LinkIssueDialog = lazyDialog(() => loadDialogs().then((m) => m.LinkIssueDialog));
const CreateIssueDialog = lazyDialog(() => loadDialogs().then((m) => m.CreateIssueDialog));

export interface TrackerIssuesPanelProps {
  /** The portal object the issues are linked to: an incident or a remediation ticket. */
  subjectType: IssueSubjectType;
  subjectId: string;
  /** Rows per page (default 10). */
  pageSize?: number;
}

/** The issue's key: a link to the tracker's page of it when it has one (the embedded tracker has none). */
function IssueKey({ issue }: { issue: TrackerIssue }) {
  return issue.url ? (
    <a href={issue.url} target="_blank" rel="noreferrer">
      {issue.key}
    </a>
  ) : (
    <Text strong>{issue.key}</Text>
  );
}

function baseColumns(): DataColumns<TrackerIssue> {
  return [
    { title: 'Key', dataIndex: 'key', key: 'key', render: (_: string, issue) => <IssueKey issue={issue} /> },
    { title: 'Summary', dataIndex: 'summary', key: 'summary', width: 320, ellipsis: true },
    { title: 'Type', dataIndex: 'type', key: 'type' },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: string, issue) => (
        <Tag color={ISSUE_STATUS_COLORS[issue.status_category]} style={{ marginInlineEnd: 0 }}>
          {status}
        </Tag>
      ),
    },
    {
      title: 'Assignee',
      dataIndex: 'assignee',
      key: 'assignee',
      render: (assignee: string | null) => assignee ?? '-',
    },
    {
      title: 'Linked',
      key: 'linked',
      render: (_: unknown, issue) =>
        issue.link ? (
          <span>
            <DateText value={issue.link.created_at} withTime />
            <br />
            <Text type="secondary">{issue.link.created_by}</Text>
          </span>
        ) : (
          '-'
        ),
    },
  ];
}

/**
 * The issue tracker's issues linked to a portal object (spec §7 "issues from an issue tracker"): key (to the tracker's
 * page when it has one), summary, type, status, assignee and who linked it when, as the tracker has them now (an
 * issue it cannot tell about shows its summary as linked, status Unavailable or Not found). Link issue (by key) and
 * Create issue (in the tracker, linked at once) for those who may operate; Unlink after a confirmation. Every link and
 * unlink is on the object's audit trail (the query client refreshes audit trails after each mutation).
 */
export function TrackerIssuesPanel({ subjectType, subjectId, pageSize }: TrackerIssuesPanelProps) {
  const client = useQueryClient();
  const can = useCan();
  const [dialog, setDialog] = useState<'link' | 'create' | null>(null);
  const key = trackerIssuesKeys.linked(subjectType, subjectId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api(issueTrackerApi.list, { query: { subject_type: subjectType, subject_id: subjectId } }, { signal }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const unlink = useMutation({
    mutationFn: (linkId: string) => api(issueTrackerApi.unlink, { params: { id: linkId } }),
    // A failure opens the spec §8 operation-failure dialog.
    onSuccess: () => {
      feedback().message.success(ISSUE_MESSAGES.unlinked);
      refresh();
    },
  });

  const columns = baseColumns();
  if (can(issueTrackerApi.unlink))
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, issue) =>
        issue.link ? (
          <ConfirmButton
            size="small"
            type="link"
            danger
            loading={unlink.isPending && unlink.variables === issue.link.id}
            confirmTitle={`Unlink ${issue.key}?`}
            confirmContent="The issue stays in the tracker; only its link to this page is removed."
            okText="Unlink"
            onConfirm={() => unlink.mutateAsync(issue.link!.id).catch(() => undefined)}
          >
            Unlink
          </ConfirmButton>
        ) : null,
    });

  const subject = { subject_type: subjectType, subject_id: subjectId };
  return (
    <div className="tracker-issues" aria-label="Tracker issues" role="region">
      {can(issueTrackerApi.link) || can(issueTrackerApi.create) ? (
        <Flex gap={8} justify="flex-end" style={{ marginBottom: 12 }}>
          {can(issueTrackerApi.link) ? (
            <Button onPointerEnter={LinkIssueDialog.preload} onClick={() => setDialog('link')}>
              Link issue
            </Button>
          ) : null}
          {can(issueTrackerApi.create) ? (
            <Button onPointerEnter={CreateIssueDialog.preload} onClick={() => setDialog('create')}>
              Create issue
            </Button>
          ) : null}
        </Flex>
      ) : null}
      <DataTable<TrackerIssue>
        aria-label="Tracker issues"
        rowKey="key"
        size="small"
        columns={columns}
        data={query.data?.items}
        loading={query.isFetching && query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        pagination={{ pageSize, showTotal: (total) => `${total} issues` }}
        emptyText="No linked issues"
      />
      <LinkIssueDialog {...subject} open={dialog === 'link'} onClose={() => setDialog(null)} onDone={refresh} />
      <CreateIssueDialog {...subject} open={dialog === 'create'} onClose={() => setDialog(null)} onDone={refresh} />
    </div>
  );
}
