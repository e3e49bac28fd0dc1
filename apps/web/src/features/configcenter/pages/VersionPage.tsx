import { useState } from 'react';
import { Button } from 'antd';
import { CloudSyncOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { configcenterApi } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { OperationSubmitted } from '../../../shared/ui/OperationSubmitted';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Panel } from '../../../shared/ui/Panel';
import { ClusterVersionsTable } from '../components/versions/ClusterVersionsTable';
import { VersionChangesTable, versionModifyPath } from '../components/versions/VersionChangesTable';
import { VersionRulesTable } from '../components/versions/VersionRulesTable';

const SetDefaultVersionDialog = lazyDialog(() =>
  import('../components/versions/SetDefaultVersionDialog').then((m) => m.SetDefaultVersionDialog),
);
const NewVersionDialog = lazyDialog(() =>
  import('../components/versions/NewVersionDialog').then((m) => m.NewVersionDialog),
);
const SyncGitopsDialog = lazyDialog(() =>
  import('../components/versions/SyncGitopsDialog').then((m) => m.SyncGitopsDialog),
);

type Dialog = 'default' | 'new' | 'sync' | null;

/**
 * /version, Cluster Version Release (spec §2): the Default Version Rules, the versions of each cluster type and the
 * version changes; Set Default Version and Sync from Gitops start an operation (linked here once started), New TiDB
 * Version creates a version change and opens its page.
 */
export function VersionPage() {
  const can = useCan();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [operation, setOperation] = useState<{ title: string; id: string } | null>(null);
  const close = () => setDialog(null);

  const actions = [
    can(configcenterApi.setDefaultVersion) ? (
      <Button
        key="default"
        icon={<StarOutlined />}
        onPointerEnter={SetDefaultVersionDialog.preload}
        onClick={() => setDialog('default')}
      >
        Set Default Version
      </Button>
    ) : null,
    can(configcenterApi.releaseVersion) ? (
      <Button
        key="new"
        type="primary"
        icon={<PlusOutlined />}
        onPointerEnter={NewVersionDialog.preload}
        onClick={() => setDialog('new')}
      >
        New TiDB Version
      </Button>
    ) : null,
    can(configcenterApi.syncFromGitops) ? (
      <Button
        key="sync"
        icon={<CloudSyncOutlined />}
        onPointerEnter={SyncGitopsDialog.preload}
        onClick={() => setDialog('sync')}
      >
        Sync from Gitops
      </Button>
    ) : null,
  ].filter(Boolean);

  return (
    <>
      <PageHeader
        title="Cluster Version Release"
        description="Which cluster versions exist, which is the default, and the component versions new clusters get."
        extra={actions.length ? actions : null}
      />
      {operation ? (
        <div style={{ marginBottom: 16 }} aria-label={operation.title} role="status">
          <OperationSubmitted operationId={operation.id} />
        </div>
      ) : null}
      <Panel title="Default Version Rules">
        <VersionRulesTable />
      </Panel>
      <Panel title="Cluster Versions">
        <ClusterVersionsTable />
      </Panel>
      <Panel title="Version Changes">
        <VersionChangesTable />
      </Panel>
      <SetDefaultVersionDialog
        open={dialog === 'default'}
        onClose={close}
        onDone={(id) => setOperation({ title: 'Set Default Version', id })}
      />
      <NewVersionDialog
        open={dialog === 'new'}
        onClose={close}
        onDone={(changeId) => void navigate(versionModifyPath(changeId))}
      />
      <SyncGitopsDialog
        open={dialog === 'sync'}
        onClose={close}
        onDone={(id) => setOperation({ title: 'Sync from Gitops', id })}
      />
    </>
  );
}
