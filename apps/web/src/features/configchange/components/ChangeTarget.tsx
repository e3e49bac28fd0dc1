import { Link } from 'react-router';
import { objectKindOf } from '@portal/contract';
import type { ConfigChange } from '@portal/contract';
import { ObjectLink } from '../../../shared/ui/ObjectLink';
import { Text } from '../../../shared/ui/Typography';

/** The page of a template (the config center's), once a template change created it. */
export const templatePath = (id: string, clusterType: string) =>
  `/template/${encodeURIComponent(id)}?cluster_type=${encodeURIComponent(clusterType)}`;

/** What a change is about: a cluster (TiCDC cluster, changefeed), a tenant's init configuration, or a new template. */
export function ChangeTarget({
  change,
}: {
  change: Pick<ConfigChange, 'target_type' | 'target_id' | 'cluster_type' | 'tenant_id' | 'scope'>;
}) {
  if (change.target_type === 'tenant_init')
    return (
      <span>
        <Text type="secondary">{`Init config (${change.cluster_type}) of tenant`}</Text>{' '}
        <ObjectLink kind="tenant" id={change.target_id} />
      </span>
    );
  if (change.target_type === 'template') {
    const created = change.scope.template?.template_id;
    return (
      <span>
        <Text type="secondary">{`Template (${change.cluster_type})`}</Text>{' '}
        {created ? (
          <Link to={templatePath(created, change.cluster_type)}>{change.target_id}</Link>
        ) : (
          <Text>{change.target_id}</Text>
        )}
      </span>
    );
  }
  return (
    <span>
      <Text type="secondary">{change.cluster_type}</Text>{' '}
      <ObjectLink kind={objectKindOf(change.cluster_type)} id={change.target_id} tenantId={change.tenant_id} />
    </span>
  );
}
