import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { SKU_MEASURE_UNITS, SKU_GROUP_MESSAGES, SKU_PRICE_TYPES } from '@portal/contract';
import type { PricePreview, SkuGroup, SkuGroupBody } from '@portal/contract';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { useDeleteUnit, useGroupUnits, usePricePreview, useSaveSkuGroup, useSkuCategories } from '../api';
import { labelInputs, parseExpression } from '../lib/form';
import { CreateUnitsDialog, serverMessage } from './CreateUnitsDialog';
import { PriceText } from './PriceText';

export type SkuGroupMode = 'create' | 'edit' | 'view';

interface Values {
  name?: string;
  unit_key_pattern?: string;
  category?: string;
  price_formula?: string;
  price_type?: SkuGroupBody['price_type'];
  price_expression?: string;
  measure_unit?: SkuGroupBody['measure_unit'];
}

const toValues = (g: SkuGroup): Values => ({
  name: g.name,
  unit_key_pattern: g.unit_key_pattern,
  category: g.category,
  price_formula: g.price_formula,
  price_type: g.price_type,
  price_expression: JSON.stringify(g.price_expression, null, 2),
  measure_unit: g.measure_unit ?? undefined,
});

/**
 * The SKU group dialog (spec §4, §5): create, edit or view. After a create it becomes editable and shows the unit
 * list. Unit key pattern and price formula are trimmed; the price expression is parsed as JSON on blur (the parser's
 * error on the field); the placeholders other than provider and region are shown as the label inputs units need.
 * Saving a changed price expression first shows which units and bills it changes. Failures: an inline alert.
 */
