import { Form, Input, Switch } from 'antd';
import { createRegionBody } from '@portal/contract';
import type { Region } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateRegion, useUpdateRegion } from '../api';

interface Values {
  region_code: string;
  display_name: string;
  enabled: boolean;
}

const fields = createRegionBody.shape;

export interface RegionFormModalProps {
  providerId: string;
  /** The region to edit; create a new one when absent. */
  region?: Region;
  open: boolean;
  onClose(): void;
}

/** Create a region, or edit one's display name and enabled state. */
export function RegionFormModal({ providerId, region, open, onClose }: RegionFormModalProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateRegion(providerId);
  const update = useUpdateRegion(providerId);
  const editing = region !== undefined;
  return (
    <FormModal<Values>
      title={editing ? `Edit region ${region.region_code}` : 'Create region'}
      okText={editing ? 'Save' : 'Create'}
      open={open}
      onClose={onClose}
      form={form}
      initialValues={
        region
          ? { region_code: region.region_code, display_name: region.display_name, enabled: region.enabled }
          : { enabled: true }
      }
      onSubmit={async (values) => {
        if (region) {
          await update.mutateAsync({
            regionId: region.id,
            body: { display_name: values.display_name.trim(), enabled: values.enabled },
          });
          feedback().message.success('Save successful!');
        } else {
          await create.mutateAsync({
            region_code: values.region_code.trim(),
            display_name: values.display_name.trim(),
            enabled: values.enabled,
          });
          feedback().message.success('Create successful!');
        }
      }}
    >
      <Form.Item
        name="region_code"
        label="Region code"
        required={!editing}
        rules={editing ? [] : [schemaRule(fields.region_code)]}
      >
        <Input placeholder="us-east-1" disabled={editing} autoComplete="off" />
      </Form.Item>
      <Form.Item name="display_name" label="Display name" required rules={[schemaRule(fields.display_name)]}>
        <Input placeholder="US East (N. Virginia)" autoComplete="off" />
      </Form.Item>
      <Form.Item name="enabled" label="Enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
