import { useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Alert, Button, Form, Modal, Steps } from 'antd';
import type { FormInstance } from 'antd';
import { errorMessage } from '../../../shared/lib/ApiError';
import { applyFieldErrors } from '../../../shared/lib/formRules';
import { FORM_SUBMIT_FAILED } from '../../../shared/ui/FormModal';

/**
 * Enter in a date or time picker commits what was typed there and nothing more (as in FormModal): without this, the
 * same key press also moved on to Confirm.
 */
function enterInPickerCommitsOnly(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key === 'Enter' && event.target instanceof Element && event.target.closest('.ant-picker'))
    event.preventDefault();
}

/** The steps' titles (spec §2 Partner dialogs). */
export const STEP_TITLES = { details: 'Configure Details', confirm: 'Confirm', done: 'Done' } as const;

export interface StepDialogProps<V, R> {
  title: ReactNode;
  open: boolean;
  onClose(): void;
  form: FormInstance<V>;
  /** `add` ends on a Done step that shows `done(result)`; `update` ends after Confirm (spec §2, §4). */
  mode: 'add' | 'update';
  initialValues?: Partial<V>;
  /** The Configure Details step's fields. */
  children: ReactNode;
  /** What the Confirm step shows of the values entered. */
  confirm(values: V): ReactNode;
  /** Runs on Confirm; reject to stay (a 400's field messages go back to their fields on the first step). */
  onSubmit(values: V): Promise<R>;
  /** The Done step's content (add only). */
  done?(result: R): ReactNode;
  width?: number;
}

/**
 * A dialog in three steps (spec §2, §4 Partner dialogs): Configure Details (the form; Next validates it), Confirm
 * (what will be sent; Prev goes back with every value kept, Submit sends it), then Done — only when adding: an update
 * ends after Confirm. The form stays mounted through the steps, so going back keeps what was typed.
 */
export function StepDialog<V, R>({
  title,
  open,
  onClose,
  form,
  mode,
  initialValues,
  children,
  confirm,
  onSubmit,
  done,
  width = 640,
}: StepDialogProps<V, R>) {
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<V | null>(null);
  const [result, setResult] = useState<{ value: R } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setStep(0);
    setValues(null);
    setResult(null);
    setFailure(null);
    onClose();
  };

  const next = async () => {
    try {
      // `true`: every value, including those of fields shown only for some choices.
      await form.validateFields();
      setValues(form.getFieldsValue(true) as V);
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
      return;
    }
    setFailure(null);
    setStep(1);
  };

  const submit = async () => {
    if (!values) return;
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await onSubmit(values);
      if (mode === 'add') {
        setResult({ value: answer });
        setStep(2);
      } else close();
    } catch (error) {
      const { placed, unplaced } = applyFieldErrors(form as FormInstance, error);
      if (placed > 0) setStep(0);
      if (placed === 0 || unplaced.length)
        setFailure(unplaced.length ? unplaced.join('; ') : errorMessage(error, FORM_SUBMIT_FAILED));
    } finally {
      setSubmitting(false);
    }
  };

  const items: { title: string }[] = [{ title: STEP_TITLES.details }, { title: STEP_TITLES.confirm }];
  if (mode === 'add') items.push({ title: STEP_TITLES.done });

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close}>
            Cancel
          </Button>,
          <Button key="next" type="primary" onClick={() => void next()}>
            Next
          </Button>,
        ]
      : step === 1
        ? [
            <Button key="prev" onClick={() => setStep(0)} disabled={submitting}>
              Prev
            </Button>,
            <Button key="submit" type="primary" loading={submitting} onClick={() => void submit()}>
              Submit
            </Button>,
          ]
        : [
            <Button key="done" type="primary" onClick={close}>
              Done
            </Button>,
          ];

  return (
    <Modal
      title={title}
      open={open}
      onCancel={close}
      footer={footer}
      width={width}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Steps size="small" current={step} items={items} style={{ marginBottom: 24 }} />
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <div hidden={step !== 0}>
        <Form<V>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          preserve={false}
          requiredMark
          onFinish={() => void next()}
          onKeyDown={enterInPickerCommitsOnly}
          aria-label={STEP_TITLES.details}
        >
          {children}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </div>
      {step === 1 && values ? <div aria-label={STEP_TITLES.confirm}>{confirm(values)}</div> : null}
      {step === 2 && result && done ? <div aria-label={STEP_TITLES.done}>{done(result.value)}</div> : null}
    </Modal>
  );
}
