import { DeferredSelect } from './SelectFilter';

export interface MultiSelectFilterProps<V extends string> {
  /** Accessible name; also the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  width?: number;
  value: V[];
  options: { value: V; label: string }[];
  onChange(value: V[]): void;
}

/**
 * A list filter choosing any number of values (statuses, providers, types), clearable, tags collapsed to fit. Like
 * SelectFilter, antd's Select loads when the user reaches for it.
 */
export function MultiSelectFilter<V extends string>({
  value,
  onChange,
  width = 180,
  ...rest
}: MultiSelectFilterProps<V>) {
  return <DeferredSelect {...rest} width={width} multiple value={value} onChange={(next) => onChange(next as V[])} />;
}
