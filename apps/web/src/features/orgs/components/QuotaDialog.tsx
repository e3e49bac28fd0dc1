import { Form, InputNumber } from 'antd';
import { quotaBody } from '@portal/contract';
import type { TenantQuota } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useSetQuota } from '../tenantOps';

interface Values {
  max_clusters: number;
  max_nodes_per_cluster: number;
  max_storage_tb: number;
}

export const QUOTA_SAVED = 'Quota saved';
const fields = quotaBody.shape;

/** Edit a tenant's quota (spec §7 PUT tenants/{id}/quota): whole numbers within the platform's ranges. */
export function QuotaDialog({
  open,
  tenantId,
  quota,
  onClose,
}: {
  open: boolean;
  tenantId: string;
  quota: TenantQuota;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSetQuota(tenantId);
  return (
    <FormModal<Values>
      title="Edit quota"
      okText="Save"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{
        max_clusters: quota.max_clusters,
        max_nodes_per_cluster: quota.max_nodes_per_cluster,
        max_storage_tb: quota.max_storage_tb,
      }}
      onSubmit={async (v) => {
        await save.mutateAsync(v);
        feedback().message.success(QUOTA_SAVED);
      }}
    >
      <Form.Item
        name="max_clusters"
        label="Max clusters"
        required
        rules={[schemaRule(fields.max_clusters)]}
        extra={`0 to 1000; ${quota.used_clusters} in use now`}
      >
        <InputNumber aria-label="Max clusters" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="max_nodes_per_cluster"
        label="Max nodes per cluster"
        required
        rules={[schemaRule(fields.max_nodes_per_cluster)]}
        extra="1 to 500"
      >
        <InputNumber aria-label="Max nodes per cluster" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="max_storage_tb"
        label="Max storage (TB)"
        required
        rules={[schemaRule(fields.max_storage_tb)]}
        extra={`0 to 10000; ${quota.used_storage_tb} TB in use now`}
      >
        <InputNumber aria-label="Max storage (TB)" style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
