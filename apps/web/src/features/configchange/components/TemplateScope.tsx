import type { ChangeTemplate } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Text, Title } from '../../../shared/ui/Typography';

type Param = ChangeTemplate['files']['tidb'][number];
/** The config types a custom template has files for (spec §2 Add Template's tabs), INIT_SQL aside. */
const TEMPLATE_CONFIG_TYPES = ['tidb', 'tikv', 'tiflash'] as const;
type InitSql = ChangeTemplate['files']['init_sql'][number];

const paramColumns: DataColumns<Param> = [
  { title: 'Name', dataIndex: 'name', key: 'name', render: (name: string) => <Text code>{name}</Text> },
  { title: 'Value', dataIndex: 'value', key: 'value', render: (v: string) => <Text code>{v === '' ? '""' : v}</Text> },
  { title: 'Comment', dataIndex: 'comment', key: 'comment', render: (c: string) => c || '-' },
];
const sqlColumns: DataColumns<InitSql> = [
  { title: '#', dataIndex: 'index', key: 'index', width: 60 },
  { title: 'SQL', dataIndex: 'sql', key: 'sql', render: (sql: string) => <Text code>{sql}</Text> },
];

/** A template change's files (spec §2 Add Template): its parameters per config type and its INIT_SQL paragraphs. */
export function TemplateScope({ template }: { template: ChangeTemplate }) {
  return (
    <>
      {TEMPLATE_CONFIG_TYPES.map((type) => (
        <section key={type} aria-label={`Template ${type} parameters`} style={{ marginBottom: 12 }}>
          <Title level={5}>{type}</Title>
          <DataTable<Param>
            size="small"
            rowKey="name"
            columns={paramColumns}
            data={template.files[type]}
            emptyText={`No ${type} parameters`}
          />
        </section>
      ))}
      <section aria-label="INIT_SQL">
        <Title level={5}>INIT_SQL</Title>
        <DataTable<InitSql>
          size="small"
          rowKey="index"
          columns={sqlColumns}
          data={template.files.init_sql}
          emptyText="No INIT_SQL"
        />
      </section>
    </>
  );
}
