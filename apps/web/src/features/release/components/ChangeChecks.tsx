import { Alert } from 'antd';
import type { ReleaseChange } from '@portal/contract';
import { DateText } from '../../../shared/ui/Formatted';
import { Text } from '../../../shared/ui/Typography';

/** The latest check for ready: its result, when and by whom, and why not. */
export function ReadyCheckResult({ check }: { check: NonNullable<ReleaseChange['ready_check']> }) {
  return (
    <Alert
      type={check.ready ? 'success' : 'warning'}
      showIcon
      aria-label="Ready check"
      title={
        <span>
          {check.ready ? 'Ready to deploy' : 'Not ready'}{' '}
          <Text type="secondary">
            (checked by {check.checked_by}, <DateText value={check.checked_at} withTime />)
          </Text>
        </span>
      }
      description={
        check.reasons.length ? (
          <ul className="release-reasons">
            {check.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

/** The verification: passed or failed, its notes, when and by whom. */
export function VerificationResult({ verification }: { verification: NonNullable<ReleaseChange['verification']> }) {
  const passed = verification.result === 'passed';
  return (
    <Alert
      type={passed ? 'success' : 'error'}
      showIcon
      aria-label="Verification"
      title={
        <span>
          {passed ? 'Verification passed' : 'Verification failed'}{' '}
          <Text type="secondary">
            (by {verification.verified_by}, <DateText value={verification.verified_at} withTime />)
          </Text>
        </span>
      }
      description={verification.notes || undefined}
    />
  );
}
