import type { K8sTaskProgress } from '@portal/contract';
import { Text } from '../../../shared/ui/Typography';

/**
 * "3/5 upgraded", then what else is not pending: upgrading, failed, excluded, skipped. With `maxWidth` (a list's
 * column) the rest wraps under it instead of widening the table.
 */
export function TaskProgressText({ progress, maxWidth }: { progress: K8sTaskProgress; maxWidth?: number }) {
  const others = (['upgrading', 'failed', 'excluded', 'skipped'] as const)
    .filter((k) => progress[k] > 0)
    .map((k) => `${progress[k]} ${k}`);
  return (
    <span
      style={maxWidth ? { display: 'inline-block', maxWidth } : { whiteSpace: 'nowrap' }}
      aria-label={`${progress.succeeded} of ${progress.total} upgraded`}
    >
      <span style={{ whiteSpace: 'nowrap' }}>{`${progress.succeeded}/${progress.total} upgraded`}</span>
      {others.length ? <Text type="secondary">{` · ${others.join(', ')}`}</Text> : null}
    </span>
  );
}
