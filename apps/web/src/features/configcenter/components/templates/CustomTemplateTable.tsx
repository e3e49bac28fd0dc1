import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { CONFIG_CENTER_MESSAGES, configcenterApi } from '@portal/contract';
import type { TemplateSummary } from '@portal/contract';
import { feedback } from '../../../../shared/lib/feedback';
import { useCan } from '../../../../shared/lib/useCan';
import { useListParams } from '../../../../shared/lib/useListParams';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { lazyDialog } from '../../../../shared/ui/lazyDialog';
import { ListToolbar } from '../../../../shared/ui/ListToolbar';
import { SelectFilter } from '../../../../shared/ui/SelectFilter';
import { Text } from '../../../../shared/ui/Typography';
import { useVersions } from '../../api/reference';
import { useTemplates } from '../../api/templates';
import { configHistoryPath, DEFAULT_CLUSTER_TYPE, NONE, templatePath } from './labels';

const AddTemplateDialog = lazyDialog(() => import('./AddTemplateDialog').then((m) => m.AddTemplateDialog));

const columns: DataColumns<TemplateSummary> = [
  {
    title: 'ID',
    dataIndex: 'id',
    key: 'id',
    render: (id: string, row: TemplateSummary) => <Link to={templatePath(id, row.cluster_type)}>{id}</Link>,
  },
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'Effective Version', dataIndex: ['tags', 'effective_minor_version'], key: 'effective_version' },
  {
    title: 'Config Type',
    dataIndex: 'config_type',
    key: 'config_type',
    render: (value: string | null) => value ?? <Text type="secondary">{NONE}</Text>,
  },
  { title: 'Creator', dataIndex: ['tags', 'creator_email'], key: 'creator' },
];

/** A success notice (spec §8) with a link to what was created; the link follows the app's router. */
function notifyCreated(text: string, to: string, label: string, navigate: (to: string) => void) {
  feedback().message.success({
    content: (
      <span>
        {text} Configuration change:{' '}
        <a
          href={to}
          onClick={(event) => {
            event.preventDefault();
            navigate(to);
          }}
        >
          {label}
        </a>
      </span>
    ),
    duration: 8,
  });
}

/** /template's Custom Templates tab (spec §2): filter by version; ID, name, effective version, config type, creator. */
export function CustomTemplateTable() {
  const list = useListParams({ version: '' }, { prefix: 'custom_' });
  const { version, page, per_page } = list.request;
  const query = useTemplates({ template_type: 'custom', version: version || undefined, page, per_page });
  const versions = useVersions(DEFAULT_CLUSTER_TYPE);
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const can = useCan();
  const filtered = Boolean(list.filters.version);

  return (
    <>
      <ListToolbar filtered={filtered} onReset={list.reset}>
        <SelectFilter
          label="Version"
          showSearch
          value={list.filters.version || undefined}
          options={(versions.data ?? []).map((v) => ({ value: v.version, label: v.version }))}
          onChange={(value) => list.setFilters({ version: value ?? '' })}
        />
        {can(configcenterApi.createTemplate) ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onPointerEnter={AddTemplateDialog.preload}
            onClick={() => setAdding(true)}
          >
            Add Template
          </Button>
        ) : null}
      </ListToolbar>
      <DataTable<TemplateSummary>
        aria-label="Custom templates"
        columns={columns}
        query={query}
        list={list}
        emptyText={filtered ? 'No custom templates of this version' : 'No custom templates'}
      />
      <AddTemplateDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(changeId) =>
          notifyCreated(CONFIG_CENTER_MESSAGES.templateCreated, configHistoryPath(changeId), changeId, navigate)
        }
      />
    </>
  );
}
