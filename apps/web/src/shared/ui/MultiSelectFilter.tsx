import { Select } from 'antd';

export interface MultiSelectFilterProps<V extends string> {
  /** Accessible name; also the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  width?: number;
  value: V[];
  options: { value: V; label: string }[];
  onChange(value: V[]): void;
}

/** A list filter choosing any number of values (statuses, providers, types), clearable, tags collapsed to fit. */
export function MultiSelectFilter<V extends string>({
  label,
  placeholder,
  width = 180,
  value,
  options,
  onChange,
}: MultiSelectFilterProps<V>) {
  return (
    <Select<V[]>
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder={placeholder ?? label}
      style={{ minWidth: width }}
      maxTagCount="responsive"
      value={value}
      options={options}
      onChange={(next) => onChange(next ?? [])}
    />
  );
}