export function SkuGroupDialog({
  mode: initialMode,
  group: initialGroup,
  open,
  onClose,
}: {
  mode: SkuGroupMode;
  group?: SkuGroup;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState(initialMode);
  const [group, setGroup] = useState(initialGroup);
  const [preview, setPreview] = useState<PricePreview | null>(null);
  const [creatingUnits, setCreatingUnits] = useState(false);
  const categories = useSkuCategories();
  const save = useSaveSkuGroup();
  const pricePreview = usePricePreview();
  const units = useGroupUnits(group?.group_id);
  const deleteUnit = useDeleteUnit();
  const pattern = Form.useWatch('unit_key_pattern', form);
  const formula = Form.useWatch('price_formula', form);
  const labels = labelInputs(pattern, formula);
  const readOnly = mode === 'view';
  const failure = save.error ?? pricePreview.error ?? deleteUnit.error;

  useEffect(() => {
    if (!open) return;
    setMode(initialMode);
    setGroup(initialGroup);
    setPreview(null);
    form.setFieldsValue(initialGroup ? toValues(initialGroup) : {});
  }, [open, initialMode, initialGroup, form]);

  const close = () => {
    form.resetFields();
    save.reset();
    pricePreview.reset();
    deleteUnit.reset();
    setPreview(null);
    onClose();
  };

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const parsed = parseExpression(v.price_expression ?? '');
    if ('error' in parsed) return;
    const body: SkuGroupBody = {
      name: v.name!.trim(),
      unit_key_pattern: v.unit_key_pattern!.trim(),
      category: v.category!,
      price_formula: v.price_formula!.trim(),
      price_type: v.price_type!,
      price_expression: parsed.value as Record<string, unknown>,
      measure_unit: v.measure_unit!,
    };
    const changedPrice =
      group &&
      (JSON.stringify(parsed.value) !== JSON.stringify(group.price_expression) ||
        body.price_formula !== group.price_formula ||
        body.price_type !== group.price_type);
    if (group && changedPrice && !preview) {
      const p = await pricePreview
        .mutateAsync({
          id: group.group_id,
          body: {
            price_expression: body.price_expression,
            price_formula: body.price_formula,
            price_type: body.price_type,
          },
        })
        .catch(() => null);
      setPreview(p);
      return;
    }
    const saved = await save.mutateAsync({ id: group?.group_id, body }).catch(() => null);
    if (!saved) return;
    setPreview(null);
    setGroup(saved);
    form.setFieldsValue(toValues(saved));
    setMode('edit');
  };

  const title = mode === 'create' ? 'Add a new SKU Group' : mode === 'edit' ? 'Edit SKU Group' : 'SKU Group';
  return (
    <Modal
      title={title}
      open={open}
      onCancel={close}
      width={860}
      destroyOnHidden
      footer={
        readOnly
          ? [
              <Button key="close" onClick={close}>
                Close
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                Cancel
              </Button>,
              <Button key="ok" type="primary" onClick={submit} loading={save.isPending || pricePreview.isPending}>
                {preview ? 'Confirm and Save' : 'Save'}
              </Button>,
            ]
      }
    >
      {failure ? <Alert type="error" showIcon message={serverMessage(failure)} style={{ marginBottom: 16 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        name="sku-group"
        disabled={readOnly}
        onValuesChange={(changed: Values) => {
          if ('price_expression' in changed || 'price_formula' in changed || 'price_type' in changed) setPreview(null);
        }}
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: SKU_GROUP_MESSAGES.nameRequired }]}
        >
          <Input aria-label="Name" />
        </Form.Item>
        <Form.Item
          name="unit_key_pattern"
          label="Unit Key Pattern"
          rules={[{ required: true, whitespace: true, message: SKU_GROUP_MESSAGES.patternRequired }]}
          extra="e.g. {provider}.dedicated.storage.tikv.{volume_type}"
        >
          <Input
            aria-label="Unit Key Pattern"
            onBlur={(e) => form.setFieldValue('unit_key_pattern', e.target.value.trim())}
          />
        </Form.Item>
        <Form.Item
          name="category"
          label="Category"
          rules={[{ required: true, message: SKU_GROUP_MESSAGES.categoryRequired }]}
        >
          <Select
            aria-label="Category"
            showSearch
            optionFilterProp="label"
            loading={categories.isLoading}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }))}
          />
        </Form.Item>
        <Form.Item
          name="price_formula"
          label="Price Formula"
          rules={[{ required: true, whitespace: true, message: SKU_GROUP_MESSAGES.formulaRequired }]}
          extra="e.g. provider={provider}; volume={volume_type}"
        >
          <Input
            aria-label="Price Formula"
            onBlur={(e) => form.setFieldValue('price_formula', e.target.value.trim())}
          />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item
            name="price_type"
            label="Price Type"
            rules={[{ required: true, message: SKU_GROUP_MESSAGES.priceTypeRequired }]}
          >
            <Select
              aria-label="Price Type"
              style={{ width: 200 }}
              options={SKU_PRICE_TYPES.map((t) => ({ value: t, label: t }))}
            />
          </Form.Item>
          <Form.Item
            name="measure_unit"
            label="Measure Unit"
            rules={[{ required: true, message: SKU_GROUP_MESSAGES.measureUnitRequired }]}
          >
            <Select
              aria-label="Measure Unit"
              style={{ width: 200 }}
              options={SKU_MEASURE_UNITS.map((t) => ({ value: t, label: t }))}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="price_expression"
          label="Price Expression"
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: SKU_GROUP_MESSAGES.expressionRequired },
            {
              validator: async (_, text: string | undefined) => {
                if (!text?.trim()) return;
                const parsed = parseExpression(text);
                if ('error' in parsed) throw new Error(parsed.error);
                if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
                  throw new Error(SKU_GROUP_MESSAGES.expressionNotObject);
              },
            },
          ]}
        >
          <Input.TextArea aria-label="Price Expression" rows={5} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item label="Group Labels">
          <Typography.Text type="secondary" data-testid="group-labels">
            {labels.length ? labels.join(', ') : 'None (units need only provider and region)'}
          </Typography.Text>
        </Form.Item>
      </Form>
      {preview ? <PreviewSummary preview={preview} /> : null}
      {group && mode !== 'create' ? (
        <>
          <Space style={{ margin: '8px 0' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              Units
            </Typography.Title>
            {!readOnly ? (
              <Button size="small" onClick={() => setCreatingUnits(true)}>
                Create Units
              </Button>
            ) : null}
          </Space>
          <Table
            aria-label="Units"
            size="small"
            rowKey="unit"
            loading={units.isLoading}
            dataSource={units.data ?? []}
            pagination={false}
            locale={{ emptyText: units.isError ? 'Failed to load the units' : 'No units yet' }}
            columns={[
              { title: 'Unit', dataIndex: 'unit' },
              { title: 'Price', key: 'price', render: (_, u) => <PriceText unit={u} /> },
              { title: 'Price Type', dataIndex: 'price_type' },
              { title: 'Beta End Time', dataIndex: 'beta_end_time', render: (v: string | null) => v ?? '-' },
              ...(readOnly
                ? []
                : [
                    {
                      title: 'Actions',
                      key: 'actions',
                      render: (_: unknown, u: { unit: string }) => (
                        <ConfirmButton
                          size="small"
                          danger
                          confirmTitle={`Delete unit ${u.unit}?`}
                          okText="Delete"
                          onConfirm={() => deleteUnit.mutateAsync(u.unit).catch(() => undefined)}
                        >
                          Delete
                        </ConfirmButton>
                      ),
                    },
                  ]),
            ]}
          />
          <CreateUnitsDialog group={group} open={creatingUnits} onClose={() => setCreatingUnits(false)} />
        </>
      ) : null}
    </Modal>
  );
}

function PreviewSummary({ preview }: { preview: PricePreview }) {
  const changed = preview.units.filter((u) => u.changed);
  const problems = preview.units.filter((u) => u.problem);
  const delta = preview.amount_after - preview.amount_before;
  return (
    <Alert
      type={problems.length ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      message="Price change preview"
      description={
        <div data-testid="price-preview">
          <div>
            {changed.length} unit(s) change price: {changed.map((u) => u.unit).join(', ') || 'none'}.
          </div>
          {problems.map((u) => (
            <div key={u.unit}>
              {u.unit}: {u.problem}
            </div>
          ))}
          <div>
            {preview.month}: {preview.tenants_affected} tenant bill(s) change by {delta >= 0 ? '+' : '-'}$
            {(Math.abs(delta) / 100).toFixed(2)}.
          </div>
          <div>Click Confirm and Save to apply.</div>
        </div>
      }
    />
  );
}
