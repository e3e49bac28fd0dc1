import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { canDoOnChange, configcenterApi, OPEN_RELEASE_PHASES } from '@portal/contract';
import type { ChangeItem, ConfigEnvironment, DefaultConfigChange, Release } from '@portal/contract';
import { useCan } from '../../../../shared/lib/useCan';
import { DataTable } from '../../../../shared/ui/DataTable';
import type { DataColumns } from '../../../../shared/ui/DataTable';
import { lazyDialog } from '../../../../shared/ui/lazyDialog';
import { Panel } from '../../../../shared/ui/Panel';
import { useChangeItems } from '../../api/changes';
import { EnvironmentTags, FIT_WIDTH, ITEM_TYPE_LABELS, ItemSummary } from './display';
import { ReleasesTable } from './ReleasesTable';

const CreateReleaseDialog = lazyDialog(() => import('./CreateReleaseDialog').then((m) => m.CreateReleaseDialog));

const itemColumns: DataColumns<ChangeItem> = [
  { title: 'Type', key: 'type', dataIndex: 'type', render: (t: ChangeItem['type']) => ITEM_TYPE_LABELS[t] },
  { title: 'Item', key: 'item', render: (_: unknown, item) => <ItemSummary item={item} /> },
  { title: 'Revision', key: 'revision', dataIndex: 'revision' },
  {
    title: 'Released To',
    key: 'released_to',
    dataIndex: 'released_to',
    render: (envs: ConfigEnvironment[]) => <EnvironmentTags environments={envs} />,
  },
];

/**
 * Why a release of `environment` cannot be created now, or null when it can: the change must allow releases
 * (in progress), have unreleased items there, and no release of that environment may still be open.
 */
export function releaseBlocker(
  change: Pick<DefaultConfigChange, 'phase'>,
  environment: ConfigEnvironment,
  releases: readonly Release[],
  unreleased: number,
): string | null {
  if (!canDoOnChange(change.phase, 'release')) return `The change is ${change.phase}: nothing can be released`;
  const open = releases.find(
    (r) => r.environment === environment && (OPEN_RELEASE_PHASES as readonly string[]).includes(r.phase),
  );
  if (open) return `Release #${open.release_number} of ${environment} is ${open.phase}`;
  if (unreleased === 0) return `Everything of this change is released to ${environment}`;
  return null;
}

export interface ReleaseJobProps {
  change: DefaultConfigChange;
  environment: ConfigEnvironment;
  /** Every release of the change (this job shows the environment's). */
  releases: { data: Release[] | undefined; isFetching: boolean; error: unknown; refetch(): unknown };
}

/** Release {environment}: that environment's releases, the items not released there yet, and Create a Release. */
export function ReleaseJob({ change, environment, releases }: ReleaseJobProps) {
  const can = useCan();
  const unreleased = useChangeItems(change.id, { environment_is: environment });
  const [open, setOpen] = useState(false);
  const mine = releases.data?.filter((r) => r.environment === environment);
  const count = unreleased.data?.items.length;
  const blocker =
    releases.data && count !== undefined ? releaseBlocker(change, environment, releases.data, count) : 'Loading…';

  return (
    <>
      <Panel
        title={`Release ${environment}`}
        extra={
          can(configcenterApi.createRelease) ? (
            <Tooltip title={blocker ?? undefined}>
              <Button
                type="primary"
                icon={<SendOutlined />}
                disabled={blocker !== null}
                onPointerEnter={CreateReleaseDialog.preload}
                onClick={() => setOpen(true)}
              >
                {`Create a ${environment} Release`}
              </Button>
            </Tooltip>
          ) : null
        }
      >
        <ReleasesTable
          aria-label={`${environment} releases`}
          releases={mine}
          loading={releases.isFetching}
          error={releases.error}
          onRetry={() => void releases.refetch()}
        />
      </Panel>
      <Panel title={`Not Released to ${environment}`}>
        <DataTable<ChangeItem>
          aria-label={`Unreleased items of ${environment}`}
          size="small"
          scroll={FIT_WIDTH}
          columns={itemColumns}
          data={unreleased.data?.items}
          loading={unreleased.isFetching}
          error={unreleased.error}
          onRetry={() => void unreleased.refetch()}
          emptyText={`Everything is released to ${environment}`}
        />
      </Panel>
      <CreateReleaseDialog
        open={open}
        changeId={change.id}
        environment={environment}
        itemCount={count ?? 0}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
