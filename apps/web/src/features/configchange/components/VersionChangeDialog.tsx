import { Alert, Form, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { ClusterType } from '@portal/contract';
import { errorMessage } from '../../../shared/lib/ApiError';
import { fetchClusterVersions } from '../../../shared/lib/clusterVersions';
import { Text } from '../../../shared/ui/Typography';
import { VersionSelectField } from '../../../shared/ui/VersionSelectField';
import { configchangeKeys } from '../keys';
import { newerVersions } from '../lib/versions';

export interface VersionChangeDialogProps {
  open: boolean;
  clusterType: ClusterType;
  current: string;
  pending: string | null;
  onClose(): void;
  onSubmit(version: string): void;
}

/** Spec §8: the target version of a version change is required. */
export const TARGET_VERSION_REQUIRED = CONFIG_CENTER_MESSAGES.targetVersionRequired;

/** Chooses the target version of a version change among the cluster type's versions newer than the current one. */
export function VersionChangeDialog({
  open,
  clusterType,
  current,
  pending,
  onClose,
  onSubmit,
}: VersionChangeDialogProps) {
  const versions = useClusterVersions(clusterType, open);
  const [form] = Form.useForm<{ to_version?: string }>();
  const choices = newerVersions(
    (versions.data ?? []).map((v) => v.version),
    current,
  );

  const submit = async () => {
    try {
      const values = await form.validateFields();
      onSubmit(values.to_version!);
    } catch (invalid) {
      console.info('Form validation failed; nothing submitted', invalid);
    }
  };

  return (
    <Modal
      title="Change Version"
      open={open}
      okText="Set Target Version"
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {versions.error ? (
        <Alert
          type="error"
          showIcon
          title="The versions could not be loaded"
          description={errorMessage(versions.error)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Form form={form} layout="vertical" preserve={false} initialValues={{ to_version: pending ?? undefined }}>
        <Form.Item label="Current Version">
          <Text code>{current}</Text>
        </Form.Item>
        <VersionSelectField
          name="to_version"
          label="Target Version"
          aria-label="Target version"
          versions={choices}
          requiredMessage={TARGET_VERSION_REQUIRED}
          extra="A version change restarts every component; downgrades are not supported."
          placeholder="Choose a newer version"
          loading={versions.isLoading}
          notFoundContent={versions.isLoading ? 'Loading versions…' : `No version newer than ${current}`}
        />
      </Form>
    </Modal>
  );
}

/** The versions of a cluster type (the config center's), for the version change's target version choice. */
function useClusterVersions(clusterType: ClusterType, enabled = true) {
  return useQuery({
    queryKey: configchangeKeys.versions(clusterType),
    queryFn: ({ signal }) => fetchClusterVersions(clusterType, signal),
    enabled,
  });
}
