import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
export { DEFAULT_CLUSTER_TYPE } from '@portal/contract';
export { asClusterType, CLUSTER_TYPE_OPTIONS } from '../../lib/clusterTypes';

/** A default case's provider or instance type: "Any" when it has none (spec §2). */
export const anyLabel = (value: string | null | undefined): string => value || CONFIG_CENTER_MESSAGES.any;

/** What a table shows for nothing. */
export const NONE = '—';

export const templatePath = (id: string, clusterType: string) =>
  `/template/${encodeURIComponent(id)}?cluster_type=${encodeURIComponent(clusterType)}`;
export const defaultChangePath = (id: string) => `/defaultconfig/change/${encodeURIComponent(id)}`;
/** A custom template is created through the configuration change flow (spec §7 Create template). */
export const configHistoryPath = (id: string) => `/confighistories/${encodeURIComponent(id)}`;

/** The instance-type filter's value: provider and instance type (`AWS:m5.2xlarge`), and back. */
export const instanceTypeValue = (provider: string, instanceType: string) => `${provider}:${instanceType}`;
export function parseInstanceTypeValue(value: string): { provider: string; instanceType: string } | undefined {
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return undefined;
  return { provider: value.slice(0, at), instanceType: value.slice(at + 1) };
}
export const instanceTypeLabel = (provider: string, instanceType: string) => `${provider} · ${instanceType}`;
