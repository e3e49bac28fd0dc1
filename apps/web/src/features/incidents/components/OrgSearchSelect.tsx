import { useState } from 'react';
import { Select } from 'antd';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { useClusterOptions, useTenantOptions } from '../api';

/** The label of an id the field already holds (the incident's affected tenants and clusters, by name). */
export type KnownLabels = Readonly<Record<string, string>>;

interface SearchSelectProps {
  id?: string;
  value?: string[];
  onChange?(value: string[]): void;
  /** Labels of ids chosen before (an edited incident's), so they read by name before any search. */
  known?: KnownLabels;
}

interface Option {
  value: string;
  label: string;
}

/** Keeps every chosen id's label, from `known` and from what searches found, so a new search does not lose them. */
function useChosenOptions(value: string[] | undefined, found: Option[], known: KnownLabels | undefined) {
  const [seen, setSeen] = useState<Record<string, string>>({});
  const fresh = found.filter((o) => seen[o.value] !== o.label);
  if (fresh.length) setSeen({ ...seen, ...Object.fromEntries(fresh.map((o) => [o.value, o.label])) });
  const chosen = (value ?? [])
    .filter((v) => !found.some((o) => o.value === v))
    .map((v) => ({ value: v, label: seen[v] ?? known?.[v] ?? v }));
  return [...chosen, ...found];
}

/** Affected tenants: searched by name or id through the orgs API (debounced, spec §5/§9: 300 ms). */
export function TenantSearchSelect({ known, ...props }: SearchSelectProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useTenantOptions(search, true);
  const found = (data?.items ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.id})` }));
  const options = useChosenOptions(props.value, found, known);
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      onBlur={() => setText('')}
      loading={isFetching}
      placeholder="Search tenants by name or ID"
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No tenant matches'}
      aria-label="Affected tenants"
    />
  );
}

/** Affected clusters: searched by name or id through the orgs API (debounced). */
export function ClusterSearchSelect({ known, ...props }: SearchSelectProps) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  const { data, isFetching } = useClusterOptions(search, true);
  const found = (data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.id})` }));
  const options = useChosenOptions(props.value, found, known);
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setText }}
      onBlur={() => setText('')}
      loading={isFetching}
      placeholder="Search clusters by name or ID"
      options={options}
      notFoundContent={isFetching ? 'Searching…' : 'No cluster matches'}
      aria-label="Affected clusters"
    />
  );
}
