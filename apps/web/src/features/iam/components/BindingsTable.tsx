import { Tag } from 'antd';
import { Link } from 'react-router';
import { IAM_SUBJECT_LABELS } from '@portal/contract';
import type { IamBinding } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { DateText } from '../../../shared/ui/Formatted';
import { useDeleteBinding } from '../api';
import { subjectPath, targetPath } from '../lib/paths';

export interface BindingsTableProps {
  bindings: readonly IamBinding[] | undefined;
  /** Which side the page already is (left out of the table): the target (a role's, a policy's page) or the subject. */
  hide?: 'target' | 'subject';
  /** The subject whose page this is (user, group): a binding to anyone else came through a group. */
  via?: { type: IamBinding['subject_type']; name: string };
  /** Offer Remove (after asking). */
  removable?: boolean;
  emptyText?: string;
}

/** Role and policy bindings: what is bound, to whom, by whom and when; Remove after confirming. */
export function BindingsTable({ bindings, hide, via, removable, emptyText = 'No bindings' }: BindingsTableProps) {
  const remove = useDeleteBinding();
  const columns: DataColumns<IamBinding> = [];
  if (hide !== 'target')
    columns.push({
      title: 'Bound',
      key: 'target',
      render: (_: never, b) => (
        <>
          <Tag color={b.kind === 'role' ? 'geekblue' : 'purple'}>{b.kind === 'role' ? 'Role' : 'Policy'}</Tag>
          <Link to={targetPath(b.kind, b.target)}>{b.target}</Link>
        </>
      ),
    });
  if (hide !== 'subject')
    columns.push({
      title: 'To',
      key: 'subject',
      render: (_: never, b) => (
        <>
          <Tag>{IAM_SUBJECT_LABELS[b.subject_type]}</Tag>
          <Link to={subjectPath(b.subject_type, b.subject)}>{b.subject}</Link>
          {via && (b.subject_type !== via.type || b.subject !== via.name) ? (
            <span className="tx tx-secondary"> (through the group)</span>
          ) : null}
        </>
      ),
    });
  columns.push(
    { title: 'Created By', dataIndex: 'created_by', key: 'created_by' },
    {
      title: 'Created At',
      dataIndex: 'created_at',
      key: 'created_at',
      render: (v: string) => <DateText value={v} withTime />,
    },
  );
  if (removable)
    columns.push({
      title: 'Actions',
      key: 'actions',
      render: (_: never, b) => (
        <ConfirmButton
          size="small"
          danger
          confirmTitle={`Remove the ${b.kind} ${b.target} from ${b.subject}?`}
          confirmContent="What it grants (or denies) stops applying at once."
          okText="Remove"
          onConfirm={async () => {
            await remove.mutateAsync({ kind: b.kind, id: b.id });
            feedback().message.success('The binding has been removed');
          }}
        >
          Remove
        </ConfirmButton>
      ),
    });
  return (
    <DataTable<IamBinding>
      aria-label="Bindings"
      columns={columns}
      data={bindings}
      loading={!bindings}
      rowKey="id"
      emptyText={emptyText}
      size="small"
    />
  );
}
