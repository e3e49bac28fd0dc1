import { useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import type { ClusterType } from '@portal/contract';
import { useVersions } from '../../api/reference';
import { useReleaseVersion } from '../../api/versions';
import { FormModal } from '../../../../shared/ui/FormModal';
import { VersionSelectField } from '../../../../shared/ui/VersionSelectField';
import { CLUSTER_TYPE_OPTIONS, compareVersionsDesc } from './labels';
import { TargetVersionChooser } from './TargetVersionChooser';
import { targetVersionError } from './targetVersion';

interface Values {
  cluster_type: ClusterType;
  source_version: string;
  target_version: string;
  reason?: string;
}

export const SOURCE_VERSION_REQUIRED = 'source version is required';

/**
 * New TiDB Version (spec §2 /version, §7 Release a new version): a cluster type, the version to start from and the
 * target version, picked through the target-version chooser. The server answers the default-config change that
 * releases it; its id goes to `onDone` (the page opens /version/modify/{change_id}).
 */
export function NewVersionDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(changeId: string): void;
}) {
  const [form] = Form.useForm<Values>();
  const clusterType = Form.useWatch('cluster_type', form) ?? 'DEDICATED_TIDB';
  const sourceVersion = Form.useWatch('source_version', form);
  const targetVersion = Form.useWatch('target_version', form);
  const [choosing, setChoosing] = useState(false);
  const versions = useVersions(clusterType, open);
  const release = useReleaseVersion();
  const existing = (versions.data ?? []).map((v) => v.version).sort(compareVersionsDesc);

  return (
    <FormModal<Values>
      inlineErrors={false}
      title="New TiDB Version"
      okText="Create"
      open={open}
      onClose={onClose}
      form={form}
      initialValues={{ cluster_type: 'DEDICATED_TIDB' }}
      onSubmit={async (values) => {
        const out = await release.mutateAsync({
          cluster_type: values.cluster_type,
          source_version: values.source_version,
          target_version: values.target_version.trim(),
          reason: values.reason?.trim() ?? '',
        });
        onDone(out.change_id);
      }}
    >
      <Form.Item name="cluster_type" label="Cluster type" required>
        <Select
          aria-label="Cluster type"
          options={CLUSTER_TYPE_OPTIONS}
          onChange={() => form.setFieldsValue({ source_version: undefined, target_version: undefined })}
        />
      </Form.Item>
      <VersionSelectField
        name="source_version"
        label="Source version"
        aria-label="Source version"
        versions={existing}
        requiredMessage={SOURCE_VERSION_REQUIRED}
        extra="The new version starts with this version's default templates and component images."
        placeholder="Choose a version"
        loading={versions.isFetching}
      />
      <Form.Item label="Target version" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="target_version"
            noStyle
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = targetVersionError(value, existing);
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input
              aria-label="Target version"
              readOnly
              placeholder="Choose the target version"
              onClick={() => setChoosing(true)}
            />
          </Form.Item>
          <Button onClick={() => setChoosing(true)}>Choose</Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="reason" label="Reason">
        <Input.TextArea aria-label="Reason" rows={2} maxLength={1000} />
      </Form.Item>
      {choosing ? (
        <TargetVersionChooser
          open
          sourceVersion={sourceVersion}
          existing={existing}
          value={targetVersion}
          onClose={() => setChoosing(false)}
          onChoose={(version) => {
            form.setFieldsValue({ target_version: version });
            void form.validateFields(['target_version']);
            setChoosing(false);
          }}
        />
      ) : null}
    </FormModal>
  );
}
