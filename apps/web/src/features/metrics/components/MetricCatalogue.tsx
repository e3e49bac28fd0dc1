import { Button } from 'antd';
import { METRIC_CATALOGUE } from '@portal/contract';
import type { MetricInfo } from '@portal/contract';
import { DataTable } from '../../../shared/ui/DataTable';
import type { DataColumns } from '../../../shared/ui/DataTable';
import { Panel } from '../../../shared/ui/Panel';
import { Text } from '../../../shared/ui/Typography';

/**
 * The metrics a query may read, from the contract's catalogue: unit, labels, what each measures, and (expand a row)
 * the PromQL a real Prometheus evaluates for it (its recording rule). Picking a name puts it in the query.
 */
export function MetricCatalogue({ onPick }: { onPick: (name: string) => void }) {
  const columns: DataColumns<MetricInfo> = [
    {
      title: 'Metric',
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => (
        <Button type="link" size="small" className="mp-metric-name" onClick={() => onPick(name)}>
          {name}
        </Button>
      ),
    },
    { title: 'Unit', dataIndex: 'unit', key: 'unit' },
    { title: 'Labels', dataIndex: 'labels', key: 'labels', render: (l: string[]) => l.join(', ') },
    { title: 'Description', dataIndex: 'help', key: 'help' },
  ];
  return (
    <Panel title="Metrics">
      <DataTable<MetricInfo>
        aria-label="Metrics"
        size="small"
        rowKey="name"
        columns={columns}
        data={METRIC_CATALOGUE}
        pagination={false}
        expandable={{
          expandedRowRender: (m) => (
            <div>
              <Text type="secondary">Recording rule evaluated by Prometheus:</Text>
              <pre className="mp-promql">{m.promql}</pre>
            </div>
          ),
        }}
      />
    </Panel>
  );
}
