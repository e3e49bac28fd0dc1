import { Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../../../shared/lib/feedback';
import { FormModal } from '../../../shared/ui/FormModal';
import { useDeleteTenant } from '../tenantOps';

interface Values {
  confirm_name: string;
}

export const TENANT_DELETED = 'Tenant deleted';

/**
 * Delete a tenant (spec §7 DELETE tenants/{id}) after typing its name. The server refuses while the tenant has live
 * clusters and says how many: the dialog shows that message and stays open.
 */
export function DeleteTenantDialog({
  open,
  tenant,
  onClose,
}: {
  open: boolean;
  tenant: { id: string; name: string; cluster_count: number };
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const remove = useDeleteTenant(tenant.id);
  const navigate = useNavigate();
  return (
    <FormModal<Values>
      title={`Delete tenant ${tenant.name}`}
      okText="Delete"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async () => {
        await remove.mutateAsync();
        feedback().message.success(TENANT_DELETED);
        void navigate('/orgs');
      }}
    >
      <p>
        This deletes the tenant, its projects and its deleted clusters, its quota, VPC CIDRs and account users. Its
        audit trail and billing history are kept. A tenant with live clusters cannot be deleted.
      </p>
      <Form.Item
        name="confirm_name"
        label={
          <span>
            Type <strong>{tenant.name}</strong> to confirm
          </span>
        }
        required
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (value !== tenant.name) throw new Error('Type the tenant name exactly as shown');
            },
          },
        ]}
      >
        <Input aria-label="Tenant name" autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
