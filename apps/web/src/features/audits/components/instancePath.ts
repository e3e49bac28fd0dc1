import { tenantPath } from '../../../shared/api/entities';

const enc = encodeURIComponent;

/** The console page of an audited object, for the types that have one; undefined otherwise. */
export function instancePath(type: string, instanceId: string): string | undefined {
  switch (type) {
    case 'tenant':
      return tenantPath(instanceId);
    case 'cloud_config_change':
      return `/confighistories/${enc(instanceId)}`;
    case 'operation':
      return `/operations/${enc(instanceId)}`;
    case 'provider':
      return `/providers/${enc(instanceId)}`;
    case 'user':
      return `/access?search=${enc(instanceId)}`;
    default:
      return undefined;
  }
}
