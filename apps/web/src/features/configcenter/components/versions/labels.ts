import { CONFIG_CENTER_MESSAGES } from '@portal/contract';
import type { Component, ParamValidation } from '@portal/contract';

export { asClusterType, CLUSTER_TYPE_OPTIONS, clusterTypeLabel } from '../../lib/clusterTypes';

/** The component picker (spec §2 /component), in the spec's order. */
export const COMPONENT_CHOICES: readonly Component[] = ['TIKV', 'TIDB', 'TIFLASH', 'TIFLASH_LEARNER', 'PD', 'TIPROXY'];

/** The /version rules table's cluster version cell: "Any Cluster Version" when the rule has none (spec §2). */
export const ruleClusterVersionLabel = (clusterVersion: string | null): string =>
  clusterVersion ?? CONFIG_CENTER_MESSAGES.anyClusterVersion;

/** `v8.1.2` → [8, 1, 2]; undefined when it is not `vX.Y.Z`. */
export function parseVersion(version: string): [number, number, number] | undefined {
  const m = /^v(\d+)\.(\d+)\.(\d+)$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Newest first; versions that are not `vX.Y.Z` go last, by name. */
export function compareVersionsDesc(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return pa ? -1 : pb ? 1 : a.localeCompare(b);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pb[i]! - pa[i]!;
  return 0;
}

/** A parameter's validation rules in words: "one of a, b", "≥ 1", "≤ 10", "matches ^x$"; "-" when it has none. */
export function validationLabel(rules: ParamValidation): string {
  const parts: string[] = [];
  if (rules.enum?.length) parts.push(`one of ${rules.enum.join(', ')}`);
  if (rules.minimum !== undefined && rules.maximum !== undefined)
    parts.push(`between ${rules.minimum} and ${rules.maximum}`);
  else if (rules.minimum !== undefined) parts.push(`≥ ${rules.minimum}`);
  else if (rules.maximum !== undefined) parts.push(`≤ ${rules.maximum}`);
  if (rules.pattern) parts.push(`matches ${rules.pattern}`);
  return parts.length ? parts.join('; ') : '-';
}

export const RISK_LEVEL_COLORS: Record<string, string> = { low: 'green', medium: 'orange', high: 'red' };

/** Whether a catalogue entry matches a dictionary search: its name or description contains the text (any case). */
export function matchesSearch(entry: { name: string; description: string }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return entry.name.toLowerCase().includes(needle) || entry.description.toLowerCase().includes(needle);
}
