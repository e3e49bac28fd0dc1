import { Descriptions } from 'antd';
import {
  AIOPS_CONDITION_LABELS,
  aiopsRule,
  aiopsRulePromql,
  describeAiopsCondition,
  type AiopsIssue,
} from '@portal/contract';
import { Text } from '../../../shared/ui/Typography';

/** The rule that found the issue, as the contract declares it: its condition, window and the PromQL it stands for. */
export function RuleFacts({ issue }: { issue: AiopsIssue }) {
  const rule = aiopsRule(issue.rule);
  if (!rule) return <Text type="secondary">The rule {issue.rule} is no longer defined.</Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        { key: 'name', label: 'Rule', children: `${rule.name} (${rule.key})` },
        { key: 'description', label: 'Description', children: rule.description },
        { key: 'metric', label: 'Metric', children: <Text code>{rule.metric}</Text> },
        { key: 'kind', label: 'Condition', children: AIOPS_CONDITION_LABELS[rule.condition.kind] },
        { key: 'condition', label: 'Fires when', children: describeAiopsCondition(rule) },
        { key: 'window', label: 'Window', children: `${rule.window_minutes} min` },
        { key: 'promql', label: 'PromQL', children: <Text code>{aiopsRulePromql(rule)}</Text> },
      ]}
    />
  );
}
