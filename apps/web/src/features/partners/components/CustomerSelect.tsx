import { useState } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useCustomerOptions } from '../api';

export interface CustomerSelectProps {
  id?: string;
  value?: string;
  onChange?(value: string): void;
  /** Left out of the options (the partner itself). */
  exclude?: string;
}

/** Active orgs searched by id or name (debounced 300 ms, spec §9), shown as "name (id)". */
export function CustomerSelect({ exclude, ...props }: CustomerSelectProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useCustomerOptions(search);
  const options = (data?.items ?? [])
    .filter((t) => t.id !== exclude)
    .map((t) => ({ value: t.id, label: `${t.name} (${t.id})` }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: props.value });
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={isFetching}
      placeholder="Search orgs by name or ID"
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No org matches'}
      aria-label="Customer Org"
    />
  );
}
