import { Form, Input, Select } from 'antd';
import { CLOUD_PROVIDERS, COMPONENT_DIFF_NOTE_MAX } from '@portal/contract';
import type { CloudProvider, ComponentDiffReport } from '@portal/contract';
import { FormModal } from '../../../shared/ui/FormModal';
import { Paragraph } from '../../../shared/ui/Typography';
import { useGenerateReport } from '../api';

interface Values {
  provider?: CloudProvider;
  tenant_id?: string;
  note?: string;
}

export interface GenerateReportDialogProps {
  open: boolean;
  onClose(): void;
  /** After the report was queued (e.g. to open its page). */
  onCreated?(report: ComponentDiffReport): void;
}

/**
 * Generate report: an optional scope (a provider, a tenant) and a note. The report is queued and a background job
 * compares its clusters; another report of the same scope still in progress is refused inside the dialog.
 */
export function GenerateReportDialog({ open, onClose, onCreated }: GenerateReportDialogProps) {
  const [form] = Form.useForm<Values>();
  const generate = useGenerateReport();
  return (
    <FormModal<Values>
      title="Generate Component-Diff Report"
      okText="Generate"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const tenant = values.tenant_id?.trim();
        const report = await generate.mutateAsync({
          ...(values.provider ? { provider: values.provider } : {}),
          ...(tenant ? { tenant_id: tenant } : {}),
          note: values.note?.trim() ?? '',
        });
        onCreated?.(report);
      }}
    >
      <Paragraph type="secondary">
        Compares the running version and image of every component of the clusters in scope with the defaults of their
        version in the config center (version rules, default images released to production).
      </Paragraph>
      <Form.Item name="provider" label="Provider">
        <Select
          allowClear
          placeholder="All providers"
          aria-label="Provider"
          options={CLOUD_PROVIDERS.map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      <Form.Item name="tenant_id" label="Tenant ID">
        <Input placeholder="All tenants" aria-label="Tenant ID" maxLength={64} />
      </Form.Item>
      <Form.Item name="note" label="Note">
        <Input.TextArea rows={2} showCount maxLength={COMPONENT_DIFF_NOTE_MAX} placeholder="Optional" />
      </Form.Item>
    </FormModal>
  );
}
