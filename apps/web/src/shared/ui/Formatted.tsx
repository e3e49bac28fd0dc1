import { Tooltip } from 'antd';
import { formatDate, formatDateTime, formatMoney, formatPercent, formatRate } from '@portal/contract';

/** Cents as USD with 2 decimals; "-" when missing (spec §1). */
export function Money({ cents }: { cents: number | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(cents)}</span>;
}

/** A stored fraction as a percentage; "-" when missing. */
export function Percent({ value, digits }: { value: number | null | undefined; digits?: number }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatPercent(value, digits)}</span>;
}

/** An exchange rate to 4 decimals. */
export function Rate({ value }: { value: number | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRate(value)}</span>;
}

/** An instant in UTC: YYYY-MM-DD, or with `withTime` YYYY-MM-DD HH:mm:ss; the full UTC time on hover. */
export function DateText({
  value,
  withTime,
}: {
  value: string | number | Date | null | undefined;
  withTime?: boolean;
}) {
  const text = withTime ? formatDateTime(value) : formatDate(value);
  if (text === '-') return <span>-</span>;
  return (
    <Tooltip title={`${formatDateTime(value)} UTC`} mouseEnterDelay={0.5}>
      <span style={{ whiteSpace: 'nowrap' }}>{text}</span>
    </Tooltip>
  );
}
