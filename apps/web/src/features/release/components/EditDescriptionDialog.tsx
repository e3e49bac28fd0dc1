import { Form, Input } from 'antd';
import { RELEASE_MESSAGES, updateDevopsReleaseBody } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { schemaRule } from '../../../shared/lib/formRules';
import { FormModal } from '../../../shared/ui/FormModal';
import { useUpdateRelease } from '../api';

interface Values {
  description: string;
}

export interface EditDescriptionDialogProps {
  open: boolean;
  releaseId: string;
  description: string;
  onClose(): void;
}

/** Edits a release's description. */
export function EditDescriptionDialog({ open, releaseId, description, onClose }: EditDescriptionDialogProps) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateRelease(releaseId);
  return (
    <FormModal<Values>
      title="Edit the Description"
      okText="Save"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ description }}
      onSubmit={async (values) => {
        await update.mutateAsync(values.description.trim());
        feedback().message.success(RELEASE_MESSAGES.saved);
      }}
    >
      <Form.Item
        name="description"
        label="Description"
        required
        rules={[schemaRule(updateDevopsReleaseBody.shape.description)]}
      >
        <Input.TextArea aria-label="Description" autoSize={{ minRows: 2, maxRows: 8 }} maxLength={1000} />
      </Form.Item>
    </FormModal>
  );
}
