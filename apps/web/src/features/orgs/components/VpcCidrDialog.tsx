import { Form, Input } from 'antd';
import { vpcCidrBody } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useSetVpcCidr } from '../tenantOps';

interface Values {
  region: string;
  cidr: string;
}

export const CIDR_SAVED = 'VPC CIDR saved';
const fields = vpcCidrBody.shape;

/**
 * Set the tenant's VPC CIDR in a region (spec §7 PUT tenants/{id}/vpc_cidr): a private IPv4 range /16 to /24; the
 * server also refuses one overlapping the tenant's CIDR in another region, and says which.
 */
export function VpcCidrDialog({
  open,
  tenantId,
  homeRegion,
  region,
  current,
  onClose,
}: {
  open: boolean;
  tenantId: string;
  homeRegion: string;
  /** The region being edited; absent to choose one (the home region by default). */
  region?: string;
  current?: string;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSetVpcCidr(tenantId);
  return (
    <FormModal<Values>
      title={region ? `Edit the VPC CIDR of ${region}` : 'Set VPC CIDR'}
      okText="Save"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ region: region ?? homeRegion, cidr: current ?? '' }}
      onSubmit={async (v) => {
        await save.mutateAsync({ region: v.region.trim() || undefined, cidr: v.cidr });
        feedback().message.success(CIDR_SAVED);
      }}
    >
      <Form.Item
        name="region"
        label="Region"
        required
        rules={[{ required: true, whitespace: true, message: 'Required' }]}
        extra={`A region code, e.g. ${homeRegion} (the tenant's home region)`}
      >
        <Input aria-label="Region" disabled={!!region} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="cidr"
        label="CIDR"
        required
        rules={[schemaRule(fields.cidr)]}
        extra="10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16; prefix /16 to /24"
      >
        <Input aria-label="CIDR" placeholder="10.0.0.0/16" autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
