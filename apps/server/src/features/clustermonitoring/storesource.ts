import { z } from 'zod';
import type { ClusterStore } from '@portal/contract';
import type { Config, PD_URL_PLACEHOLDERS } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { answeredStatus, answerText, callOut } from '../../platform/outbound.js';
import { iso } from '../../platform/time.js';
import * as repo from './repo.js';

/*
 * The store source: the stores (TiKV, TiFlash) PD reports for a cluster. An external system, so one interface with a
 * real implementation, each cluster's PD HTTP API (PD_URL_TEMPLATE, README configuration), read live when the
 * topology is asked for (decision 0015), and the embedded default, the `cluster_stores` table (the demo's rows).
 */

/** What a source needs of a cluster: its id, and what a PD address may be built from. */
export interface StoreCluster {
  id: string;
  tenant_id: string;
  region: string;
  provider: string;
}

export interface StoreSource {
  readonly kind: 'embedded' | 'pd';
  /** TiKV stores first, then TiFlash, by store id. Throws 502 `clusterTopology.pdUnavailable` when PD fails. */
  stores(cluster: StoreCluster): Promise<ClusterStore[]>;
}

export function toStore(r: repo.StoreRow): ClusterStore {
  return {
    store_id: r.storeId,
    kind: r.kind as ClusterStore['kind'],
    address: r.address,
    zone: r.zone,
    state: r.state as ClusterStore['state'],
    version: r.version,
    capacity_bytes: r.capacityBytes,
    used_bytes: r.usedBytes,
    region_count: r.regionCount,
    leader_count: r.leaderCount,
    started_at: iso(r.startedAt),
  };
}

/** The stores kept in `cluster_stores`. */
export function embeddedStoreSource(db: Db): StoreSource {
  return {
    kind: 'embedded',
    stores: async (cluster) => (await repo.selectStores(db, cluster.id)).map(toStore),
  };
}

const UNITS: Record<string, number> = { '': 0, K: 1, M: 2, G: 3, T: 4, P: 5, E: 6 };

/**
 * A PD byte size as bytes: PD writes them as text with binary units and four significant digits (`"1.819TiB"`,
 * `"500GiB"`, `"0B"`; docker/go-units' BytesSize); a plain number is taken as bytes. Undefined when unreadable.
 */
export function parseByteSize(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v) : undefined;
  if (typeof v !== 'string') return undefined;
  const m = /^\s*(\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*([kmgtpe]?)(?:i?b)?\s*$/i.exec(v);
  if (!m) return undefined;
  return Math.round(Number(m[1]) * 1024 ** UNITS[m[2]!.toUpperCase()]!);
}

/** PD's state names (`state_name`): Up, Offline, Tombstone, and Disconnected / Down for an Up store that went quiet. */
const STATES: Record<string, ClusterStore['state']> = {
  up: 'Up',
  disconnected: 'Disconnected',
  down: 'Down',
  offline: 'Offline',
  tombstone: 'Tombstone',
  // Newer PDs' node states, should one be sent instead.
  preparing: 'Up',
  serving: 'Up',
  removing: 'Offline',
  removed: 'Tombstone',
};

const pdStore = z.object({
  store: z.object({
    id: z.number().int().nonnegative(),
    address: z.string(),
    state_name: z.string().optional(),
    version: z.string().optional(),
    labels: z.array(z.object({ key: z.string(), value: z.string() })).nullish(),
    start_timestamp: z.number().optional(),
  }),
  status: z
    .object({
      capacity: z.union([z.string(), z.number()]).optional(),
      available: z.union([z.string(), z.number()]).optional(),
      leader_count: z.number().optional(),
      region_count: z.number().optional(),
      start_ts: z.string().optional(),
    })
    .nullish(),
});
const pdStores = z.object({ stores: z.array(pdStore).nullish() });

/** The zone of a store: its `zone` label (PD's location label), else the Kubernetes one. */
const ZONE_LABELS = ['zone', 'topology.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/zone'];

