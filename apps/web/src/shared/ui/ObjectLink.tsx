import { Suspense } from 'react';

import { Link } from 'react-router';
import { useSlots } from '../lib/slots';
import { Text } from './Typography';

export interface ObjectLinkComponentProps {
  /** The object kind (an operation's `target_type`, `objectKindOf(cluster_type)` for a change's target). */
  kind: string;
  id: string;
  /** The owning tenant, for links that need it (a cluster's page sits under its tenant). */
  tenantId?: string | null;
}

/**
 * An object shown by another area (an operation's or change's target) as a link back to its page, the way the
 * object's own area declared it (`objectLinks` in its manifest): a hover card for clusters and tenants, a look-up
 * link for TiCDC clusters and changefeeds. A kind nobody declared shows as its id.
 */
export function ObjectLink({ kind, id, tenantId }: ObjectLinkComponentProps) {
  const slot = useSlots().objectLinks.get(kind);
  const path = slot?.path?.(id, tenantId);
  const plain = path ? <Link to={path}>{id}</Link> : <Text>{id}</Text>;
  if (!slot?.Link) return plain;
  const Rich = slot.Link;
  // Until the richer link's code has loaded, the plain link (or id) stands in.
  return (
    <Suspense fallback={path ? plain : <span>{id}</span>}>
      <Rich id={id} tenantId={tenantId} />
    </Suspense>
  );
}

/** The page of an audited object, when the area owning its audit type declared one (`auditLinks`). */
export function useAuditPath(): (type: string, instanceId: string) => string | undefined {
  const links = useSlots().auditLinks;
  return (type, instanceId) => links.get(type)?.path(instanceId);
}

/** An audit row's instance id: a link to the object's page when its area declared one, plain text otherwise. */
export function AuditInstanceLink({ type, id }: { type: string; id: string }) {
  const path = useAuditPath()(type, id);
  return path ? <Link to={path}>{id}</Link> : <>{id}</>;
}
