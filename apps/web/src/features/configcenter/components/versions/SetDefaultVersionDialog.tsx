import { Form, Select, Tag } from 'antd';
import { setDefaultVersionBody } from '@portal/contract';
import { schemaRule } from '../../../../shared/lib/formRules';
import { useVersions } from '../../api/reference';
import { useSetDefaultVersion } from '../../api/versions';
import { FormModal } from '../../../../shared/ui/FormModal';
import { compareVersionsDesc } from './labels';

interface Values {
  version: string;
}

export const VERSION_REQUIRED = 'version is required';

/**
 * Set Default Version (spec §2 /version, §7 Version calls): one DEDICATED_TIDB version becomes the default, with
 * `is_default: true`; the server runs it as an operation, whose id goes to `onDone`.
 */
export function SetDefaultVersionDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(operationId: string): void;
}) {
  const [form] = Form.useForm<Values>();
  const versions = useVersions('DEDICATED_TIDB', open);
  const setDefault = useSetDefaultVersion();
  const options = [...(versions.data ?? [])]
    .sort((a, b) => compareVersionsDesc(a.version, b.version))
    .map((v) => ({
      value: v.version,
      label: (
        <span>
          {v.version}
          {v.is_default ? (
            <Tag color="blue" style={{ marginInlineStart: 8 }}>
              Default
            </Tag>
          ) : null}
        </span>
      ),
    }));
  return (
    <FormModal<Values>
      inlineErrors={false}
      title="Set Default Version"
      okText="Set Default"
      open={open}
      onClose={onClose}
      form={form}
      onSubmit={async (values) => {
        const out = await setDefault.mutateAsync({
          cluster_type: 'DEDICATED_TIDB',
          version: values.version,
          is_default: true,
        });
        onDone(out.instance_id);
      }}
    >
      <Form.Item label="Cluster type">
        <span>DEDICATED_TIDB</span>
      </Form.Item>
      <Form.Item
        name="version"
        label="Version"
        required
        validateFirst
        rules={[{ required: true, message: VERSION_REQUIRED }, schemaRule(setDefaultVersionBody.shape.version)]}
        extra="New Dedicated clusters get this version unless they ask for another."
      >
        <Select
          aria-label="Version"
          placeholder="Choose a version"
          loading={versions.isFetching}
          showSearch={{ optionFilterProp: 'value' }}
          options={options}
        />
      </Form.Item>
    </FormModal>
  );
}
