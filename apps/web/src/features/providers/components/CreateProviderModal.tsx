import { Form, Input, Switch } from 'antd';
import { CLOUD_PROVIDERS, createProviderBody } from '@portal/contract';
import type { CreateProviderBody } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateProvider } from '../api';

interface Values {
  id: string;
  name: string;
  display_name: string;
  enabled: boolean;
}

const fields = createProviderBody.shape;

export function CreateProviderModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateProvider();
  return (
    <FormModal<Values>
      title="Create provider"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ enabled: true }}
      onSubmit={async (values) => {
        const body: CreateProviderBody = {
          id: values.id.trim(),
          name: values.name.trim(),
          display_name: values.display_name.trim(),
          enabled: values.enabled,
        };
        await create.mutateAsync(body);
        feedback().message.success('Create successful!');
      }}
    >
      <Form.Item
        name="id"
        label="ID"
        required
        rules={[schemaRule(fields.id)]}
        extra="Lowercase letters, digits and dashes, e.g. aws"
      >
        <Input placeholder="aws" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="name"
        label="Name"
        required
        rules={[schemaRule(fields.name)]}
        extra={`The cloud provider enumeration, e.g. ${CLOUD_PROVIDERS.join(', ')}`}
      >
        <Input placeholder="AWS" autoComplete="off" />
      </Form.Item>
      <Form.Item name="display_name" label="Display name" required rules={[schemaRule(fields.display_name)]}>
        <Input placeholder="Amazon Web Services" autoComplete="off" />
      </Form.Item>
      <Form.Item name="enabled" label="Enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
