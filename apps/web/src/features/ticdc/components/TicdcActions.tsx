import { useState } from 'react';
import type { MenuProps } from 'antd';
import { canTicdc, ticdcApi } from '@portal/contract';
import type { TicdcAction, TicdcClusterDetail } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { confirmAction } from '../../../shared/ui/ConfirmButton';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useTicdcAction } from '../api';
import { ActionsMenu } from '../../../shared/ui/ActionsMenu';

const UpgradeTicdcDialog = lazyDialog(() => import('./TicdcFormDialogs').then((m) => m.UpgradeTicdcDialog));
const ShutdownTicdcDialog = lazyDialog(() => import('./TicdcFormDialogs').then((m) => m.ShutdownTicdcDialog));

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
  // The restart confirmation uses the operation-failure dialog; the form dialogs show their own failures.
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
      <ActionsMenu items={items} onClick={onClick} />
      <UpgradeTicdcDialog
        ticdc={ticdc}
        open={dialog === 'upgrade'}
        onClose={() => setDialog(null)}
        onStarted={onStarted}
      />
      <ShutdownTicdcDialog
        ticdc={ticdc}
        open={dialog === 'shutdown'}
        onClose={() => setDialog(null)}
        onStarted={onStarted}
      />
    </>
  );
}
