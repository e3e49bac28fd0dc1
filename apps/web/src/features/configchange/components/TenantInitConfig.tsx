import { TENANT_INIT_CLUSTER_TYPES } from '@portal/contract';
import type { TenantInitClusterType } from '@portal/contract';
import type { TenantSlotProps } from '../../../shared/lib/feature';
import { useSearchUpdate } from '../../../shared/lib/useSearchUpdate';
import { Panel } from '../../../shared/ui/Panel';
import { TabSet } from '../../../shared/ui/TabSet';
import { Paragraph } from '../../../shared/ui/Typography';
import { ConfigChangeTable } from './ConfigChangeTable';
import { ConfigEditor } from './ConfigEditor';

const LABELS: Record<TenantInitClusterType, string> = {
  DEDICATED_TIDB: 'Dedicated',
  SHARED_POOL: 'Shared Pool',
  LOGICAL_CLUSTER: 'Logical Cluster',
};
const TYPE_PARAM = 'init_type';

/**
 * The tenant page's Init Config tab (spec §3 target_type tenant_init, §7 "tenantinit changes"): per cluster type, the
 * configuration the tenant's new clusters start with — the parameter editor over the default templates, whose
 * changes are approved and applied like a cluster's — and the tenant's init configuration changes.
 */
export function TenantInitConfig({ tenant }: TenantSlotProps) {
  const [search, updateSearch] = useSearchUpdate();
  const requested = search.get(TYPE_PARAM);
  const clusterType = TENANT_INIT_CLUSTER_TYPES.find((t) => t === requested) ?? 'DEDICATED_TIDB';
  return (
    <>
      <Paragraph type="secondary">
        What the tenant&apos;s new clusters start with: parameters set here apply on top of the default templates. Each
        change is approved, then applied from its page.
      </Paragraph>
      <TabSet
        aria-label="Cluster type"
        activeKey={clusterType}
        destroyOnHidden
        onChange={(key) =>
          updateSearch((next) => {
            if (key === 'DEDICATED_TIDB') next.delete(TYPE_PARAM);
            else next.set(TYPE_PARAM, key);
            next.delete('init_file');
            next.delete('param_page');
          }, true)
        }
        items={TENANT_INIT_CLUSTER_TYPES.map((type) => ({
          key: type,
          label: LABELS[type],
          children: (
            <ConfigEditor clusterType={type} clusterId={tenant.id} targetType="tenant_init" fileParam="init_file" />
          ),
        }))}
      />
      <Panel title="Init Config Changes">
        <ConfigChangeTable targetId={tenant.id} targetType="tenant_init" prefix="init_" />
      </Panel>
    </>
  );
}
