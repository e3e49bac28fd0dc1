import type { KeyboardEvent, ReactNode } from 'react';
import { useState } from 'react';
import { Alert, Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { errorMessage } from '../lib/ApiError';
import { applyFieldErrors } from '../lib/formRules';

export interface FormModalProps<V> {
  title: ReactNode;
  open: boolean;
  onClose(): void;
  form: FormInstance<V>;
  /** Runs after the fields validate; reject to keep the dialog open (e.g. `mutation.mutateAsync`). */
  onSubmit(values: V): Promise<unknown>;
  initialValues?: Partial<V>;
  okText?: string;
  /**
   * Show a failure the fields can't hold inside the dialog (default). False when the mutation keeps the query
   * client's spec §8 operation-failure dialog, which says it already: the dialog then only stays open.
   */
  inlineErrors?: boolean;
  /** The dialog's width (antd's default, 520 px, when absent). */
  width?: number;
  children: ReactNode;
}

export const FORM_SUBMIT_FAILED = 'Failed to submit, please try again';

/**
 * Enter in a date or time picker commits what was typed there and nothing more: without this, the same key press also
 * submitted the whole dialog (the form's implicit submission), before the other fields were filled.
 */
function enterInPickerCommitsOnly(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('.ant-picker'))
    event.preventDefault();
}

/**
 * A dialog with a form (spec §5): fields validate first and a failed validation submits nothing;
 * a 400 answer's field messages land on their fields; any other failure shows the server message
 * (message, else errmsg, else error, else a generic text) inside the dialog.
 * Pair it with a mutation that sets `meta: { errorModal: false }`, or pass `inlineErrors={false}` to keep the §8
 * dialog.
 */
export function FormModal<V>({
  title,
  open,
  onClose,
  form,
  onSubmit,
  initialValues,
  okText = 'Submit',
  inlineErrors = true,
  width,
  children,
}: FormModalProps<V>) {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    setFailure(null);
    setSubmitting(true);
    try {
      await onSubmit(values);
      close();
    } catch (error) {
      const { placed, unplaced } = applyFieldErrors(form as FormInstance, error);
      if (inlineErrors && (placed === 0 || unplaced.length))
        setFailure(unplaced.length ? unplaced.join('; ') : errorMessage(error, FORM_SUBMIT_FAILED));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={submitting}
      width={width}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        requiredMark
        onFinish={() => void submit()}
        onKeyDown={enterInPickerCommitsOnly}
      >
        {children}
        {/* Enter in a field submits */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
