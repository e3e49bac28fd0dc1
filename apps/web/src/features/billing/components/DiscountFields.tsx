import { DatePicker, Flex, Form, Input, InputNumber, Select, TreeSelect } from 'antd';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import {
  BILLING_MESSAGES as M,
  BILLING_NOTE_MAX,
  createDiscountBody,
  DISCOUNT_PROVIDERS,
  discountFromPercentOff,
} from '@portal/contract';
import { useUnitFilters } from '../api/discounts';
import { DAY, sendEnd, sendStart } from '../lib/dates';
import { problemRule, sentRule } from '../lib/rules';

const fields = createDiscountBody.shape;

/** What the discount dialogs hold besides their own fields. */
export interface DiscountValues {
  unit_filters?: string[];
  provider?: string;
  /** Percent off, 0–100. */
  percent_off?: number | null;
  start?: Dayjs;
  end?: Dayjs;
  note?: string;
}

/** The unit filters (billing items) from the unit-filter tree; the leaves are sent. */
export function UnitFiltersField() {
  const filters = useUnitFilters();
  const treeData = (filters.data ?? []).map((f) => ({
    id: f.filter_id,
    pId: f.parent_id ?? undefined,
    value: f.filter_id,
    title: f.name,
    isLeaf: f.leaf,
  }));
  return (
    <Form.Item name="unit_filters" label="Unit Filters" required rules={[sentRule(fields.unit_filters, (v) => v)]}>
      <TreeSelect
        aria-label="Unit Filters"
        treeDataSimpleMode={{ id: 'id', pId: 'pId' }}
        treeData={treeData}
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_CHILD}
        loading={filters.isFetching}
        placeholder="The billing items it applies to"
        maxTagCount={6}
        treeDefaultExpandAll={false}
        showSearch={{ treeNodeFilterProp: 'title' }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

export function ProviderField() {
  return (
    <Form.Item name="provider" label="Cloud Provider" required>
      <Select aria-label="Cloud Provider" options={DISCOUNT_PROVIDERS.map((value) => ({ value, label: value }))} />
    </Form.Item>
  );
}

/** The percent off; §9: the discount sent is 1 − percent / 100 with 4 significant digits (checked as sent). */
export function PercentOffField() {
  return (
    <Form.Item
      name="percent_off"
      label="Percent Off (%)"
      required
      rules={[sentRule<number>(fields.discount, discountFromPercentOff)]}
      extra="The price multiplier sent is 1 − the percent off (15 % off → 0.85)."
    >
      <InputNumber aria-label="Percent Off" step={1} style={{ width: 200 }} />
    </Form.Item>
  );
}

/**
 * Start and end dates, both required; §5: the end must not be before the start ("End Date should be greater than
 * Start Date"). Sent as the start day at T00:00:00Z and the end day at T23:59:59Z (§9).
 */
export function DiscountDates({ form }: { form: FormInstance }) {
  const endProblem = () => {
    const { start, end } = form.getFieldsValue(['start', 'end']) as Pick<DiscountValues, 'start' | 'end'>;
    if (!start || !end) return undefined;
    const issues = createDiscountBody.safeParse({
      customers: ['-'],
      unit_filters: ['-'],
      usage: 'program',
      discount: 0.5,
      started_at: sendStart(start),
      expired_at: sendEnd(end),
    });
    return issues.success ? undefined : issues.error.issues.find((i) => i.path[0] === 'expired_at')?.message;
  };
  return (
    <Flex gap={16}>
      <Form.Item
        name="start"
        label="Start Date (UTC)"
        required
        rules={[{ required: true, message: M.startRequired }]}
        style={{ flex: 1 }}
      >
        <DatePicker aria-label="Start Date" format={DAY} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="end"
        label="End Date (UTC)"
        required
        dependencies={['start']}
        rules={[{ required: true, message: M.endRequired }, problemRule(endProblem)]}
        style={{ flex: 1 }}
      >
        <DatePicker aria-label="End Date" format={DAY} style={{ width: '100%' }} />
      </Form.Item>
    </Flex>
  );
}

/** §5: the note is at most 128 characters ("Should be less than 128 characters"). */
export function NoteField() {
  return (
    <Form.Item name="note" label="Note" rules={[sentRule<string>(fields.note, (v) => v)]}>
      <Input.TextArea aria-label="Note" rows={2} count={{ show: true, max: BILLING_NOTE_MAX }} />
    </Form.Item>
  );
}

/** The shared part of a discount body (cents-free: the discount is a fraction, dates are ISO instants). */
export function discountBody(values: DiscountValues) {
  return {
    unit_filters: values.unit_filters ?? [],
    provider: (values.provider ?? 'all') as (typeof DISCOUNT_PROVIDERS)[number],
    discount: discountFromPercentOff(values.percent_off ?? 0),
    started_at: sendStart(values.start!),
    expired_at: sendEnd(values.end!),
    note: values.note?.trim() ?? '',
  };
}
