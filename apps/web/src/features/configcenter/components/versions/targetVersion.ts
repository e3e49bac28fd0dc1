import { CONFIG_CENTER_MESSAGES, releaseVersionBody } from '@portal/contract';
import { parseVersion } from './labels';

export interface VersionSuggestion {
  kind: 'patch' | 'minor';
  label: string;
  version: string;
}

/**
 * The target-version chooser's suggestions for a source version: the next patch of its minor line and the next minor
 * of its major line, each one above the newest version that already exists there (so none of them exists yet).
 */
export function suggestTargetVersions(source: string | undefined, existing: readonly string[]): VersionSuggestion[] {
  const from = source ? parseVersion(source) : undefined;
  if (!from) return [];
  const [major, minor, patch] = from;
  const known = existing.map(parseVersion).filter((v): v is [number, number, number] => v !== undefined);
  const sameMinor = known.filter(([x, y]) => x === major && y === minor).map(([, , z]) => z);
  const sameMajor = known.filter(([x]) => x === major).map(([, y]) => y);
  const nextPatch = Math.max(patch, ...sameMinor) + 1;
  const nextMinor = Math.max(minor, ...sameMajor) + 1;
  return [
    { kind: 'patch', label: 'Next patch', version: `v${major}.${minor}.${nextPatch}` },
    { kind: 'minor', label: 'Next minor', version: `v${major}.${nextMinor}.0` },
  ];
}

/**
 * Why a target version cannot be chosen, or undefined when it can: required (spec §5 "target version is required"),
 * shaped `vX.Y.Z` (the contract's rule), and not an existing version of the cluster type.
 */
export function targetVersionError(value: string | undefined, existing: readonly string[]): string | undefined {
  const text = (value ?? '').trim();
  if (!text) return CONFIG_CENTER_MESSAGES.targetVersionRequired;
  const parsed = releaseVersionBody.shape.target_version.safeParse(text);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'a version looks like v8.1.1';
  if (existing.includes(text)) return `${text} already exists`;
  return undefined;
}
