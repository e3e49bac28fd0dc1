import type { ReactNode } from 'react';
import { Form, Select } from 'antd';

export interface VersionSelectFieldProps {
  /** The form field. */
  name: string;
  label: ReactNode;
  /** The select's accessible name. */
  'aria-label': string;
  /** The choices, in the order shown. */
  versions: readonly string[];
  /** Shown when nothing is chosen at submit: the field is required. */
  requiredMessage: string;
  loading?: boolean;
  placeholder?: string;
  extra?: ReactNode;
  notFoundContent?: ReactNode;
}

/**
 * A required form field choosing one of a cluster type's versions, searchable: the source version of New TiDB Version
 * (config center) and the target version of a cluster's version change (configchange).
 */
export function VersionSelectField({
  name,
  label,
  'aria-label': ariaLabel,
  versions,
  requiredMessage,
  loading,
  placeholder,
  extra,
  notFoundContent,
}: VersionSelectFieldProps) {
  return (
    <Form.Item name={name} label={label} required rules={[{ required: true, message: requiredMessage }]} extra={extra}>
      <Select
        aria-label={ariaLabel}
        placeholder={placeholder}
        loading={loading}
        showSearch={{ optionFilterProp: 'value' }}
        options={versions.map((v) => ({ value: v, label: v }))}
        notFoundContent={notFoundContent}
      />
    </Form.Item>
  );
}
