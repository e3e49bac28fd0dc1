import { Button, DatePicker, Form, InputNumber } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { BILLING_MESSAGES, FX_RATE_DECIMALS, FX_RATE_MIN, setFxRateBody, utcToday } from '@portal/contract';
import { applyFieldErrors } from '../../../shared/lib/formRules';
import { errorMessage } from '../../../shared/lib/ApiError';
import { feedback } from '../../../shared/lib/feedback';
import { useSetFxRate } from '../api/fx';
import { afterToday, DAY, enterCommitsOnly, pickerDay } from '../lib/dates';
import { sentRule } from '../lib/rules';

interface Values {
  value?: number | null;
  date?: Dayjs;
}

const fields = setFxRateBody.shape;

/**
 * Set the USD → SGD rate for a day (§5: minimum 0.0001, 4 decimals, the date not in the future, Save disabled while
 * the rate is 0). A second rate for the same day replaces it.
 */
export function FxRateForm({ current }: { current?: number }) {
  const [form] = Form.useForm<Values>();
  const set = useSetFxRate();
  const value = Form.useWatch('value', form) as number | null | undefined;
  const zero = value === null || value === undefined || value === 0;
  const submit = async (values: Values) => {
    try {
      await set.mutateAsync({ base: 'USD', target: 'SGD', value: values.value!, date: pickerDay(values.date!) });
      feedback().message.success(BILLING_MESSAGES.saved);
    } catch (error) {
      const { placed } = applyFieldErrors(form, error);
      if (!placed) feedback().message.error(errorMessage(error));
    }
  };
  return (
    <Form<Values>
      form={form}
      layout="inline"
      aria-label="Set exchange rate"
      initialValues={{ value: null, date: dayjs(utcToday()) }}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item name="value" label="USD → SGD" required rules={[sentRule<number>(fields.value, (v) => v)]}>
        <InputNumber
          aria-label="Exchange rate"
          step={FX_RATE_MIN}
          placeholder={current === undefined ? 'e.g. 1.3500' : current.toFixed(FX_RATE_DECIMALS)}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Form.Item name="date" label="Date (UTC)" required rules={[sentRule<Dayjs>(fields.date, pickerDay)]}>
        <DatePicker
          onKeyDown={enterCommitsOnly}
          aria-label="Rate date"
          format={DAY}
          disabledDate={afterToday}
          allowClear={false}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" disabled={zero} loading={set.isPending}>
          Save
        </Button>
      </Form.Item>
    </Form>
  );
}
