import { useState } from 'react';
import type { Key } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { canDoOnChange, configcenterApi } from '@portal/contract';
import type { ChangeItem, ConfigEnvironment, DefaultConfigChange } from '@portal/contract';
import { useCan } from '../../../../shared/lib/useCan';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { lazyDialog } from '../../../../shared/ui/lazyDialog';
import { Panel } from '../../../../shared/ui/Panel';
import { Text } from '../../../../shared/ui/Typography';
import { useChangeItems } from '../../api/changes';
import { TemplateDiffTable } from '../templates/TemplateDiffTable';
import { anyOf, EnvironmentTags, FIT_WIDTH, TemplateLink } from './display';

const BatchModifyParamsDialog = lazyDialog(() =>
  import('./BatchModifyParamsDialog').then((m) => m.BatchModifyParamsDialog),
);

type BindingRow = ChangeItem & { template_binding: NonNullable<ChangeItem['template_binding']> };
const isBinding = (item: ChangeItem): item is BindingRow => item.template_binding !== null;

const columns: DataColumns<BindingRow> = [
  { title: 'Version', key: 'version', dataIndex: ['template_binding', 'origin', 'default_case', 'version'] },
  {
    title: 'Cloud Provider',
    key: 'cloud_provider',
    dataIndex: ['template_binding', 'origin', 'default_case', 'cloud_provider'],
    render: (v: string | null) => anyOf(v),
  },
  {
    title: 'Instance Type',
    key: 'instance_type',
    dataIndex: ['template_binding', 'origin', 'default_case', 'instance_type'],
    render: (v: string | null) => anyOf(v),
  },
  {
    title: 'Config Type',
    key: 'config_type',
    dataIndex: ['template_binding', 'origin', 'default_case', 'config_type'],
  },
  {
    title: 'From Template',
    key: 'from',
    render: (_: unknown, { template_binding: b }) => (
      <TemplateLink id={b.origin.template_id} name={b.origin.template_name} clusterType={b.origin.cluster_type} />
    ),
  },
  {
    title: 'To Template',
    key: 'to',
    render: (_: unknown, { template_binding: b }) => (
      <TemplateLink id={b.modified.template_id} name={b.modified.template_name} clusterType={b.origin.cluster_type} />
    ),
  },
  { title: 'Revision', key: 'revision', dataIndex: 'revision' },
  {
    title: 'Released To',
    key: 'released_to',
    dataIndex: 'released_to',
    render: (envs: ConfigEnvironment[]) => <EnvironmentTags environments={envs} />,
  },
];

/**
 * Modify Templates: the change's default-case bindings (default case, from → to template, revision, where released;
 * a row expands to the template diff), multi-select, and Batch Modify Params for the selection (nothing selected:
 * nothing happens).
 */
export function ModifyTemplatesJob({ change }: { change: DefaultConfigChange }) {
  const can = useCan();
  const query = useChangeItems(change.id, { type_is: ['template_default_case_binding'] });
  const rows = query.data?.items.filter(isBinding);
  const [selected, setSelected] = useState<Key[]>([]);
  const [open, setOpen] = useState(false);
  // Keys of rows no longer listed drop out of the selection.
  const selectedItems = (rows ?? []).filter((r) => selected.includes(r.id));
  const allowed = canDoOnChange(change.phase, 'modify');

  return (
    <Panel
      title="Modify Templates"
      extra={
        can(configcenterApi.batchUpdateTemplates) ? (
          <Flex gap={8} align="center">
            {selectedItems.length ? <Text type="secondary">{`${selectedItems.length} selected`}</Text> : null}
            <Tooltip title={allowed ? undefined : `The change is ${change.phase}: nothing can be modified`}>
              <Button
                type="primary"
                icon={<EditOutlined />}
                disabled={!allowed}
                onPointerEnter={BatchModifyParamsDialog.preload}
                onClick={() => {
                  if (selectedItems.length) setOpen(true);
                }}
              >
                Batch Modify Params
              </Button>
            </Tooltip>
          </Flex>
        ) : null
      }
    >
      <DataTable<BindingRow>
        aria-label="Template items"
        size="small"
        scroll={FIT_WIDTH}
        columns={columns}
        data={rows}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys) }}
        expandable={{
          // What the change does to the template so far: the released template against its draft.
          expandedRowRender: ({ id, template_binding: b }) => (
            <TemplateDiffTable
              aria-label={`Diff of item ${id}`}
              from={b.origin.template_id}
              to={b.modified.template_id}
            />
          ),
        }}
        emptyText="This change modifies no template"
      />
      <BatchModifyParamsDialog
        open={open}
        changeId={change.id}
        items={selectedItems}
        onClose={() => setOpen(false)}
        onDone={() => setSelected([])}
      />
    </Panel>
  );
}
