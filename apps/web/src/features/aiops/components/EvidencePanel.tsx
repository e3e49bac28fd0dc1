import { Skeleton } from 'antd';
import { Link } from 'react-router';
import type { AiopsIssue } from '@portal/contract';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { Panel } from '../../../shared/ui/Panel';
import { TimeSeriesChart } from '../../../shared/ui/TimeSeriesChart';
import { Text } from '../../../shared/ui/Typography';
import { useAiopsEvidence } from '../api';
import { evidenceChartProps } from '../lib/evidence';

/**
 * The evidence: the rule's metric for the issue's cluster from before its first sighting to after its last one, as
 * the metrics adapter answers it, with the rule's threshold; "Open in Playground" runs the same query there.
 */
export function EvidencePanel({ issue }: { issue: AiopsIssue }) {
  const query = useAiopsEvidence(issue.key);
  const evidence = query.data;
  return (
    <Panel title="Evidence" extra={evidence ? <Link to={evidence.playground_path}>Open in Playground</Link> : null}>
      {evidence ? (
        <>
          <TimeSeriesChart {...evidenceChartProps(evidence)} height={260} emptyText="No data points in this range" />
          <Text type="secondary" style={{ fontSize: 12 }}>
            {evidence.unit ? `Unit: ${evidence.unit} · ` : ''}
            Query: <Text code>{evidence.query}</Text>
          </Text>
        </>
      ) : query.error ? (
        <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton active paragraph={{ rows: 5 }} title={false} />
      )}
    </Panel>
  );
}
