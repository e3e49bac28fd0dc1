import { useState } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useTenantOptions } from '../api/common';

export interface TenantSelectProps {
  id?: string;
  value?: string | string[];
  onChange?(value: string | string[]): void;
  /** Several tenants (a discount's customers). */
  multiple?: boolean;
  'aria-label'?: string;
  /** Labels of tenants already chosen that the current search may not list. */
  known?: Readonly<Record<string, string>>;
}

/** Tenants searched by name or id (debounced, §5/§9: 300 ms), shown as "name (id)". */
export function TenantSelect({
  multiple,
  known = {},
  'aria-label': ariaLabel = 'Tenant',
  ...props
}: TenantSelectProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useTenantOptions(search);
  const options = (data?.items ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.id})` }));
  const chosen = props.value === undefined ? [] : Array.isArray(props.value) ? props.value : [props.value];
  for (const id of chosen)
    if (!options.some((o) => o.value === id))
      options.unshift({ value: id, label: known[id] ? `${known[id]} (${id})` : id });
  return (
    <Select
      {...props}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      placeholder="Search tenants by name or ID"
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No tenant matches'}
      aria-label={ariaLabel}
    />
  );
}
