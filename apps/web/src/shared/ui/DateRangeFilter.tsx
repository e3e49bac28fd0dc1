// The plain field alone: antd's `Input` export carries TextArea, Password and OTP with it.
import Input from 'antd/es/input/Input';
import { CalendarOutlined } from '@ant-design/icons';
import { deferredControl } from './deferredControl';
import type { StandInProps } from './deferredControl';

export interface DateRangeFilterProps {
  /** YYYY-MM-DD or '' (open end). */
  from: string;
  to: string;
  onChange(from: string, to: string): void;
  placeholder?: [string, string];
  'aria-label': string;
}

const DEFAULT_PLACEHOLDER: [string, string] = ['From (UTC)', 'To (UTC)'];

function DateRangeStandIn({
  from,
  to,
  placeholder = DEFAULT_PLACEHOLDER,
  'aria-label': ariaLabel,
  onReach,
  onActivate,
}: DateRangeFilterProps & StandInProps) {
  return (
    <Input
      readOnly
      aria-label={ariaLabel}
      style={{ width: 260 }}
      value={from || to ? `${from || placeholder[0]} → ${to || placeholder[1]}` : ''}
      placeholder={`${placeholder[0]} → ${placeholder[1]}`}
      suffix={<CalendarOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
      onPointerEnter={onReach}
      onFocus={onActivate}
      onClick={onActivate}
    />
  );
}

/**
 * A day-range filter (YYYY-MM-DD, both ends optional). antd's RangePicker and dayjs (~35 KB gzip) load when the user
 * reaches for it; until then a read-only field shows the range from the URL.
 */
export const DateRangeFilter = deferredControl<DateRangeFilterProps>(
  () => import('./DateRangePicker').then((m) => m.DateRangePicker),
  DateRangeStandIn,
);
