import { useState } from 'react';
import { Alert, Button, Dropdown, Form, Input, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { canTicdc, shutdownTicdcBody, ticdcApi, upgradeTicdcBody } from '@portal/contract';
import type { TicdcAction, TicdcClusterDetail } from '@portal/contract';
import { schemaRule } from '../../../shared/lib/formRules';
import { useCan } from '../../../shared/lib/useCan';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { FormModal } from '../../../shared/ui/FormModal';
import { useTicdcAction } from '../api';

export const TICDC_ACTION_LABELS: Record<TicdcAction, string> = {
  upgrade: 'Upgrade Version',
  modify_image: 'Modify the Image',
  restart: 'Restart TiCDC',
  shutdown: 'Shutdown TiCDC',
};

export interface TicdcActionsProps {
  ticdc: TicdcClusterDetail;
  /** An action started an operation. */
  onStarted(operationId: string): void;
  /** "Modify the Image" opens the page's image modification view. */
  onModifyImage(): void;
}

/**
 * The Actions menu of a TiCDC cluster (spec §2): upgrade version (target version required), Modify the
 * Image, restart and shutdown (cloud config change id required, all digits). Each is enabled per
 * `canTicdc` and answers the operation doing the work.
 */
export function TicdcActions({ ticdc, onStarted, onModifyImage }: TicdcActionsProps) {
  const [dialog, setDialog] = useState<'upgrade' | 'shutdown' | null>(null);
  const [upgradeForm] = Form.useForm<{ target_version: string }>();
  const [shutdownForm] = Form.useForm<{ cloud_config_change_id: string }>();
  // Forms show their own failures; the restart confirmation uses the operation-failure dialog.
  const formAction = useTicdcAction(ticdc.id, { errorModal: false });
  const action = useTicdcAction(ticdc.id);
  const can = useCan();
  const routes = {
    upgrade: ticdcApi.upgrade,
    modify_image: ticdcApi.modifyImage,
    restart: ticdcApi.restart,
    shutdown: ticdcApi.shutdown,
  };

  const items: MenuProps['items'] = (['upgrade', 'modify_image', 'restart', 'shutdown'] as const).map((key) => ({
    key,
    label: TICDC_ACTION_LABELS[key],
    danger: key === 'shutdown',
    disabled: !canTicdc(key, ticdc.status) || !can(routes[key]),
  }));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'upgrade' || key === 'shutdown') setDialog(key);
    else if (key === 'modify_image') onModifyImage();
    else if (key === 'restart') {
      confirmAction({
        title: `Restart TiCDC ${ticdc.name}?`,
        content: 'Its captures restart one by one; changefeeds pause briefly.',
        okText: 'Restart',
        danger: true,
        onOk: () =>
          action
            .mutateAsync({ action: 'restart' })
            .then((out) => onStarted(out.instance_id))
            .catch(() => undefined),
      });
    }
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button type="primary">
          Actions <DownOutlined />
        </Button>
      </Dropdown>
      <FormModal<{ target_version: string }>
        title={`Upgrade TiCDC ${ticdc.name}`}
        open={dialog === 'upgrade'}
        onClose={() => setDialog(null)}
        form={upgradeForm}
        okText="Upgrade"
        onSubmit={async (values) => {
          const out = await formAction.mutateAsync({
            action: 'upgrade',
            body: { target_version: values.target_version.trim() },
          });
          onStarted(out.instance_id);
        }}
      >
        <Typography.Paragraph type="secondary">
          {`Current version ${ticdc.version}; the upstream cluster ${ticdc.upstream_cluster.name} runs ${ticdc.upstream_cluster.version}, which the target version may not exceed.`}
        </Typography.Paragraph>
        <Form.Item
          name="target_version"
          label="Target version"
          required
          rules={[schemaRule(upgradeTicdcBody.shape.target_version)]}
        >
          <Input placeholder="e.g. v8.5.1" />
        </Form.Item>
      </FormModal>
      <FormModal<{ cloud_config_change_id: string }>
        title={`Shutdown TiCDC ${ticdc.name}`}
        open={dialog === 'shutdown'}
        onClose={() => setDialog(null)}
        form={shutdownForm}
        okText="Shutdown"
        onSubmit={async (values) => {
          const out = await formAction.mutateAsync({ action: 'shutdown', body: values });
          onStarted(out.instance_id);
        }}
      >
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Shutting down stops every changefeed of this TiCDC cluster."
          description="Give the id of the cloud config change this shutdown belongs to."
        />
        <Form.Item
          name="cloud_config_change_id"
          label="Cloud config change ID"
          required
          rules={[schemaRule(shutdownTicdcBody.shape.cloud_config_change_id)]}
        >
          <Input placeholder="e.g. 1024" inputMode="numeric" />
        </Form.Item>
      </FormModal>
    </>
  );
}
