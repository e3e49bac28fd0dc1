/** `v8.1.1` → [8, 1, 1]; undefined when it is not a version. */
export function parseVersion(version: string): number[] | undefined {
  const m = /^v(\d+)\.(\d+)(?:\.(\d+))?$/.exec(version.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined;
}

export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a) ?? [0, 0, 0];
  const pb = parseVersion(b) ?? [0, 0, 0];
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

/** The versions a target on `current` can move to: the newer ones, oldest first (downgrades are not supported). */
export function newerVersions(versions: readonly string[], current: string): string[] {
  return [...new Set(versions)].filter((v) => parseVersion(v) && compareVersions(v, current) > 0).sort(compareVersions);
}
