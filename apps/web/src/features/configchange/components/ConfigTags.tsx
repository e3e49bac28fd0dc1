import { Tag } from 'antd';
import { phaseColor } from '@portal/contract';

const RISK_COLORS: Record<string, string> = { low: 'green', medium: 'orange', high: 'red' };
const SOURCE_COLORS: Record<string, string> = { custom: 'purple', template: 'blue', default: 'default' };
const SOURCE_LABELS: Record<string, string> = { custom: 'custom', template: 'template', default: 'engine default' };

export function RiskTag({ level }: { level: string }) {
  return <Tag color={RISK_COLORS[level] ?? 'default'}>{level}</Tag>;
}

export function SourceTag({ source }: { source: string }) {
  return <Tag color={SOURCE_COLORS[source] ?? 'default'}>{SOURCE_LABELS[source] ?? source}</Tag>;
}

/** Spec §4 phase tag colours (unknown phases red). */
export function PhaseTag({ phase }: { phase: string }) {
  return (
    <Tag color={phaseColor(phase)} style={{ marginInlineEnd: 0 }}>
      {phase}
    </Tag>
  );
}
