import { Select } from 'antd';
import type { TagsSelectProps } from './DeferredTagsSelect';

/** antd's Select in tags or multiple mode; loaded by DeferredTagsSelect when the user reaches for the field. */
export function TagsSelect({
  autoOpen,
  free,
  options,
  value,
  onChange,
  ...rest
}: TagsSelectProps & { autoOpen: boolean }) {
  return (
    <Select<string[]>
      {...rest}
      mode={free ? 'tags' : 'multiple'}
      tokenSeparators={free ? [',', ' '] : undefined}
      optionFilterProp="label"
      options={options}
      value={value ?? []}
      onChange={(next) => onChange?.(next ?? [])}
      autoFocus={autoOpen}
      defaultOpen={autoOpen}
    />
  );
}
