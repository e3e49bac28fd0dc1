import { useState } from 'react';
import { Button, Flex, Tag, Tooltip } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { ClusterType } from '@portal/contract';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';

// The form (antd Modal, Form and Select) and the version list load when first opened.
const VersionChangeDialog = lazyDialog(() => import('./VersionChangeDialog').then((m) => m.VersionChangeDialog));

export interface VersionModificationProps {
  clusterType: ClusterType;
  /** The version the target runs. */
  current: string;
  /** The target version of the pending change, if any. */
  pending: string | null;
  disabled?: boolean;
  disabledReason?: string;
  /** The chosen target version joins the pending change. */
  onSubmit(version: string): void;
}

/**
 * The version of a cluster and a version change (spec §7 `version.to_version`): the current version, the pending
 * target version, and Change Version to choose a newer version of the cluster type (the config center's versions).
 */
export function VersionModification({
  clusterType,
  current,
  pending,
  disabled,
  disabledReason,
  onSubmit,
}: VersionModificationProps) {
  const [open, setOpen] = useState(false);
  return (
    <div aria-label="Version">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Text strong>Version</Text>
        <Tooltip title={disabled ? disabledReason : undefined}>
          <Button
            icon={<EditOutlined />}
            disabled={disabled}
            onClick={() => setOpen(true)}
            onPointerEnter={VersionChangeDialog.preload}
          >
            Change Version
          </Button>
        </Tooltip>
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Text type="secondary">Current version</Text>
        <Text code>{current}</Text>
        {pending ? <Tag color="gold">{`→ ${pending}`}</Tag> : null}
      </Flex>
      <VersionChangeDialog
        open={open}
        clusterType={clusterType}
        current={current}
        pending={pending}
        onClose={() => setOpen(false)}
        onSubmit={(version) => {
          onSubmit(version);
          setOpen(false);
        }}
      />
    </div>
  );
}
