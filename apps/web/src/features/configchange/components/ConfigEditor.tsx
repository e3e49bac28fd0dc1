import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Flex, Skeleton } from 'antd';
import { EyeOutlined } from '@ant-design/icons';

import { configchangeApi, notChangeableMessage, objectKindOf, sortConfigTypes, tenantInitApi } from '@portal/contract';
import type { ClusterType, ConfigParameter } from '@portal/contract';
import { useCan } from '../../../shared/lib/useCan';
import { useListParams } from '../../../shared/lib/useListParams';
import { ErrorState } from '../../../shared/ui/ErrorState';
import { SearchInput } from '../../../shared/ui/SearchInput';
import { useClusterConfig } from '../api';
import type { ConfigTargetType } from '../api';
import { buildPreviewBody } from '../lib/payload';
import { usePendingChanges } from '../lib/pending';
import { StaleAlert } from './StaleAlert';
import { ParameterTable } from './ParameterTable';
import { PendingChangesList } from './PendingChangesList';
import '../configchange.css';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { ReloadButton } from '../../../shared/ui/ReloadButton';
import { Panel } from '../../../shared/ui/Panel';
import { TabSet } from '../../../shared/ui/TabSet';
import { lazyDialog } from '../../../shared/ui/lazyDialog';
import { Text } from '../../../shared/ui/Typography';
import { CountBadge } from '../../../shared/ui/CountBadge';

// The edit dialog (antd Form, Select, Modal) and the preview drawer load when first opened.
// Only clusters have an image editor here (TiCDC clusters and changefeeds change images elsewhere): loaded with it.
const ImageModificationView = lazy(() =>
  import('./ImageModificationView').then((m) => ({ default: m.ImageModificationView })),
);
const ParameterEditModal = lazyDialog(() => import('./ParameterEditModal').then((m) => m.ParameterEditModal));
// Only TiDB clusters have a version panel: the other targets' pages don't load it.
const VersionModification = lazy(() =>
  import('./VersionModification').then((m) => ({ default: m.VersionModification })),
);
const ChangePreviewDrawer = lazyDialog(() => import('./ChangePreviewDrawer').then((m) => m.ChangePreviewDrawer));

export interface ConfigEditorProps {
  clusterType: ClusterType;
  /** The id of the cluster, TiCDC cluster or changefeed; the tenant's for a tenant's init configuration. */
  clusterId: string;
  /** What is edited: a cluster (TiCDC cluster, changefeed; the default) or a tenant's init configuration. */
  targetType?: ConfigTargetType;
  /** URL key of the active config file tab (several editors never share a page). */
  fileParam?: string;
  /**
   * Offer the image editor (image tags become part of the change). Off where the page has its own
   * "Modify the Image" action (the TiCDC cluster page), so one page never shows two image editors.
   */
  imageEditor?: boolean;
  /**
   * Offer the version change (spec §7 `version.to_version`): by default for TiDB clusters, whose versions the config
   * center lists; TiCDC clusters upgrade by their own action, changefeeds and tenants have no version of their own.
   */
  versionEditor?: boolean;
}

/**
 * The Config parameter editor of spec §2 for one target (a cluster, a TiCDC cluster, a changefeed or a tenant's init
 * configuration): its files as tabs with their parameters, the version and image editors, the pending changes, and
 * the change preview.
 */
