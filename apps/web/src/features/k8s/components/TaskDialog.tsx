import { Button, Flex, Form, Input, Radio, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { compareK8sVersions, K8S_MESSAGES, K8S_VERIFICATIONS, K8S_VERSIONS } from '@portal/contract';
import type { K8sInfo, K8sTaskBody, K8sUpgradeTaskDetail, K8sVerification, K8sVersion } from '@portal/contract';
import { FormModal } from '../../../shared/ui/FormModal';
import { Text } from '../../../shared/ui/Typography';
import { useCreateTask, useK8sFleet, useUpdateTask } from '../api';

export interface TaskValues {
  name: string;
  description?: string;
  target_version?: K8sVersion;
  verification: K8sVerification;
  /** Ordered batches, each the ordered k8s names it upgrades. */
  batches: string[][];
}

export interface TaskDialogProps {
  open: boolean;
  onClose(): void;
  /** Called with the task once created or saved. */
  onDone(taskId: string): void;
  /** Edit this draft task; create a new one when absent. */
  task?: K8sUpgradeTaskDetail;
}

/** The values a draft starts the edit with (what an edit sends replaces its batches; exclusions are dropped). */
export function valuesOf(task: K8sUpgradeTaskDetail): TaskValues {
  const batches = task.batches
    .map((b) => b.clusters.filter((c) => c.status !== 'excluded').map((c) => c.k8s_name))
    .filter((b) => b.length > 0);
  return {
    name: task.name,
    description: task.description,
    target_version: task.target_version as K8sVersion,
    verification: task.verification,
    batches: batches.length ? batches : [[]],
  };
}

/** Why a k8s cluster cannot go into this task (null: it can). */
export function unavailable(info: K8sInfo, target: string | undefined, taskId: string | undefined): string | null {
  if (info.open_task && info.open_task.task_id !== taskId) return `in task ${info.open_task.task_id}`;
  if (target && compareK8sVersions(info.version, target) >= 0) return `already at ${info.version}`;
  return null;
}

/**
 * New Upgrade Task / Edit (a draft): a name, the target version, how each upgrade is verified, and the k8s clusters
 * in ordered batches — one multi-select per batch, batches added and removed freely; a cluster goes into one batch
 * only, and clusters already at the target version or in another open task are offered disabled.
 */
export function TaskDialog({ open, onClose, onDone, task }: TaskDialogProps) {
  const [form] = Form.useForm<TaskValues>();
  const fleet = useK8sFleet();
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? '');
  const target = Form.useWatch('target_version', form);
  const batches = Form.useWatch('batches', form) ?? [];
  const infos = fleet.data?.items ?? [];

  /** The options of batch `index`: every cluster not chosen in another batch. */
  const optionsFor = (index: number) => {
    const elsewhere = new Set(batches.flatMap((b, i) => (i === index ? [] : (b ?? []))));
    return infos
      .filter((info) => !elsewhere.has(info.name))
      .map((info) => {
        const why = unavailable(info, target, task?.id);
        return {
          value: info.name,
          label: info.name,
          disabled: why !== null && !(batches[index] ?? []).includes(info.name),
          detail: `${info.version} · ${info.provider} ${info.region} · ${info.environment}${why ? ` · ${why}` : ''}`,
        };
      });
  };

  const submit = async (values: TaskValues) => {
    const body: K8sTaskBody = {
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      target_version: values.target_version!,
      verification: values.verification,
      batches: values.batches,
    };
    const out = await (task ? update : create).mutateAsync(body);
    onDone(out.id);
  };

  return (
    <FormModal<TaskValues>
      title={task ? `Edit Upgrade Task ${task.id}` : 'New Upgrade Task'}
      okText={task ? 'Save' : 'Create'}
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      initialValues={task ? valuesOf(task) : { verification: 'automatic', batches: [[]] }}
    >
      <Form.Item
        name="name"
        label="Name"
        required
        rules={[{ required: true, whitespace: true, message: K8S_MESSAGES.nameRequired }]}
      >
        <Input aria-label="Name" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea aria-label="Description" rows={2} maxLength={1000} />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="target_version"
          label="Target version"
          required
          rules={[{ required: true, message: K8S_MESSAGES.targetVersionRequired }]}
          style={{ minWidth: 180 }}
        >
          <Select
            aria-label="Target version"
            placeholder="Choose a version"
            options={K8S_VERSIONS.map((v) => ({ value: v, label: v }))}
          />
        </Form.Item>
        <Form.Item
          name="verification"
          label="Verification"
          extra="Manual: each upgrade waits for an operator to confirm the workloads are healthy."
        >
          <Radio.Group
            aria-label="Verification"
            optionType="button"
            options={K8S_VERIFICATIONS.map((v) => ({ value: v, label: v }))}
          />
        </Form.Item>
      </Flex>
      <Form.List
        name="batches"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (!Array.isArray(value) || value.length === 0) throw new Error(K8S_MESSAGES.batchesRequired);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={field.name}
                  label={`Batch ${index + 1}`}
                  required
                  style={{ flex: 1 }}
                  rules={[
                    {
                      validator: async (_rule, value: unknown) => {
                        if (!Array.isArray(value) || value.length === 0) throw new Error(K8S_MESSAGES.batchEmpty);
                      },
                    },
                  ]}
                >
                  <Select<string[]>
                    mode="multiple"
                    aria-label={`Batch ${index + 1} clusters`}
                    placeholder="Choose k8s clusters"
                    loading={fleet.isFetching}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={optionsFor(index)}
                    optionRender={(option) => (
                      <span>
                        {option.label} <Text type="secondary">{(option.data as { detail: string }).detail}</Text>
                      </span>
                    )}
                  />
                </Form.Item>
                <Button
                  aria-label={`Remove batch ${index + 1}`}
                  icon={<DeleteOutlined />}
                  disabled={fields.length === 1}
                  style={{ marginTop: 30 }}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add([])} disabled={fields.length >= 50}>
              Add Batch
            </Button>
          </>
        )}
      </Form.List>
    </FormModal>
  );
}
