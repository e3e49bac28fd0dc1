import { useState } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';

const DATE = 'YYYY-MM-DD';

/** A YYYY-MM-DD as a picker value (a calendar day), or null. */
function day(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

export interface DateRangePickerProps {
  from: string;
  to: string;
  onChange(from: string, to: string): void;
  placeholder?: [string, string];
  'aria-label': string;
  /** Focus and open the calendar at once (the user was already reaching for it). */
  autoOpen: boolean;
}

/** antd's RangePicker over YYYY-MM-DD strings, both ends optional; loaded by DateRangeFilter on first use. */
export function DateRangePicker({
  from,
  to,
  onChange,
  placeholder = ['From (UTC)', 'To (UTC)'],
  'aria-label': ariaLabel,
  autoOpen,
}: DateRangePickerProps) {
  const [open, setOpen] = useState(autoOpen);
  return (
    <DatePicker.RangePicker
      aria-label={ariaLabel}
      allowEmpty={[true, true]}
      format={DATE}
      placeholder={placeholder}
      autoFocus={autoOpen}
      open={open}
      onOpenChange={setOpen}
      style={{ width: 260 }}
      value={[day(from), day(to)]}
      onChange={(dates) => onChange(dates?.[0]?.format(DATE) ?? '', dates?.[1]?.format(DATE) ?? '')}
    />
  );
}