export function ConfigEditor({
  clusterType,
  clusterId,
  targetType = 'cluster',
  fileParam = 'config_file',
  imageEditor = targetType === 'cluster',
  versionEditor = targetType === 'cluster' && objectKindOf(clusterType) === 'cluster',
}: ConfigEditorProps) {
  const query = useClusterConfig(clusterType, clusterId, targetType);
  const can = useCan();
  const pending = usePendingChanges(
    targetType === 'cluster' ? `${clusterType}:${clusterId}` : `${targetType}:${clusterType}:${clusterId}`,
  );
  const routes = targetType === 'tenant_init' ? tenantInitApi : configchangeApi;
  const list = useListParams({ search: '' }, { prefix: 'param_' });
  const [search, updateSearch] = useSearchUpdate();
  const [editing, setEditing] = useState<ConfigParameter | null>(null);
  const [previewing, setPreviewing] = useState(false);

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const { configuration, changeable, reason } = query.data;
  const blocked = changeable ? undefined : notChangeableMessage(reason ?? 'the target is not changeable');
  const files = sortConfigTypes(configuration.files.map((f) => f.config_type)).map((type) =>
    configuration.files.find((f) => f.config_type === type)!,
  );
  const activeFile = files.find((f) => f.config_type === search.get(fileParam))?.config_type ?? files[0]?.config_type;
  // The configuration moved since the pending items were prepared: previewing them would be refused as stale.
  const moved = pending.pending.base !== null && pending.pending.base !== configuration.fingerprint;
  const body = pending.count ? buildPreviewBody(clusterType, clusterId, configuration, pending.pending) : null;

  const reload = async () => {
    const result = await query.refetch();
    if (result.data && pending.count) pending.rebase(result.data.configuration.fingerprint);
  };

  return (
    <div className="config-editor" aria-label="Configuration editor">
      {blocked ? <Alert type="warning" showIcon title={blocked} /> : null}
      {moved ? <StaleAlert onReload={() => void reload()} /> : null}
      {query.error ? (
        <Alert type="error" showIcon title="Reloading the configuration failed; showing the last one read." />
      ) : null}

      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex gap={16} wrap>
          <span>
            <Text type="secondary">{targetType === 'tenant_init' ? 'Default version ' : 'Version '}</Text>
            <Text code>{configuration.version}</Text>
          </span>
          <span>
            <Text type="secondary">Fingerprint </Text>
            <Text code>{configuration.fingerprint}</Text>
          </span>
        </Flex>
        <Flex gap={8}>
          <ReloadButton loading={query.isFetching} onReload={reload} />
          <CountBadge count={pending.count}>
            <Button
              type="primary"
              icon={<EyeOutlined />}
              disabled={!pending.count || Boolean(blocked) || !can(routes.preview) || !can(routes.create)}
              onClick={() => setPreviewing(true)}
            >
              Preview changes
            </Button>
          </CountBadge>
        </Flex>
      </Flex>

      <Panel title={`Pending changes (${pending.count})`}>
        <PendingChangesList
          params={pending.pending.params}
          images={pending.pending.images}
          version={pending.pending.version}
          onRemoveParam={(op) => pending.removeParam(op.configType, op.name)}
          onRemoveImage={pending.removeImage}
          onRemoveVersion={pending.removeVersion}
          onClear={pending.clear}
        />
      </Panel>

      {versionEditor ? (
        <Panel>
          <Suspense fallback={null}>
            <VersionModification
              clusterType={clusterType}
              current={configuration.version}
              pending={pending.pending.version}
              disabled={Boolean(blocked)}
              disabledReason={blocked}
              onSubmit={(version) =>
                version === configuration.version
                  ? pending.removeVersion()
                  : pending.setVersion(version, configuration.fingerprint)
              }
            />
          </Suspense>
        </Panel>
      ) : null}

      <Panel title="Parameters">
        {files.length ? (
          <>
            <div className="toolbar">
              <SearchInput
                value={list.filters.search}
                onSearch={(value) => list.setFilters({ search: value }, { replace: true })}
                placeholder="Search parameters by name"
              />
            </div>
            <TabSet
              activeKey={activeFile}
              onChange={(key) => {
                updateSearch((next) => {
                  if (key === files[0]?.config_type) next.delete(fileParam);
                  else next.set(fileParam, key);
                  next.delete('param_page');
                }, true);
              }}
              items={files.map((file) => {
                const count = pending.pending.params.filter((p) => p.configType === file.config_type).length;
                return {
                  key: file.config_type,
                  label: (
                    <span>
                      {file.config_type}
                      {count ? <CountBadge count={count} color="gold" style={{ marginInlineStart: 6 }} /> : null}
                    </span>
                  ),
                  children: (
                    <>
                      <Text type="secondary">{file.filename}</Text>
                      <ParameterTable
                        parameters={file.parameters}
                        pending={pending.pending.params}
                        list={list}
                        editable={!blocked}
                        disabledReason={blocked}
                        onEdit={setEditing}
                      />
                    </>
                  ),
                };
              })}
            />
          </>
        ) : (
          <Text type="secondary">This target has no configuration files.</Text>
        )}
      </Panel>

      {imageEditor && configuration.components.length ? (
        <Panel>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
            <ImageModificationView
              components={configuration.components}
              pending={pending.pending.images}
              disabled={Boolean(blocked)}
              disabledReason={blocked}
              onSubmit={(changes) =>
                pending.setImages(
                  Object.fromEntries(changes.map((c) => [c.component, c.image_tag])),
                  configuration.fingerprint,
                )
              }
              onUnchanged={(components) => components.forEach((c) => pending.removeImage(c))}
            />
          </Suspense>
        </Panel>
      ) : null}

      {editing ? (
        <ParameterEditModal
          parameter={editing}
          pending={pending.pending.params.find((o) => o.configType === editing.config_type && o.name === editing.name)}
          onClose={() => setEditing(null)}
          onSave={(op) => pending.setParam(op, configuration.fingerprint)}
        />
      ) : null}
      <ChangePreviewDrawer
        open={previewing && body !== null}
        body={body}
        targetType={targetType}
        onClose={() => setPreviewing(false)}
        onReload={() => {
          setPreviewing(false);
          void reload();
        }}
        onCreated={() => {
          setPreviewing(false);
          pending.clear();
        }}
      />
    </div>
  );
}
