import type { ReactNode } from 'react';
// The plain field alone: antd's `Input` export carries TextArea, Password and OTP with it.
import Input from 'antd/es/input/Input';
import { DownOutlined } from '@ant-design/icons';
import { deferredControl } from './deferredControl';
import type { StandInProps } from './deferredControl';

/** What both filter selects share (values as strings; the typed wrappers below keep each list's own type). */
export interface FilterSelectProps {
  /** Accessible name; also the placeholder unless one is given. */
  label: string;
  id?: string;
  placeholder?: string;
  width: number | string;
  multiple: boolean;
  showSearch?: boolean;
  /** Offer to clear the choice (default true). */
  allowClear?: boolean;
  /** How an option shows in the open list (the closed field shows its label). */
  optionRender?(value: string): ReactNode;
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
  width?: number | string;
  showSearch?: boolean;
  allowClear?: boolean;
  optionRender?(value: V): ReactNode;
  value: V | undefined;
  options: { value: V; label: string }[];
  onChange(value: V | undefined): void;
}

/**
 * A list filter choosing one value, clearable. antd's Select (~22 KB gzip) loads when the user reaches for it; until
 * then a read-only field shows the value from the URL.
 */
export function SelectFilter<V extends string>({
  value,
  onChange,
  width = 180,
  optionRender,
  ...rest
}: SelectFilterProps<V>) {
  return (
    <DeferredSelect
      {...rest}
      optionRender={optionRender as FilterSelectProps['optionRender']}
      width={width}
      multiple={false}
      value={value ? [value] : []}
      onChange={(next) => onChange(next[0] as V | undefined)}
    />
  );
}
