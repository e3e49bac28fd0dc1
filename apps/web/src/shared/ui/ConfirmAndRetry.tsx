import { useCallback } from 'react';
import type { ReactNode } from 'react';

import { CONFIRMATION_REQUIRED } from '@portal/contract';
import type { ConfirmationDetails } from '@portal/contract';
import { isApiError } from '../lib/ApiError';
import { confirmAction } from './ConfirmButton';
import { Paragraph, Text } from './Typography';

/*
 * The client's half of the secondary confirmation (contract confirmation.ts): send; when the server answers 409
 * `confirmation.required`, show its message and details in a confirmation dialog, and on OK send the same request
 * again confirmed. Used by every page whose requests may need one (cluster control, gitops apply).
 */

export interface ConfirmAndRetry<T> {
  /** Sends the request; `confirm` is true on the confirmed send (the body's `confirm: true`). */
  send: (confirm: boolean) => Promise<T>;
  /** The dialog's question. */
  title: ReactNode;
  /** The dialog's OK button. */
  okText: string;
  /**
   * When the page already knows the request needs confirming: ask first, with this content, and send it confirmed
   * (the server's own ask still applies to anything else).
   */
  askFirst?: ReactNode;
  onSuccess: (result: T) => void;
  /** Any other failure, a failure of the confirmed send included. */
  onError: (error: unknown) => void;
}

const Value = ({ value }: { value: string | null }) =>
  value === null ? <Text type="secondary">(none)</Text> : <Text code>{value}</Text>;

function detailsOf(details: unknown): Partial<ConfirmationDetails> {
  return details && typeof details === 'object' ? (details as Partial<ConfirmationDetails>) : {};
}

/** What the server asks to confirm: its message, the subject, what it does and the values it changes. */
export function ConfirmationContent({ message, details }: { message: string; details: unknown }) {
  const { subject, description, changes } = detailsOf(details);
  return (
    <div>
      <Paragraph style={{ marginBottom: 8 }}>{message}</Paragraph>
      {subject ? (
        <Paragraph style={{ marginBottom: 8 }}>
          <Text code>{subject}</Text>
        </Paragraph>
      ) : null}
      {description ? (
        <Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {description}
        </Paragraph>
      ) : null}
      {changes?.length ? (
        <ul aria-label="Changes" style={{ margin: 0, paddingInlineStart: 18 }}>
          {changes.map((c) => (
            <li key={c.path}>
              <Text code>{c.path}</Text>: <Value value={c.current} /> → <Value value={c.desired} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Whether a failure is the server asking for a secondary confirmation. */
export function isConfirmationRequired(error: unknown): boolean {
  return isApiError(error) && error.code === CONFIRMATION_REQUIRED;
}

/**
 * Returns `run(options)`: sends the request (after asking, with `askFirst`), shows the confirmation dialog when the
 * server asks for one and sends again confirmed on OK. Cancelling the dialog sends nothing more. The returned
 * promise settles when the first send does; the dialog's OK spins until the confirmed send settles.
 */
export function useConfirmAndRetry() {
  return useCallback(<T,>(options: ConfirmAndRetry<T>): Promise<void> => {
    const { send, title, okText, askFirst, onSuccess, onError } = options;
    const confirmed = async () => {
      try {
        onSuccess(await send(true));
      } catch (error) {
        onError(error);
      }
    };
    if (askFirst !== undefined) {
      confirmAction({ title, content: askFirst, okText, danger: true, onOk: confirmed });
      return Promise.resolve();
    }
    return send(false).then(onSuccess, (error: unknown) => {
      if (!isConfirmationRequired(error) || !isApiError(error)) {
        onError(error);
        return;
      }
      confirmAction({
        title,
        content: <ConfirmationContent message={error.message} details={error.details} />,
        okText,
        danger: true,
        onOk: confirmed,
      });
    });
  }, []);
}
