import { Form, Input, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  createIssueBody,
  ISSUE_DESCRIPTION_MAX,
  ISSUE_MESSAGES,
  ISSUE_SUMMARY_MAX,
  ISSUE_TYPES,
  issueTrackerApi,
  linkIssueBody,
} from '@portal/contract';
import type { IssueSubjectType, IssueType } from '@portal/contract';
import { api } from '../lib/api';
import { feedback } from '../lib/feedback';
import { schemaRule } from '../lib/formRules';
import { FormModal } from './FormModal';

export interface TrackerIssueDialogProps {
  subject_type: IssueSubjectType;
  subject_id: string;
  open: boolean;
  onClose(): void;
  /** After the issue was linked (or created and linked). */
  onDone(): void;
}

/** Link issue: an existing issue of the tracker, by key (`OPS-123`); an unknown key or a second link is refused. */
export function LinkIssueDialog({ subject_type, subject_id, open, onClose, onDone }: TrackerIssueDialogProps) {
  const [form] = Form.useForm<{ issue_key: string }>();
  const link = useMutation({
    mutationFn: (issue_key: string) => api(issueTrackerApi.link, { body: { issue_key, subject_type, subject_id } }),
    // The tracker's refusals (no such issue, already linked) show in the dialog.
    meta: { errorModal: false },
  });
  return (
    <FormModal<{ issue_key: string }>
      title="Link issue"
      okText="Link"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async ({ issue_key }) => {
        await link.mutateAsync(issue_key.trim().toUpperCase());
        feedback().message.success(ISSUE_MESSAGES.linked);
        onDone();
      }}
    >
      <Form.Item
        name="issue_key"
        label="Issue key"
        required
        rules={[schemaRule(linkIssueBody.shape.issue_key)]}
        extra="The key of an existing issue of the tracker."
      >
        <Input placeholder="OPS-123" autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}

interface CreateValues {
  summary: string;
  description?: string;
  type: IssueType;
}
const createFields = createIssueBody.shape;
const TYPES = ISSUE_TYPES.map((value) => ({ value, label: value }));

/** Create issue: a new issue in the tracker's project (summary, description, type), linked here at once. */
export function CreateIssueDialog({ subject_type, subject_id, open, onClose, onDone }: TrackerIssueDialogProps) {
  const [form] = Form.useForm<CreateValues>();
  const create = useMutation({
    mutationFn: (values: CreateValues) =>
      api(issueTrackerApi.create, {
        body: {
          summary: values.summary.trim(),
          description: values.description?.trim() ?? '',
          type: values.type,
          subject_type,
          subject_id,
        },
      }),
    meta: { errorModal: false },
  });
  return (
    <FormModal<CreateValues>
      title="Create issue"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ type: 'Task' }}
      onSubmit={async (values) => {
        await create.mutateAsync(values);
        feedback().message.success(ISSUE_MESSAGES.created);
        onDone();
      }}
    >
      <Form.Item name="summary" label="Summary" required rules={[schemaRule(createFields.summary)]}>
        <Input maxLength={ISSUE_SUMMARY_MAX} showCount autoComplete="off" />
      </Form.Item>
      <Form.Item name="type" label="Type" required>
        <Select options={TYPES} aria-label="Type" />
      </Form.Item>
      <Form.Item name="description" label="Description" rules={[schemaRule(createFields.description)]}>
        <Input.TextArea rows={4} maxLength={ISSUE_DESCRIPTION_MAX} />
      </Form.Item>
    </FormModal>
  );
}
