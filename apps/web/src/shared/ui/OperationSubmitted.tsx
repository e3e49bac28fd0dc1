import { Alert } from 'antd';
import { Link } from 'react-router';
import { feedback } from '../lib/feedback';

export const operationPath = (id: string | number) => `/operations/${encodeURIComponent(String(id))}`;

/** Inline notice for an action that answered with an operation id (spec §8): links to its detail. */
export function OperationSubmitted({ operationId }: { operationId: string | number }) {
  return (
    <Alert
      type="success"
      showIcon
      title={
        <span>
          Operation submitted: <Link to={operationPath(operationId)}>{String(operationId)}</Link>
        </span>
      }
    />
  );
}

/**
 * The same as a toast. Pass the router's `navigate` to follow the link inside the app
 * (toasts may render outside the router context).
 */
export function notifyOperationSubmitted(operationId: string | number, navigate?: (to: string) => void): void {
  const to = operationPath(operationId);
  feedback().message.success({
    content: (
      <span>
        Operation submitted:{' '}
        <a
          href={to}
          onClick={(e) => {
            if (!navigate) return;
            e.preventDefault();
            navigate(to);
          }}
        >
          {String(operationId)}
        </a>
      </span>
    ),
    duration: 6,
  });
}
