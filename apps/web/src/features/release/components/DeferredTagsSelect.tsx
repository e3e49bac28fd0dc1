// The plain field alone: antd's `Input` export carries TextArea, Password and OTP with it.
import Input from 'antd/es/input/Input';
import { DownOutlined } from '@ant-design/icons';
import { deferredControl } from '../../../shared/ui/deferredControl';
import type { StandInProps } from '../../../shared/ui/deferredControl';

/** A list field of a form (Form.Item gives it `id`, `value` and `onChange`). */
export interface TagsSelectProps {
  id?: string;
  'aria-label': string;
  placeholder?: string;
  disabled?: boolean;
  /** Any value may be typed (tags); else only the options (multiple). */
  free?: boolean;
  options?: { value: string; label: string }[];
  loading?: boolean;
  value?: string[];
  onChange?(value: string[]): void;
}

function StandIn({ id, placeholder, disabled, value, onReach, onActivate, ...rest }: TagsSelectProps & StandInProps) {
  return (
    <Input
      readOnly
      id={id}
      aria-label={rest['aria-label']}
      aria-haspopup="listbox"
      disabled={disabled}
      style={{ cursor: 'pointer' }}
      value={(value ?? []).join(', ')}
      placeholder={placeholder}
      suffix={<DownOutlined style={{ color: 'rgba(0,0,0,0.25)', fontSize: 12 }} />}
      onPointerEnter={onReach}
      onFocus={onActivate}
      onClick={onActivate}
    />
  );
}

/**
 * A list field (pull requests, labels, clusters) whose antd Select (≈ 22 KB gzip) loads when the user reaches for
 * it; until then a read-only field shows the values.
 */
export const DeferredTagsSelect = deferredControl<TagsSelectProps>(
  () => import('./TagsSelect').then((m) => m.TagsSelect),
  StandIn,
);