/** One store of PD's answer as the portal shows it. */
export function storeOf(s: z.infer<typeof pdStore>): ClusterStore {
  const labels = new Map((s.store.labels ?? []).map((l) => [l.key, l.value]));
  const engine = labels.get('engine') ?? '';
  const capacity = parseByteSize(s.status?.capacity) ?? 0;
  const available = parseByteSize(s.status?.available) ?? capacity;
  const started = s.status?.start_ts ? Date.parse(s.status.start_ts) : (s.store.start_timestamp ?? 0) * 1000;
  return {
    store_id: s.store.id,
    kind: engine.startsWith('tiflash') ? 'tiflash' : 'tikv',
    address: s.store.address,
    zone: ZONE_LABELS.map((k) => labels.get(k)).find((z) => z) ?? 'no zone label',
    state: STATES[(s.store.state_name ?? '').toLowerCase()] ?? 'Disconnected',
    version: s.store.version ?? '',
    capacity_bytes: capacity,
    used_bytes: Math.max(0, capacity - available),
    region_count: s.status?.region_count ?? 0,
    leader_count: s.status?.leader_count ?? 0,
    started_at: new Date(Number.isFinite(started) ? started : 0).toISOString(),
  };
}

export interface PdOptions {
  /** PD_URL_TEMPLATE: a cluster's PD root, `{cluster_id}` (and `{tenant_id}`, `{region}`, `{provider}`) filled in. */
  urlTemplate: string;
  /** Sent as `Authorization: Bearer …` when set. */
  token: string | undefined;
  /** Per request; 5 s by default (a person waits on it). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The PD root of a cluster: the template with its placeholders filled in (URL-encoded). */
export function pdUrlOf(template: string, cluster: StoreCluster): string {
  const values: Record<(typeof PD_URL_PLACEHOLDERS)[number], string> = {
    cluster_id: cluster.id,
    tenant_id: cluster.tenant_id,
    region: cluster.region,
    provider: cluster.provider.toLowerCase(),
  };
  return template
    .replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
      name in values ? encodeURIComponent(values[name as keyof typeof values]) : whole,
    )
    .replace(/\/$/, '');
}

/**
 * PD's HTTP API: `GET {pd}/pd/api/v1/stores?state=0&state=1&state=2` (Up, Offline and Tombstone stores; PD leaves
 * Tombstone ones out by default). Each store: `store.id`, `address`, `state_name`, `version`, `labels` (`engine:
 * tiflash` marks TiFlash, `zone` its zone), `status.capacity` / `available` (text sizes), `leader_count`,
 * `region_count`, `start_ts`.
 */
export function pdStoreSource(opts: PdOptions): StoreSource {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5_000;
  return {
    kind: 'pd',
    async stores(cluster) {
      const url = `${pdUrlOf(opts.urlTemplate, cluster)}/pd/api/v1/stores?state=0&state=1&state=2`;
      const unavailable = (why: string) =>
        new AppError('clusterTopology.pdUnavailable', `PD of cluster ${cluster.id} ${why}`);
      const req = { timeoutMs, unavailable };
      const res = await callOut(url, { ...req, token: opts.token, fetch: doFetch });
      const text = await answerText(res, req);
      if (!res.ok) throw unavailable(answeredStatus(res, text));
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const body = pdStores.safeParse(json);
      if (!body.success) throw unavailable(`answered ${res.status} with an unexpected body (not a list of stores)`);
      return (body.data.stores ?? [])
        .map(storeOf)
        .sort((a, b) => Number(a.kind === 'tiflash') - Number(b.kind === 'tiflash') || a.store_id - b.store_id);
    },
  };
}

/** The app's store source: each cluster's PD when PD_URL_TEMPLATE is set, else the stored stores. */
export function storeSourceFor(ctx: { config: Pick<Config, 'pd'>; db: Db }): StoreSource {
  return ctx.config.pd ? pdStoreSource(ctx.config.pd) : embeddedStoreSource(ctx.db);
}
