import { useState } from 'react';
import { Alert, Button, DatePicker, Descriptions, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { CLOUD_PROVIDERS, SKU_GROUP_MESSAGES } from '@portal/contract';
import type { CreateUnitsByGroupBody, CreateUnitsResult, SkuGroup } from '@portal/contract';
import { ApiError } from '../../../shared/lib/ApiError';
import { useCreateUnits, useUnitsDryRun } from '../api';
import { betaDateDisabled, betaEndTime } from '../lib/form';
import { PriceText } from './PriceText';

interface Values {
  provider?: CreateUnitsByGroupBody['provider'];
  region?: string;
  labels?: Record<string, string>;
  beta_end?: Dayjs | null;
}

export const serverMessage = (err: unknown): string =>
  err instanceof ApiError ? (err.serverMessage ?? err.message) : (err as Error).message;

/**
 * Unit creation (spec §4): a dry run first (it needs provider and region) shows the unit it would make, then Create is
 * available. Any change of the inputs asks for a new dry run; closing resets the dialog.
 */
export function CreateUnitsDialog({ group, open, onClose }: { group: SkuGroup; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const dryRun = useUnitsDryRun();
  const create = useCreateUnits();
  const [result, setResult] = useState<CreateUnitsResult | null>(null);
  const failure = dryRun.error ?? create.error;

  const body = (v: Values): CreateUnitsByGroupBody => ({
    group_id: group.group_id,
    provider: v.provider!,
    region: (v.region ?? '').trim(),
    group_labels: Object.fromEntries(group.labels.map((l) => [l, (v.labels?.[l] ?? '').trim()])),
    beta_end_time: betaEndTime(v.beta_end),
  });
  const close = () => {
    form.resetFields();
    setResult(null);
    dryRun.reset();
    create.reset();
    onClose();
  };
  const runDry = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    create.reset();
    setResult(await dryRun.mutateAsync(body(v)).catch(() => null));
  };
  const runCreate = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const done = await create.mutateAsync(body(v)).catch(() => null);
    if (done) close();
  };

  return (
    <Modal
      title={`Create Units of ${group.name}`}
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="dry" onClick={runDry} loading={dryRun.isPending}>
          Dry Run
        </Button>,
        <Button key="create" type="primary" disabled={!result} onClick={runCreate} loading={create.isPending}>
          Create
        </Button>,
      ]}
    >
      {failure ? <Alert type="error" showIcon message={serverMessage(failure)} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        name="create-units"
        onValuesChange={() => {
          setResult(null);
          dryRun.reset();
        }}
      >
        <Form.Item
          name="provider"
          label="Provider"
          rules={[{ required: true, message: SKU_GROUP_MESSAGES.providerRequired }]}
        >
          <Select aria-label="Provider" options={CLOUD_PROVIDERS.map((p) => ({ value: p, label: p }))} />
        </Form.Item>
        <Form.Item
          name="region"
          label="Region"
          rules={[{ required: true, whitespace: true, message: SKU_GROUP_MESSAGES.regionRequired }]}
        >
          <Input aria-label="Region" />
        </Form.Item>
        {group.labels.map((l) => (
          <Form.Item
            key={l}
            name={['labels', l]}
            label={l}
            rules={[{ required: true, whitespace: true, message: `Please input ${l}!` }]}
          >
            <Input aria-label={l} />
          </Form.Item>
        ))}
        <Form.Item name="beta_end" label="Beta End Date">
          <DatePicker aria-label="Beta End Date" disabledDate={betaDateDisabled} />
        </Form.Item>
      </Form>
      {result ? (
        <Descriptions
          title="Dry run result"
          size="small"
          column={1}
          bordered
          items={result.units.flatMap((u) => [
            { key: `${u.unit}-k`, label: 'Unit', children: u.unit },
            { key: `${u.unit}-p`, label: 'Price', children: <PriceText unit={u} /> },
            { key: `${u.unit}-b`, label: 'Beta End Time', children: u.beta_end_time ?? '-' },
          ])}
        />
      ) : null}
    </Modal>
  );
}
