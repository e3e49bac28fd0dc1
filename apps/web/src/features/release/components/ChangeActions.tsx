import { useState } from 'react';
import { Button } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  CloudUploadOutlined,
  EditOutlined,
  FileSearchOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { RELEASE_MESSAGES, releaseApi } from '@portal/contract';
import type { DevopsRelease, ReleaseChange, ReleaseChangeAction } from '@portal/contract';
import { feedback } from '../../../shared/lib/feedback';
import { useCan } from '../../../shared/lib/useCan';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { useChangeAction, useDeployChange } from '../api';
import { changeActionEnabled } from '../lib/actions';
import { changeUpdatePath } from '../lib/paths';

const VerifyDialog = lazyDialog(() => import('./VerifyDialog').then((m) => m.VerifyDialog));

export interface ChangeActionsProps {
  change: ReleaseChange;
  release: DevopsRelease | undefined;
  /** The deploy answered its operation. */
  onDeployed(operationId: string): void;
}

/**
 * Edit, Submit, Check for Ready, Deploy, Verify, Cancel and Close of a release change, each enabled from the
 * contract's state table (deploy also waits for a prod release's approval); shown to those who may operate.
 */
export function ChangeActions({ change, release, onDeployed }: ChangeActionsProps) {
  const can = useCan();
  const action = useChangeAction(change.release_id, change.id);
  const deploy = useDeployChange(change.release_id, change.id);
  const [verifying, setVerifying] = useState(false);
  const navigate = useNavigate();
  const editPath = changeUpdatePath(change.release_id, change.id);
  if (!can(releaseApi.submit)) return null;

  const enabled = (a: ReleaseChangeAction) => changeActionEnabled(change, release, a);
  const busy = (a: 'submit' | 'cancel' | 'close' | 'checkReady') => action.isPending && action.variables === a;
  // The message is not returned: antd's is a thenable that settles when it fades out, which would keep the
  // confirmation open (its OK spinning) for the message's 3 s after the action succeeded.
  const run = (a: 'submit' | 'cancel' | 'close', message: string) =>
    action
      .mutateAsync(a)
      .then(() => {
        feedback().message.success(message);
      })
      .catch(() => undefined);

  return (
    <>
      {/* A link (the update page is found by following it), moving inside the app. */}
      <Button
        icon={<EditOutlined />}
        href={enabled('update') ? editPath : undefined}
        disabled={!enabled('update')}
        onClick={(event) => {
          event.preventDefault();
          void navigate(editPath);
        }}
      >
        Edit
      </Button>
      <Button
        icon={<SendOutlined />}
        disabled={!enabled('submit')}
        loading={busy('submit')}
        onClick={() => void run('submit', RELEASE_MESSAGES.submitted)}
      >
        Submit
      </Button>
      <Button
        icon={<FileSearchOutlined />}
        disabled={!enabled('check_ready')}
        loading={busy('checkReady')}
        onClick={() =>
          void action
            .mutateAsync('checkReady')
            .then(({ change: checked }) =>
              checked.ready_check?.ready
                ? feedback().message.success(RELEASE_MESSAGES.ready)
                : feedback().message.warning(RELEASE_MESSAGES.notReady),
            )
            .catch(() => undefined)
        }
      >
        Check for Ready
      </Button>
      <ConfirmButton
        type="primary"
        icon={<CloudUploadOutlined />}
        disabled={!enabled('deploy')}
        loading={deploy.isPending}
        confirmTitle={`Deploy ${change.title}?`}
        confirmContent={
          change.target_cluster_ids.length
            ? `It rolls out to ${change.target_cluster_ids.length} cluster(s)` +
              (change.canary_cluster_ids.length ? `, the ${change.canary_cluster_ids.length} canary first.` : '.')
            : 'It deploys the platform service (no tenant cluster).'
        }
        okText="Deploy"
        onConfirm={() =>
          deploy
            .mutateAsync()
            .then((out) => {
              onDeployed(out.instance_id);
              feedback().message.success(RELEASE_MESSAGES.deployStarted);
            })
            .catch(() => undefined)
        }
      >
        Deploy
      </ConfirmButton>
      <Button
        icon={<CheckCircleOutlined />}
        disabled={!enabled('verify')}
        onPointerEnter={VerifyDialog.preload}
        onClick={() => setVerifying(true)}
      >
        Verify
      </Button>
      <ConfirmButton
        danger
        icon={<StopOutlined />}
        disabled={!enabled('cancel')}
        loading={busy('cancel')}
        confirmTitle={`Cancel ${change.title}?`}
        confirmContent="A cancelled change is not deployed; it can only be closed afterwards."
        okText="Cancel the change"
        onConfirm={() => run('cancel', RELEASE_MESSAGES.cancelled)}
      >
        Cancel
      </ConfirmButton>
      <ConfirmButton
        danger
        icon={<CloseCircleOutlined />}
        disabled={!enabled('close')}
        loading={busy('close')}
        confirmTitle={`Close ${change.title}?`}
        confirmContent="A closed change takes no further action."
        okText="Close the change"
        onConfirm={() => run('close', RELEASE_MESSAGES.closed)}
      >
        Close
      </ConfirmButton>
      <VerifyDialog
        open={verifying}
        releaseId={change.release_id}
        changeId={change.id}
        title={change.title}
        onClose={() => setVerifying(false)}
      />
    </>
  );
}
