import { Alert, Button, Descriptions, Modal } from 'antd';
import { formatDateTime } from '@portal/contract';
import type { z } from 'zod';
import type { createdApiKeySchema } from '@portal/contract';
import { Text } from '../../../shared/ui/Typography';

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export interface ApiKeyDialogProps {
  /** The key just created; the dialog is open while there is one. */
  apiKey: CreatedApiKey | null;
  onClose(): void;
}

/**
 * The API key just created, shown this once (the server keeps only its hash): copy it now. Closing the dialog drops
 * it from the page.
 */
export function ApiKeyDialog({ apiKey, onClose }: ApiKeyDialogProps) {
  return (
    <Modal
      title="API Key Created"
      open={Boolean(apiKey)}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Done
        </Button>
      }
      destroyOnHidden
      mask={{ closable: false }}
    >
      {apiKey ? (
        <>
          <Alert
            type="warning"
            showIcon
            title="Copy the key now: it is shown only this once and cannot be read again."
            style={{ marginBottom: 16 }}
          />
          <Text code copyable={{ text: apiKey.key }} aria-label="API key" style={{ wordBreak: 'break-all' }}>
            {apiKey.key}
          </Text>
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 16 }}
            items={[
              { key: 'role', label: 'Role', children: apiKey.role },
              { key: 'prefix', label: 'Prefix', children: apiKey.prefix },
              { key: 'created', label: 'Created', children: `${formatDateTime(apiKey.created_at)} UTC` },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
