import { useState } from 'react';
import { Button, Tag } from 'antd';
import { incidentsApi, INCIDENT_MESSAGES, ISSUE_STATUS_COLORS } from '@portal/contract';
import type { IncidentTodo, IssueStatusCategory } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';
import { useDeleteIncidentTodo, useIncidentTodos, useSetIncidentTodoStatus, useSyncIncidentTodos } from '../api';

const TodoDialog = lazyDialog(() => import('./TodoDialog').then((m) => m.TodoDialog));

/** The tracker issue of a todo: its key (a link when the tracker has pages) and the status the last sync saw. */
function TrackerIssue({ todo }: { todo: IncidentTodo }) {
  if (!todo.tracker_issue_key) return <Text type="secondary">not tracked yet</Text>;
  const category = (todo.tracker_status_category ?? 'unknown') as IssueStatusCategory;
  return (
    <span className="incident-refs">
      {todo.tracker_issue_url ? (
        <a href={todo.tracker_issue_url} target="_blank" rel="noreferrer">
          {todo.tracker_issue_key}
        </a>
      ) : (
        <Text code>{todo.tracker_issue_key}</Text>
      )}
      {todo.tracker_status ? (
        <Tag color={ISSUE_STATUS_COLORS[category] ?? 'default'} style={{ marginInlineEnd: 0 }}>
          {todo.tracker_status}
        </Tag>
      ) : null}
    </span>
  );
}

/**
 * The post-mortem todo actions (GET/POST/PUT/DELETE /{id}/todo_actions): add, edit, mark done (or open again),
 * delete after a confirmation, and Sync with tracker — which creates a tracker issue for each todo without one and
 * pulls the linked issues' statuses back (a todo is done while its issue is done).
 */
export function PostmortemTab({ incidentId }: { incidentId: string }) {
  const can = useCan();
  const query = useIncidentTodos(incidentId);
  const setStatus = useSetIncidentTodoStatus(incidentId);
  const remove = useDeleteIncidentTodo(incidentId);
  const sync = useSyncIncidentTodos(incidentId);
  const [dialog, setDialog] = useState<{ open: boolean; todo?: IncidentTodo }>({ open: false });
  const operate = can(incidentsApi.updateTodo);

  const runSync = () =>
    sync
      .mutateAsync()
      .then((result) => {
        const summary = `Synced with the tracker: ${result.created} issue(s) created, ${result.updated} todo(s) updated.`;
        if (result.failed.length)
          feedback().message.warning(
            `${summary} ${result.failed.length} failed: ${result.failed.map((f) => `${f.todo_id}: ${f.message}`).join('; ')}`,
          );
        else feedback().message.success(summary);
      })
      .catch(() => undefined);

  const columns: DataColumns<IncidentTodo> = [
    {
      title: 'Title',
      dataIndex: 'title',
      key: 'title',
      render: (title: string, row) => (row.status === 'done' ? <Text delete>{title}</Text> : title),
    },
    {
      title: 'Owner',
      dataIndex: 'owner',
      key: 'owner',
      render: (owner: string | null) => owner ?? <Text type="secondary">-</Text>,
    },
    {
      title: 'Due Date',
      dataIndex: 'due_date',
      key: 'due_date',
      render: (value: string | null) => value ?? <Text type="secondary">-</Text>,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (status: IncidentTodo['status']) => (
        <Tag color={status === 'done' ? 'success' : 'default'} style={{ marginInlineEnd: 0 }}>
          {status}
        </Tag>
      ),
    },
    { title: 'Tracker Issue', key: 'tracker', render: (_: unknown, row) => <TrackerIssue todo={row} /> },
    {
      title: 'Synced At',
      dataIndex: 'synced_at',
      key: 'synced_at',
      render: (value: string | null) => <DateText value={value} withTime />,
    },
  ];
  if (operate)
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_: unknown, row) => (
        <span className="incident-refs">
          <Button
            size="small"
            onPointerEnter={TodoDialog.preload}
            onClick={() => setDialog({ open: true, todo: row })}
            aria-label={`Edit ${row.title}`}
          >
            Edit
          </Button>
          <Button
            size="small"
            loading={setStatus.isPending && setStatus.variables?.todoId === row.id}
            aria-label={`${row.status === 'done' ? 'Reopen' : 'Mark done'} ${row.title}`}
            onClick={() =>
              void setStatus
                .mutateAsync({ todoId: row.id, status: row.status === 'done' ? 'open' : 'done' })
                .then(() => {
                  feedback().message.success(INCIDENT_MESSAGES.saved);
                })
                .catch(() => undefined)
            }
          >
            {row.status === 'done' ? 'Reopen' : 'Mark done'}
          </Button>
          <ConfirmButton
            size="small"
            danger
            aria-label={`Delete ${row.title}`}
            confirmTitle={`Delete the todo action "${row.title}"?`}
            confirmContent={
              row.tracker_issue_key
                ? `Its tracker issue ${row.tracker_issue_key} stays in the tracker.`
                : 'It cannot be restored.'
            }
            okText="Delete"
            onConfirm={() =>
              remove
                .mutateAsync(row.id)
                .then(() => {
                  feedback().message.success('Deleted.');
                })
                .catch(() => undefined)
            }
          >
            Delete
          </ConfirmButton>
        </span>
      ),
    });

  return (
    <>
      {operate ? (
        <div className="incident-toolbar">
          <Button type="primary" onPointerEnter={TodoDialog.preload} onClick={() => setDialog({ open: true })}>
            Add todo
          </Button>
          <Button loading={sync.isPending} onClick={() => void runSync()}>
            Sync with tracker
          </Button>
        </div>
      ) : null}
      <DataTable<IncidentTodo>
        aria-label="Post-mortem todo actions"
        size="small"
        columns={columns}
        query={query}
        emptyText="No todo actions"
      />
      {/* One dialog per todo (a new one: `new`), so each opens with its own values. */}
      <TodoDialog
        key={dialog.todo?.id ?? 'new'}
        open={dialog.open}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        incidentId={incidentId}
        todo={dialog.todo}
      />
    </>
  );
}
