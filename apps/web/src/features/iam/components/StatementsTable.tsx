import { Tag } from 'antd';
import type { IamPolicy } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';

type Statement = IamPolicy['statements'][number] & { index: number };

/** A policy's statements, readable: effect, the actions (privileges or patterns) and the resources (API paths). */
export function StatementsTable({ statements }: { statements: IamPolicy['statements'] }) {
  const columns: DataColumns<Statement> = [
    { title: '#', dataIndex: 'index', key: 'index', width: 48, render: (i: number) => i + 1 },
    {
      title: 'Effect',
      dataIndex: 'effect',
      key: 'effect',
      render: (e: string) => <Tag color={e === 'Deny' ? 'red' : 'green'}>{e}</Tag>,
    },
    {
      title: 'Actions',
      dataIndex: 'actions',
      key: 'actions',
      render: (actions: string[]) => actions.map((a) => <Tag key={a}>{a}</Tag>),
    },
    {
      title: 'Resources',
      dataIndex: 'resources',
      key: 'resources',
      render: (resources: string[]) => (
        <span>
          {resources.map((r) => (
            <code key={r} style={{ marginRight: 8 }}>
              {r === '*' ? '* (everywhere)' : r}
            </code>
          ))}
        </span>
      ),
    },
  ];
  return (
    <DataTable<Statement>
      aria-label="Statements"
      columns={columns}
      data={statements.map((s, index) => ({ ...s, index }))}
      rowKey="index"
      pagination={false}
      size="small"
      emptyText="No statements"
    />
  );
}
