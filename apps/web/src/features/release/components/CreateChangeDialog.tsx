import { useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import { RELEASE_MESSAGES } from '@portal/contract';
import type { ReleaseChange } from '@portal/contract';
import { errorMessage } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { FORM_SUBMIT_FAILED } from '../../../shared/ui/FormModal';
import { useCreateChange } from '../api';
import { ChangeFields, changeBody, changeFormValues, placeChangeErrors } from './ChangeFields';
import type { ChangeFormValues } from './ChangeFields';

export interface CreateChangeDialogProps {
  open: boolean;
  releaseId: string;
  onClose(): void;
  onCreated?(change: ReleaseChange): void;
}

/** New Change of a release: its fields; the server's field messages land on the fields. */
export function CreateChangeDialog({ open, releaseId, onClose, onCreated }: CreateChangeDialogProps) {
  const [form] = Form.useForm<ChangeFormValues>();
  const create = useCreateChange(releaseId);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    let values: ChangeFormValues;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    setFailure(null);
    try {
      const out = await create.mutateAsync(changeBody(values));
      feedback().message.success(RELEASE_MESSAGES.created);
      onCreated?.(out.change);
      close();
    } catch (error) {
      const { placed, unplaced } = placeChangeErrors(form, error);
      if (placed === 0 || unplaced.length)
        setFailure(unplaced.length ? unplaced.join('; ') : errorMessage(error, FORM_SUBMIT_FAILED));
    }
  };

  return (
    <Modal
      title="New Change"
      open={open}
      okText="Create"
      width={640}
      confirmLoading={create.isPending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<ChangeFormValues> form={form} layout="vertical" initialValues={changeFormValues()} preserve={false}>
        <ChangeFields />
      </Form>
    </Modal>
  );
}
