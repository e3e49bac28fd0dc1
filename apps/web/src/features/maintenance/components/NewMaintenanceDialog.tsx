import { useState } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { MAINTENANCE_FIELD_MESSAGES, maintenanceWindowProblem } from '@portal/contract';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { FormModal } from '../../../shared/ui/FormModal';
import { useClusterOptions, useCreateMaintenance, useProjectOptions, useTenantOptions } from '../api';

/** What the dialog may start with (from a cluster's page: its tenant, project and the cluster). */
export interface NewMaintenanceInitial {
  tenantId: string;
  tenantName?: string;
  projectId: string;
  projectName?: string;
  clusterIds: string[];
}

export interface NewMaintenanceDialogProps {
  open: boolean;
  onClose(): void;
  /** The created maintenance's id. */
  onDone(id: string): void;
  initial?: NewMaintenanceInitial;
}

interface Values {
  tenant_id?: string;
  project_id?: string;
  schedule_time?: Dayjs;
  deadline?: Dayjs;
  cluster_ids?: string[];
  description?: string;
}

const TIME_FORMAT = 'YYYY-MM-DD HH:mm';
const M = MAINTENANCE_FIELD_MESSAGES;

/*
 * The pickers show and take UTC (like every time in the console): a picker value holds the UTC wall-clock time as
 * if it were local, and is read back as that UTC time.
 */
const toPicker = (date: Date) => dayjs(date.toISOString().slice(0, 16));
const fromPicker = (value: Dayjs) => `${value.format('YYYY-MM-DDTHH:mm')}:00Z`;

/**
 * New Maintenance (spec §3 Maintenance; create: project, schedule time, deadline, clusters): the project is found
 * through its tenant, the clusters are the project's. The window is checked as the server checks it (deadline after
 * the schedule time, not in the past, at most 30 days); a refusal the fields cannot hold (an overlapping window)
 * shows inside the dialog.
 */
export function NewMaintenanceDialog({ open, onClose, onDone, initial }: NewMaintenanceDialogProps) {
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const tenantSearch = useDebouncedValue(search, 300);
  const tenantId = Form.useWatch('tenant_id', form) ?? initial?.tenantId;
  const projectId = Form.useWatch('project_id', form) ?? initial?.projectId;
  const tenants = useTenantOptions(tenantSearch, open);
  const projects = useProjectOptions(tenantId);
  const clusters = useClusterOptions(projectId);
  const create = useCreateMaintenance();
  const [now] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000));

  const tenantOptions = (tenants.data?.items ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.id})` }));
  if (initial && !tenantOptions.some((o) => o.value === initial.tenantId))
    tenantOptions.unshift({ value: initial.tenantId, label: initial.tenantName ?? initial.tenantId });
  const projectOptions = (projects.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }));
  if (initial && projectId === initial.projectId && !projectOptions.some((o) => o.value === initial.projectId))
    projectOptions.unshift({ value: initial.projectId, label: initial.projectName ?? initial.projectId });
  const clusterOptions = (clusters.data?.items ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} (${c.id})`,
    disabled: /DELET(ED|ING)$/.test(c.status),
  }));

  return (
    <FormModal<Values>
      title="New Maintenance"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{
        tenant_id: initial?.tenantId,
        project_id: initial?.projectId,
        cluster_ids: initial?.clusterIds ?? [],
        schedule_time: toPicker(now),
        deadline: toPicker(new Date(now.getTime() + 4 * 3_600_000)),
      }}
      onSubmit={async (values) => {
        const created = await create.mutateAsync({
          project_id: values.project_id ?? '',
          schedule_time: fromPicker(values.schedule_time!),
          deadline: fromPicker(values.deadline!),
          cluster_ids: values.cluster_ids ?? [],
          description: values.description?.trim() ?? '',
        });
        onDone(created.id);
      }}
    >
      <Form.Item name="tenant_id" label="Tenant" required rules={[{ required: true, message: 'tenant is required' }]}>
        <Select
          aria-label="Tenant"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          placeholder="Search tenants by name or ID"
          loading={tenants.isFetching}
          options={tenantOptions}
          onChange={() => form.setFieldsValue({ project_id: undefined, cluster_ids: [] })}
        />
      </Form.Item>
      <Form.Item name="project_id" label="Project" required rules={[{ required: true, message: M.projectRequired }]}>
        <Select
          aria-label="Project"
          placeholder={tenantId ? 'Choose a project' : 'Choose a tenant first'}
          disabled={!tenantId}
          loading={projects.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          options={projectOptions}
          onChange={() => form.setFieldsValue({ cluster_ids: [] })}
        />
      </Form.Item>
      <Form.Item
        name="schedule_time"
        label="Schedule Time (UTC)"
        required
        rules={[{ required: true, message: M.scheduleRequired }]}
        extra="The maintenance starts running at this time; its executions can be started from then on."
      >
        <DatePicker aria-label="Schedule time" showTime format={TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="deadline"
        label="Deadline (UTC)"
        required
        dependencies={['schedule_time']}
        extra="At the deadline the maintenance closes by itself; executions not finished yet are cancelled."
        rules={[
          { required: true, message: M.deadlineRequired },
          {
            validator: async (_rule, value: Dayjs | undefined) => {
              const schedule = form.getFieldValue('schedule_time') as Dayjs | undefined;
              if (!value || !schedule) return;
              const problem = maintenanceWindowProblem(
                new Date(fromPicker(schedule)),
                new Date(fromPicker(value)),
                new Date(),
              );
              if (problem?.field === 'deadline') throw new Error(problem.message);
            },
          },
        ]}
      >
        <DatePicker aria-label="Deadline" showTime format={TIME_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="cluster_ids"
        label="Clusters"
        required
        rules={[{ required: true, type: 'array', min: 1, message: M.clustersRequired }]}
      >
        <Select
          aria-label="Clusters"
          mode="multiple"
          placeholder={projectId ? 'Choose the clusters of the project' : 'Choose a project first'}
          disabled={!projectId}
          loading={clusters.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          options={clusterOptions}
        />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea aria-label="Description" rows={2} maxLength={1000} />
      </Form.Item>
    </FormModal>
  );
}
