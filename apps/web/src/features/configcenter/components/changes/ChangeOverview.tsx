import { Descriptions } from 'antd';
import type { DefaultConfigChange } from '@portal/contract';
import { AuditLogTab } from '../../../../shared/ui/AuditLogTabLazy';
import { DateText } from '../../../../shared/ui/Formatted';
import { Panel } from '../../../../shared/ui/Panel';
import { TabSet } from '../../../../shared/ui/TabSet';
import { Text } from '../../../../shared/ui/Typography';
import { ChangePhaseTag, EnvironmentTags, ITEM_TYPE_LABELS } from './display';

/** The facts of a default-config change (spec §2 default-config change detail). */
export function changeFacts(change: DefaultConfigChange) {
  return [
    { key: 'id', label: 'ID', children: <Text copyable>{change.id}</Text> },
    { key: 'applicant', label: 'Applicant', children: change.applicant },
    { key: 'phase', label: 'Phase', children: <ChangePhaseTag phase={change.phase} /> },
    { key: 'phase_reason', label: 'Phase Reason', children: change.phase_reason || '-' },
    { key: 'created', label: 'Created At', children: <DateText value={change.created_at} withTime /> },
    { key: 'closed', label: 'Closed At', children: <DateText value={change.closed_at} withTime /> },
    { key: 'reason', label: 'Reason', span: 3, children: change.reason || '-' },
    {
      key: 'item_types',
      label: 'Item Types',
      children: change.item_types.length ? change.item_types.map((t) => ITEM_TYPE_LABELS[t]).join(', ') : '-',
    },
    { key: 'environments', label: 'Environments', children: <EnvironmentTags environments={change.environments} /> },
  ];
}

/** Overview: the change's facts and its Audit Logs. */
export function ChangeOverview({ change }: { change: DefaultConfigChange }) {
  return (
    <>
      <Panel title="Overview">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={changeFacts(change)} />
      </Panel>
      <Panel>
        <TabSet
          items={[
            {
              key: 'audit',
              label: 'Audit Logs',
              children: <AuditLogTab type="cloud_config_default_config_change" instanceId={change.id} />,
            },
          ]}
        />
      </Panel>
    </>
  );
}
