import { Select } from 'antd';
import type { FilterSelectProps } from './SelectFilter';

/** antd's Select as a list filter; loaded by SelectFilter / MultiSelectFilter when the user reaches for one. */
export function FilterSelect({
  label,
  id,
  placeholder,
  width,
  multiple,
  showSearch,
  allowClear = true,
  optionRender,
  value,
  options,
  onChange,
  autoOpen,
}: FilterSelectProps & { autoOpen: boolean }) {
  const common = {
    id,
    allowClear,
    showSearch: showSearch ? { optionFilterProp: 'label' } : undefined,
    optionRender: optionRender ? (option: { value?: unknown }) => optionRender(String(option.value)) : undefined,
    'aria-label': label,
    placeholder: placeholder ?? label,
    style: { minWidth: width, width: multiple ? undefined : width },
    options,
    autoFocus: autoOpen,
    defaultOpen: autoOpen,
  };
  return multiple ? (
    <Select<string[]>
      {...common}
      mode="multiple"
      maxTagCount="responsive"
      value={value}
      onChange={(next) => onChange(next ?? [])}
    />
  ) : (
    <Select<string | undefined>
      {...common}
      value={value[0]}
      onChange={(next) => onChange(next === undefined ? [] : [next])}
    />
  );
}
