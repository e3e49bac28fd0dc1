import { Form, Input, Select } from 'antd';
import { CONFIG_ENVIRONMENTS, createDevopsReleaseBody, needsApproval, RELEASE_MESSAGES } from '@portal/contract';
import type { ConfigEnvironment, DevopsRelease } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useCreateRelease } from '../api';

interface Values {
  environment: ConfigEnvironment;
  description: string;
}

const fields = createDevopsReleaseBody.shape;

export interface CreateReleaseDialogProps {
  open: boolean;
  onClose(): void;
  onCreated?(release: DevopsRelease): void;
}

/** New Release: an environment and a description (spec §7 "Create release (environment, description)"). */
export function CreateReleaseDialog({ open, onClose, onCreated }: CreateReleaseDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateRelease();
  const environment = Form.useWatch('environment', form);
  return (
    <FormModal<Values>
      title="New Release"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const out = await create.mutateAsync({
          environment: values.environment,
          description: values.description.trim(),
        });
        feedback().message.success(RELEASE_MESSAGES.releaseCreated(out.release.environment));
        onCreated?.(out.release);
      }}
    >
      <Form.Item
        name="environment"
        label="Environment"
        required
        rules={[schemaRule(fields.environment)]}
        extra={
          environment && needsApproval(environment)
            ? 'A prod release is deployed only after its approval is granted.'
            : undefined
        }
      >
        <Select
          aria-label="Environment"
          placeholder="Choose an environment"
          options={CONFIG_ENVIRONMENTS.map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      <Form.Item name="description" label="Description" required rules={[schemaRule(fields.description)]}>
        <Input.TextArea aria-label="Description" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={1000} />
      </Form.Item>
    </FormModal>
  );
}
