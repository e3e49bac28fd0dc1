import { Input } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { deferredControl } from './deferredControl';
import type { StandInProps } from './deferredControl';

/** What both filter selects share (values as strings; the typed wrappers below keep each list's own type). */
export interface FilterSelectProps {
  /** Accessible name; also the placeholder unless one is given. */
  label: string;
  id?: string;
  placeholder?: string;
  width: number;
  multiple: boolean;
  showSearch?: boolean;
  /** The chosen values: none, one, or (multiple) any number. */
  value: string[];
  options: { value: string; label: string }[];
  onChange(value: string[]): void;
}

function SelectStandIn({
  label,
  id,
  placeholder,
  width,
  value,
  options,
  onReach,
  onActivate,
}: FilterSelectProps & StandInProps) {
  const labels = value.map((v) => options.find((o) => o.value === v)?.label ?? v);
  return (
    <Input
      readOnly
      id={id}
      aria-label={label}
      aria-haspopup="listbox"
      style={{ width, cursor: 'pointer' }}
      value={labels.join(', ')}
      placeholder={placeholder ?? label}
      suffix={<DownOutlined style={{ color: 'rgba(0,0,0,0.25)', fontSize: 12 }} />}
      onPointerEnter={onReach}
      onFocus={onActivate}
      onClick={onActivate}
    />
  );
}

export const DeferredSelect = deferredControl<FilterSelectProps>(
  () => import('./FilterSelect').then((m) => m.FilterSelect),
  SelectStandIn,
);

export interface SelectFilterProps<V extends string> {
  label: string;
  id?: string;
  placeholder?: string;
  width?: number;
  showSearch?: boolean;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange(value: V | undefined): void;
}

/**
 * A list filter choosing one value, clearable. antd's Select (~22 KB gzip) loads when the user reaches for it; until
 * then a read-only field shows the value from the URL.
 */
export function SelectFilter<V extends string>({ value, onChange, width = 180, ...rest }: SelectFilterProps<V>) {
  return (
    <DeferredSelect
      {...rest}
      width={width}
      multiple={false}
      value={value ? [value] : []}
      onChange={(next) => onChange(next[0] as V | undefined)}
    />
  );
}
