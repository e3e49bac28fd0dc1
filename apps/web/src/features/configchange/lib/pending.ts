import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { ParameterOperation } from '@portal/contract';

/** What the editor has collected for one target and not submitted yet. */
export interface PendingChanges {
  /** The configuration fingerprint the first pending item was prepared against (the change's base). */
  base: string | null;
  /** One operation per (config type, name). */
  params: ParameterOperation[];
  /** component → new image tag. */
  images: Record<string, string>;
  /** The version to upgrade to (a version change), or null. */
  version: string | null;
}

const EMPTY: PendingChanges = { base: null, params: [], images: {}, version: null };

// Kept outside React so switching tabs (which unmounts the editor) does not drop the user's work.
const store = new Map<string, PendingChanges>();
const listeners = new Set<() => void>();

function write(key: string, next: PendingChanges): void {
  if (pendingCount(next) === 0) store.delete(key);
  else store.set(key, next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const pendingCount = (p: PendingChanges) => p.params.length + Object.keys(p.images).length + (p.version ? 1 : 0);

/** Forgets every pending change (between tests). */
export function resetPendingChanges(): void {
  store.clear();
  for (const listener of listeners) listener();
}

/**
 * The pending changes of one target (`${clusterType}:${clusterId}`, a tenant's init configuration
 * `tenant_init:${clusterType}:${tenantId}`) and the ways to edit them.
 */
export function usePendingChanges(key: string) {
  const pending = useSyncExternalStore(
    subscribe,
    () => store.get(key) ?? EMPTY,
    () => EMPTY,
  );
  const update = useCallback(
    (fn: (p: PendingChanges) => PendingChanges) => write(key, fn(store.get(key) ?? EMPTY)),
    [key],
  );

  return useMemo(
    () => ({
      pending,
      count: pendingCount(pending),
      setParam: (op: ParameterOperation, fingerprint: string) =>
        update((p) => ({
          ...p,
          base: p.base ?? fingerprint,
          params: [...p.params.filter((o) => !(o.configType === op.configType && o.name === op.name)), op],
        })),
      removeParam: (configType: string, name: string) =>
        update((p) => ({ ...p, params: p.params.filter((o) => !(o.configType === configType && o.name === name)) })),
      setImages: (images: Record<string, string>, fingerprint: string) =>
        update((p) => ({ ...p, base: p.base ?? fingerprint, images: { ...p.images, ...images } })),
      setVersion: (version: string, fingerprint: string) =>
        update((p) => ({ ...p, base: p.base ?? fingerprint, version })),
      removeVersion: () => update((p) => ({ ...p, version: null })),
      removeImage: (component: string) =>
        update((p) => {
          const images = { ...p.images };
          delete images[component];
          return { ...p, images };
        }),
      /** Keeps the pending items but prepares them against a reloaded configuration. */
      rebase: (fingerprint: string) => update((p) => ({ ...p, base: fingerprint })),
      clear: () => write(key, EMPTY),
    }),
    [pending, update, key],
  );
}
