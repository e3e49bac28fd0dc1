import { Alert, Button, Descriptions, Modal } from 'antd';
import { formatDateTime, IAM_MESSAGES } from '@portal/contract';
import type { CreatedIamApiKey } from '@portal/contract';
import { Text } from '../../../shared/ui/Typography';

/**
 * The API key just created, with its secret shown this once (the server keeps only a hash): copy it now. Closing the
 * dialog drops the secret from the page.
 */
export function ApiKeySecretDialog({ apiKey, onClose }: { apiKey: CreatedIamApiKey | null; onClose(): void }) {
  return (
    <Modal
      title={apiKey ? `API Key ${apiKey.name} Created` : 'API Key Created'}
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
          <Alert type="warning" showIcon title={IAM_MESSAGES.secretOnce} style={{ marginBottom: 16 }} />
          <Text code copyable={{ text: apiKey.secret }} aria-label="Secret" style={{ wordBreak: 'break-all' }}>
            {apiKey.secret}
          </Text>
          <p style={{ marginTop: 12 }}>
            Send it as <Text code>Authorization: Bearer &lt;secret&gt;</Text>.
          </p>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'role', label: 'Role', children: apiKey.role },
              { key: 'prefix', label: 'Prefix', children: apiKey.prefix },
              {
                key: 'expires',
                label: 'Expires',
                children: apiKey.expires_at ? `${formatDateTime(apiKey.expires_at)} UTC` : 'Never',
              },
            ]}
          />
        </>
      ) : null}
    </Modal>
  );
}
