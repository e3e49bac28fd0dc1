import { Alert, Form, Input } from 'antd';
import { shutdownTicdcBody, upgradeTicdcBody } from '@portal/contract';
import type { TicdcClusterDetail } from '@portal/contract';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useTicdcAction } from '../api';
import { Paragraph } from '../../../shared/ui/Typography';

export interface TicdcFormDialogProps {
  ticdc: TicdcClusterDetail;
  open: boolean;
  onClose(): void;
  /** The action started an operation. */
  onStarted(operationId: string): void;
}

/** Upgrade version: the target version is required, looks like v8.5.1 and may not exceed the upstream's. */
export function UpgradeTicdcDialog({ ticdc, open, onClose, onStarted }: TicdcFormDialogProps) {
  const [form] = Form.useForm<{ target_version: string }>();
  // The form shows its own failures.
  const action = useTicdcAction(ticdc.id, { errorModal: false });
  return (
    <FormModal<{ target_version: string }>
      title={`Upgrade TiCDC ${ticdc.name}`}
      open={open}
      onClose={onClose}
      form={form}
      okText="Upgrade"
      onSubmit={async (values) => {
        const out = await action.mutateAsync({
          action: 'upgrade',
          body: { target_version: values.target_version.trim() },
        });
        onStarted(out.instance_id);
      }}
    >
      <Paragraph type="secondary">
        {`Current version ${ticdc.version}; the upstream cluster ${ticdc.upstream_cluster.name} runs ${ticdc.upstream_cluster.version}, which the target version may not exceed.`}
      </Paragraph>
      <Form.Item
        name="target_version"
        label="Target version"
        required
        rules={[schemaRule(upgradeTicdcBody.shape.target_version)]}
      >
        <Input placeholder="e.g. v8.5.1" />
      </Form.Item>
    </FormModal>
  );
}

/** Shutdown: the id of the cloud config change it belongs to is required, all digits. */
export function ShutdownTicdcDialog({ ticdc, open, onClose, onStarted }: TicdcFormDialogProps) {
  const [form] = Form.useForm<{ cloud_config_change_id: string }>();
  const action = useTicdcAction(ticdc.id, { errorModal: false });
  return (
    <FormModal<{ cloud_config_change_id: string }>
      title={`Shutdown TiCDC ${ticdc.name}`}
      open={open}
      onClose={onClose}
      form={form}
      okText="Shutdown"
      onSubmit={async (values) => {
        const out = await action.mutateAsync({ action: 'shutdown', body: values });
        onStarted(out.instance_id);
      }}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Shutting down stops every changefeed of this TiCDC cluster."
        description="Give the id of the cloud config change this shutdown belongs to."
      />
      <Form.Item
        name="cloud_config_change_id"
        label="Cloud config change ID"
        required
        rules={[schemaRule(shutdownTicdcBody.shape.cloud_config_change_id)]}
      >
        <Input placeholder="e.g. 1024" inputMode="numeric" />
      </Form.Item>
    </FormModal>
  );
}
