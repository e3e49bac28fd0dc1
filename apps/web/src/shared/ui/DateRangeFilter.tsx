import { lazy, Suspense, useState } from 'react';
import { Input } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';

export interface DateRangeFilterProps {
  /** YYYY-MM-DD or '' (open end). */
  from: string;
  to: string;
  onChange(from: string, to: string): void;
  placeholder?: [string, string];
  'aria-label'?: string;
}

const loadPicker = () => import('./DateRangePicker');
const Picker = lazy(() => loadPicker().then((m) => ({ default: m.DateRangePicker })));

/**
 * A day-range filter (YYYY-MM-DD, both ends optional). antd's RangePicker and dayjs (~35 KB gzip) are not part of
 * the page's first load: until the user reaches for the filter, a read-only field shows the range from the URL; the
 * picker loads when the pointer or the focus gets there and opens where the field was.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  placeholder = ['From (UTC)', 'To (UTC)'],
  'aria-label': ariaLabel = 'Date range',
}: DateRangeFilterProps) {
  const [wanted, setWanted] = useState<'idle' | 'open'>('idle');
  const stand = (
    <Input
      readOnly
      aria-label={ariaLabel}
      style={{ width: 260 }}
      value={from || to ? `${from || placeholder[0]} → ${to || placeholder[1]}` : ''}
      placeholder={`${placeholder[0]} → ${placeholder[1]}`}
      suffix={<CalendarOutlined style={{ color: 'rgba(0,0,0,0.25)' }} />}
      onPointerEnter={() => void loadPicker()}
      onFocus={() => setWanted('open')}
      onClick={() => setWanted('open')}
    />
  );
  if (wanted === 'idle') return stand;
  return (
    <Suspense fallback={stand}>
      <Picker
        from={from}
        to={to}
        onChange={onChange}
        placeholder={placeholder}
        aria-label={ariaLabel}
        openOnMount={wanted === 'open'}
      />
    </Suspense>
  );
}
